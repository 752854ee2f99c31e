import 'server-only';
import { LRUCache } from 'lru-cache';
import { asAnon, type Tx } from '../db';
import { genericFailure } from '../http/errors';
import { logError, newRequestId } from '../http/log';
import { splitWindow } from '../pagination';
import { PAGE_SIZE } from './categories';
import { tagRevalidatedAt } from '../cache/tag-clock';
import { CATALOG_TAG, listingWhere, pageRows, toListingPage, type Fragment, type ListingOutcome, type ListingPage } from './listing';
import type { SearchQuery } from './listing-params';
import {
  buildSearchTsQuery,
  closeWords,
  isCorrectable,
  mergeSearchHits,
  normalizeSearchInput,
  SEARCH_LIMIT,
  searchTerms,
  type TermMatch,
} from './search-query';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './summary';
import type { ProductSummary } from './types';

// Search over the cross-category view: every typed word must match, as the start of a word in the SKU, name,
// material, stone or description, or as one of the known words it is one typo away from (search_words). Answers
// are kept in a small in-memory cache per server (a bounded LRU with a one-minute life that a catalog revalidation
// ends), never in Next's data cache, where an entry per distinct input grew without bound.

export interface SearchResponse {
  results: ProductSummary[];
  /** Every matching product across the five tables (the list itself is capped at SEARCH_LIMIT). */
  total: number;
}

export { SEARCH_LIMIT };

/** The typed words with their typo corrections: only words that start no known word are corrected. */
export async function resolveTerms(tx: Tx, terms: readonly string[]): Promise<TermMatch[]> {
  const correctable = terms.filter(isCorrectable);
  const candidates = new Map<string, string[]>();
  if (correctable.length > 0) {
    const rows = await tx<{ term: string; word: string }[]>`
      select t.term, w.word
        from unnest(${correctable}::text[]) as t(term)
        join public.search_words w on length(w.word) between length(t.term) - 1 and length(t.term) + 1
       where not exists (select 1 from public.search_words k where starts_with(k.word, t.term))
       order by t.term, extensions.similarity(w.word, t.term) desc, w.word`;
    for (const { term, word } of rows) candidates.set(term, [...(candidates.get(term) ?? []), word]);
  }
  return terms.map((term) => ({ term, alternatives: closeWords(term, candidates.get(term) ?? []) }));
}

interface Matcher {
  /** Matches anywhere (or the exact SKU). */
  any: Fragment;
  /** Matches in the SKU or the name: these rank first (name_vector has an index of its own). */
  named: Fragment;
  /** The rest of the matches. */
  unnamed: Fragment;
}

function matcher(tx: Tx, matches: TermMatch[], sku: string): Matcher {
  const query = buildSearchTsQuery(matches)!;
  const named = tx`(name_vector @@ to_tsquery('english', ${query}) or lower(sku) = ${sku})`;
  return {
    any: tx`(search_vector @@ to_tsquery('english', ${query}) or lower(sku) = ${sku})`,
    named,
    unnamed: tx`not coalesce(${named}, false)`,
  };
}

/** A relevance tier this small is read whole from the full-text index; a larger one by walking the newest rows. */
const SMALL_TIER = 2000;

/** How many of the newest products the first search pass looks at before falling back to the full-text index. */
const SEARCH_PROBE_ROWS = 2000;

/**
 * The search overlay: SKUs equal to the input first, then the newest 20 matches (SPEC: 20 per category capped at 20
 * overall, by created_at), and the total, which the 'See all' page lists in full.
 *
 * Postgres cannot estimate prefix matches well, so the plan is fixed by hand: common words are found among the
 * newest products by walking the created_at indexes (if 20 match there, they are the newest 20 overall); rarer
 * words then read all their matches from the GIN index, which is cheap precisely because they are rare.
 */
export async function searchProducts(input: string): Promise<SearchResponse> {
  const text = normalizeSearchInput(input);
  const terms = searchTerms(text);
  const sku = text.toLowerCase();
  const cols = SUMMARY_COLUMNS;
  return asAnon(async (tx) => {
    if (terms.length === 0) {
      const rows = await tx<SummaryRow[]>`
        select ${tx.unsafe(cols)} from catalog_products where lower(sku) = ${sku}
         order by created_at desc, id desc limit ${SEARCH_LIMIT}`;
      return { results: rows.map(toSummary), total: rows.length };
    }
    const match = matcher(tx, await resolveTerms(tx, terms), sku);
    const [countRow] = await tx<{ total: number }[]>`select count(*)::int as total from catalog_products where ${match.any}`;
    const skuHits = await tx<SummaryRow[]>`
      select ${tx.unsafe(cols)} from catalog_products where lower(sku) = ${sku}
       order by created_at desc, id desc limit ${SEARCH_LIMIT}`;
    let hits = await tx<SummaryRow[]>`
      select ${tx.unsafe(cols)} from (
        select ${tx.unsafe(cols)}, search_vector from catalog_products
         order by created_at desc, id desc limit ${SEARCH_PROBE_ROWS}
      ) newest where ${match.any}
      order by created_at desc, id desc limit ${SEARCH_LIMIT}`;
    if (hits.length < SEARCH_LIMIT) {
      hits = await tx<SummaryRow[]>`
        with matches as materialized (select ${tx.unsafe(cols)} from catalog_products where ${match.any})
        select * from matches order by created_at desc, id desc limit ${SEARCH_LIMIT}`;
    }
    return { results: mergeSearchHits(skuHits, hits).map(toSummary), total: countRow?.total ?? 0 };
  });
}


