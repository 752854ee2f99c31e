// Server actions and JSON routes are same-origin calls. A POST whose Origin names another site is refused with 403
// before Next.js runs it (Next.js itself would throw and answer 500).

/** True when `origin` (the Origin header) is this request's own origin, or absent (same-origin GETs, curl). */
export function isSameOrigin(origin: string | null, host: string | null, forwardedHost?: string | null): boolean {
  if (origin === null) return true;
  if (origin === 'null') return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const hosts = [forwardedHost, host].filter((h): h is string => Boolean(h)).map((h) => h.split(',')[0]!.trim().toLowerCase());
  return hosts.includes(originHost.toLowerCase());
}
