// Accept-Encoding as RFC 9110 (12.5.3) reads it, for the server's compressed files (precompressed-static.mjs) and
// its front cache of pages (lib/core/cache/page-front-cache.mjs): codings by q-value, `*` for any coding not named,
// identity acceptable unless refused. A request without the header is given identity only, as Next.js gives it.

/** The smallest weight a q-value can give: identity's when the header does not name it. */
const LEAST = 0.001;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The weight (0 to 1) an Accept-Encoding header gives `coding`; 0 when it is refused or not accepted. */
export function encodingWeight(header, coding) {
  let named;
  let any;
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    // A malformed q-value accepts nothing: a coding is sent only where the client clearly takes it.
    const weight = q === undefined ? 1 : QVALUE.test(q.slice(2)) ? Number(q.slice(2)) : 0;
    if (name === coding) named ??= weight;
    else if (name === '*') any ??= weight;
  }
  return named ?? any ?? (coding === 'identity' ? LEAST : 0);
}

/** The `codings` the header accepts, most wanted first; of equal weights, the one listed first in `codings`. */
export function acceptedEncodings(header, codings) {
  return codings
    .map((coding, order) => ({ coding, order, weight: encodingWeight(header, coding) }))
    .filter((c) => c.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((c) => c.coding);
}
