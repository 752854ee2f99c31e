// Turns what a shopper types into a Postgres tsquery with prefix matching, so results appear while typing.
// Pure: the text goes to to_tsquery('english', …) as a bound parameter.

export const SEARCH_MAX_LENGTH = 100;
/** At most 20 results overall. */
export const SEARCH_LIMIT = 20;
const MAX_TERMS = 8;

/**
 * Matches are counted exactly up to this many; beyond it a search says '1,000+' and its pages stop there (50 pages
 * of 20), as large shops do ('over 1,000 results'). An exact count of tens of thousands of prefix matches ('gol'
 * matches two thirds of a large catalog) reads every one of them; past 1,000 a shopper refines the search instead.
 */
export const SEARCH_COUNT_CAP = 1_000;

/** A count taken with `limit SEARCH_COUNT_CAP + 1`: the shown total, and whether there are more. */
export interface CappedCount {
  total: number;
  capped: boolean;
}

export function cappedCount(counted: number): CappedCount {
  return counted > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: counted, capped: false };
}

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
  return buildSearchTsQuery(searchTerms(input).map((term) => ({ term, alternatives: [], whole: false })));
}

/** One typed word and the known words it may be a typo of (searched as well). */
export interface TermMatch {
  term: string;
  /** Known words, each matched whole. */
  alternatives: string[];
  /**
   * The typed word is matched whole rather than as the start of a word: a known word with another typed after it,
   * which the shopper has finished ('rose gold hoop' finds 'rose' but not 'rosette'). The last word stays a prefix,
   * for results while typing. A whole word is also far cheaper for the full-text index: a prefix makes it gather
   * every row of every word it starts before intersecting.
   */
  whole: boolean;
}

/** What the vocabulary (search_words) knows of the typed words. */
export interface Vocabulary {
  /** Typed words that are known words. */
  known: ReadonlySet<string>;
  /** Known words one typo away from a typed word that starts none, ranked by similarity, best first. */
  candidates: ReadonlyMap<string, readonly string[]>;
}

/**
 * How each typed word is matched (TermMatch): every known word but the last whole, the rest as prefixes; a word that
 * starts no known word also as its close known words.
 */
export function matchTerms(terms: readonly string[], vocabulary: Vocabulary): TermMatch[] {
  return terms.map((term, i) => ({
    term,
    alternatives: closeWords(term, vocabulary.candidates.get(term) ?? []),
    whole: i < terms.length - 1 && vocabulary.known.has(term),
  }));
}

/** Every word required, each as a prefix (or whole) or one of its alternatives, whole (`('glod':* | 'gold') & 'ri':*`). */
export function buildSearchTsQuery(matches: readonly TermMatch[]): string | null {
  if (matches.length === 0) return null;
  return matches
    .map(({ term, alternatives, whole }) => {
      const typed = whole ? `'${term}'` : `'${term}':*`;
      return alternatives.length === 0 ? typed : `(${[typed, ...alternatives.map((w) => `'${w}'`)].join(' | ')})`;
    })
    .join(' & ');
}

/** Words shorter than this are not corrected: one changed letter in 'ab' could be almost anything. */
export const MIN_CORRECTED_LENGTH = 4;
/** At most this many corrections per word, the most similar first. */
export const MAX_ALTERNATIVES = 3;

/** Whether a term is spelt in letters only and long enough to be worth correcting. */
export function isCorrectable(term: string): boolean {
  return term.length >= MIN_CORRECTED_LENGTH && /^\p{L}+$/u.test(term);
}

/**
 * Whether `a` becomes `b` by at most one edit: one letter inserted, removed, replaced, or two neighbours swapped
 * (optimal string alignment distance ≤ 1).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // replaced
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The corrections of a term among candidate words (already ranked by similarity, best first): those one edit away,
 * at most MAX_ALTERNATIVES.
 */
export function closeWords(term: string, ranked: readonly string[]): string[] {
  return ranked.filter((word) => word !== term && withinOneEdit(term, word)).slice(0, MAX_ALTERNATIVES);
}

/** Exact SKU hits first, then word matches not already listed, capped at `limit`. */
export function mergeSearchHits<T extends { id: string }>(skuHits: T[], wordHits: T[], limit = SEARCH_LIMIT): T[] {
  const seen = new Set(skuHits.map((r) => r.id));
  return [...skuHits, ...wordHits.filter((r) => !seen.has(r.id))].slice(0, limit);
}
