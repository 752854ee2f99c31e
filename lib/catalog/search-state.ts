// Search URLs carry their state in the query (/search?q=gold%20ring&page=2&sort=price-asc&material=gold). As for
// listings (listing-state.ts), the middleware rewrites such a request to a path segment that holds the whole state,
// so each search is a page rendered on its first request and then served from the cache, with the catalog tag:
// an edit shows at once. The words go into the segment as base64url, so any text (slashes, dots, percent signs)
// is one plain segment. Search pages live in memory only (lib/core/cache/shared-tags-handler.mjs): unlike listing
// views, their number has no bound. Pure and edge-safe: the middleware imports it.
import { parseSearchQuery, SEARCH_SORTS, type SearchQuery, type SearchSort } from './listing-params';
import { MATERIALS } from './categories';
import { MAX_PAGE } from '../core/pagination';
import { hasForbiddenCharacters } from '../core/validation/text';
import { normalizeSearchInput, SEARCH_MAX_LENGTH } from './search-query';
import { fromBase64Url, toBase64Url } from '../core/base64url';

/**
 * Words the search cannot take, one sample of each kind: the page says what the text check (search-messages.ts)
 * says of the sample. The rule itself is the text check's, spelt here without zod for the middleware's sake.
 */
export const INVALID_SAMPLES = { 'too-long': 'x'.repeat(SEARCH_MAX_LENGTH + 1), control: 'a\u0007' } as const;
export type InvalidSearch = keyof typeof INVALID_SAMPLES;

export type SearchView =
  | { kind: 'prompt' }
  | { kind: 'results'; query: SearchQuery }
  | { kind: 'invalid'; code: InvalidSearch };

/** `{ q: 'gold ring', page: 2, sort: 'price-asc', materials: ['gold'] }` → 'Z29sZCByaW5n.2.price-asc.gold'. */
export function encodeSearchState(q: SearchQuery): string {
  return `${toBase64Url(q.q)}.${q.page}.${q.sort}.${q.materials.length ? q.materials.join('_') : 'all'}`;
}

/** The inverse of encodeSearchState for valid, normalised words, accepting only the canonical spelling. */
export function decodeSearchState(state: string): SearchQuery | null {
  const m = /^([A-Za-z0-9_-]+)\.([1-9]\d{0,6})\.([a-z-]+)\.([a-z_-]+)$/.exec(state);
  if (!m) return null;
  const words = fromBase64Url(m[1]!);
  const sort = m[3] as SearchSort;
  const page = Number(m[2]);
  if (words === null || page > MAX_PAGE || !(SEARCH_SORTS as readonly string[]).includes(sort)) return null;
  const parts = m[4] === 'all' ? [] : m[4]!.split('_');
  const query: SearchQuery = { q: words, page, sort, materials: MATERIALS.filter((x) => parts.includes(x)) };
  const checked = words ? checkWords(words) : null;
  if (!checked || 'invalid' in checked || checked.q !== words) return null;
  return encodeSearchState(query) === state ? query : null;
}

/** The words as the page searches them (trimmed, spaces folded), or why they cannot be searched, or null if blank. */
function checkWords(raw: string): { q: string } | { invalid: InvalidSearch } | null {
  if (hasForbiddenCharacters(raw)) return { invalid: 'control' };
  const trimmed = raw.normalize('NFC').trim();
  // Folding can lengthen a text ('ﬃ' is three letters): the words searched must pass the check themselves.
  const q = normalizeSearchInput(trimmed);
  if (trimmed.length > SEARCH_MAX_LENGTH || q.length > SEARCH_MAX_LENGTH) return { invalid: 'too-long' };
  return q ? { q } : null;
}

const INVALID_PREFIX = 'invalid-';

/**
 * Where a /search request is served from: /search/{state} for words to search, /search/invalid-{code} for words
 * that cannot be, null for /search itself (the prompt); a view path not spelt canonically gets `notAPage`.
 */
export function searchRewrite(pathname: string, params: URLSearchParams, notAPage: string): string | null {
  if (pathname.startsWith('/search/')) return searchViewOf([pathname.slice('/search/'.length)]) ? null : notAPage;
  if (pathname !== '/search') return null;
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) record[key] = params.getAll(key);
  const query = parseSearchQuery(record);
  const words = checkWords(query.q);
  if (!words) return null;
  if ('invalid' in words) return `/search/${INVALID_PREFIX}${words.invalid}`;
  return `/search/${encodeSearchState({ ...query, q: words.q })}`;
}

/** The view a /search/[[...view]] route shows, or null when the segment is not a canonical one. */
export function searchViewOf(view: string[] | undefined): SearchView | null {
  if (!view || view.length === 0) return { kind: 'prompt' };
  if (view.length !== 1) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(view[0]!);
  } catch {
    return null;
  }
  if (segment.startsWith(INVALID_PREFIX)) {
    const code = segment.slice(INVALID_PREFIX.length);
    return code in INVALID_SAMPLES ? { kind: 'invalid', code: code as InvalidSearch } : null;
  }
  const query = decodeSearchState(segment);
  return query ? { kind: 'results', query } : null;
}
