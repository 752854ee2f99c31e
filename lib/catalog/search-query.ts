// Turns what a shopper types into a Postgres tsquery with prefix matching, so results appear while typing.
// Pure: the text goes to to_tsquery('english', …) as a bound parameter.

export const SEARCH_MAX_LENGTH = 100;
/** SPEC §9: at most 20 results overall. */
export const SEARCH_LIMIT = 20;
const MAX_TERMS = 8;

/** Trimmed, whitespace-collapsed input; '' when blank. */
export function normalizeSearchInput(input: string): string {
  return input.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * Words reduced to letters, digits and inner hyphens (SKUs such as RNG-0001 keep their shape), lower-cased and
 * de-duplicated. Everything else, including tsquery operators and quotes, is dropped.
 */
export function searchTerms(input: string): string[] {
  const terms: string[] = [];
  for (const word of normalizeSearchInput(input).toLowerCase().split(' ')) {
    const cleaned = word
      .replace(/[^\p{L}\p{N}-]+/gu, '')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '');
    if (cleaned && !terms.includes(cleaned)) terms.push(cleaned);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** `gold ri` → `'gold':* & 'ri':*`, every word a prefix and all of them required; null when nothing is left. */
export function buildPrefixTsQuery(input: string): string | null {
  const terms = searchTerms(input);
  if (terms.length === 0) return null;
  return terms.map((t) => `'${t}':*`).join(' & ');
}

/** Exact SKU hits first, then word matches not already listed, capped at `limit`. */
export function mergeSearchHits<T extends { id: string }>(skuHits: T[], wordHits: T[], limit = SEARCH_LIMIT): T[] {
  const seen = new Set(skuHits.map((r) => r.id));
  return [...skuHits, ...wordHits.filter((r) => !seen.has(r.id))].slice(0, limit);
}
