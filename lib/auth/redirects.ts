// Where a sign-in may send the browser next: only a path of this site. The candidate is parsed the way a browser
// will parse the Location header (WHATWG URL, which drops tabs and newlines and turns '\' into '/'), and kept only
// if it still points at this origin; it is then re-emitted from the parsed URL, so what is checked is what is sent.

const PROBE_ORIGIN = 'http://shop.invalid';
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) return fallback;
  if (UNSAFE.test(next) || !next.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // '//host' or '/\host' would be protocol-relative once sent; the parsed path never starts so, but be explicit.
  return path.startsWith('//') || path.startsWith('/\\') ? fallback : path;
}