/**
 * One page of the /search results: 20 a page, filtered by material, sorted by relevance (SKU and name matches
 * first, newest first within each) or as the listings sort.
 */
export async function searchListing(query: SearchQuery): Promise<ListingPage> {
  const text = normalizeSearchInput(query.q);
  const terms = searchTerms(text);
  if (terms.length === 0 && !text) return toListingPage([], 0, query.page);
  const sku = text.toLowerCase();
  const offset = (query.page - 1) * PAGE_SIZE;
  const { rows, total } = await asAnon(async (tx) => {
    const match: Matcher =
      terms.length > 0
        ? matcher(tx, await resolveTerms(tx, terms), sku)
        : { any: tx`lower(sku) = ${sku}`, named: tx`true`, unnamed: tx`false` };
    const filters = tx.unsafe(listingWhere({ kind: 'all' }, query.materials));
    const where = tx`${match.any} and ${filters}`;
    const [counts] = await tx<{ total: number; named: number; priced: number }[]>`
      select count(*)::int as total, count(*) filter (where ${match.named})::int as named, count(price_from)::int as priced
        from catalog_products where ${where}`;
    const { total = 0, named = 0, priced = 0 } = counts ?? {};
    if (offset >= total) return { rows: [] as SummaryRow[], total };
    if (query.sort !== 'relevance') return { rows: await pageRows(tx, where, query.sort, offset, PAGE_SIZE, priced), total };
    const { first, second } = splitWindow(offset, PAGE_SIZE, named);
    const cols = SUMMARY_COLUMNS;
    // A SKU or name match is always a match too, so the first tier reads the small name index alone.
    const tier = (condition: Fragment, size: number, window: { offset: number; limit: number }) =>
      window.limit === 0
        ? Promise.resolve([] as SummaryRow[])
        : size <= SMALL_TIER
          ? // Few matches: read them all through the full-text index, then take the page.
            tx<SummaryRow[]>`
              with m as materialized (select ${tx.unsafe(cols)} from catalog_products where ${condition})
              select * from m order by created_at desc, id desc limit ${window.limit} offset ${window.offset}`
          : // Many matches: walk the newest products, which find a page of them soon.
            tx<SummaryRow[]>`
              select ${tx.unsafe(cols)} from catalog_products where ${condition}
               order by created_at desc, id desc limit ${window.limit} offset ${window.offset}`;
    const rows = [
      ...(await tier(tx`${match.named} and ${filters}`, named, first)),
      ...(await tier(tx`${where} and ${match.unnamed}`, total - named, second)),
    ];
    return { rows, total };
  });
  return toListingPage(rows, total, query.page);
}

/** The cache of answers: common words, the costliest to count, are also the most repeated. */
const CACHE_ENTRIES = 500;
const CACHE_MS = 60_000;

// Keys start with the catalog's last revalidation on this server, so an admin's edit (here or on another server)
// is in the next answer, as on the cached listing pages; older entries are no longer asked for and age out.
const catalogKey = (key: string) => `${tagRevalidatedAt(CATALOG_TAG)}:${key}`;

const pageCache = new LRUCache<string, ListingPage, SearchQuery>({
  max: CACHE_ENTRIES,
  ttl: CACHE_MS,
  fetchMethod: (_key, _stale, { context }) => searchListing(context),
});

const overlayCache = new LRUCache<string, SearchResponse, string>({
  max: CACHE_ENTRIES,
  ttl: CACHE_MS,
  fetchMethod: (_key, _stale, { context }) => searchProducts(context),
});

/** searchProducts through the cache (concurrent identical searches share one query): the overlay's route. */
export async function getSearchResults(input: string): Promise<SearchResponse> {
  const normalized = normalizeSearchInput(input);
  return (await overlayCache.fetch(catalogKey(normalized), { context: normalized }))!;
}

/**
 * The search page's results, or a message for the page's error state. The database's own text goes to the log
 * only, under the reference the shopper sees.
 */
export async function getSearchOutcome(query: SearchQuery): Promise<ListingOutcome> {
  const asked = { ...query, q: normalizeSearchInput(query.q) };
  const key = JSON.stringify({ q: asked.q, page: asked.page, sort: asked.sort, materials: asked.materials });
  try {
    return { ok: true, page: (await pageCache.fetch(catalogKey(key), { context: asked }))! };
  } catch (err) {
    const requestId = newRequestId();
    logError('search_page_failed', err, { requestId });
    return { ok: false, message: genericFailure(requestId) };
  }
}
