import 'server-only';
import { LRUCache } from 'lru-cache';
import { unstable_cache } from 'next/cache';
import { asAnon, type Tx } from '../core/db';
import { genericFailure } from '../core/errors';
import { logError, newRequestId } from '../core/log';
import { splitWindow, type Window } from '../core/pagination';
import { CATEGORIES, PAGE_SIZE } from './categories';
import { tagRevalidatedAt } from '../core/cache/tag-clock';
import { listingWhere, toListingPage, type Fragment, type ListingOutcome, type ListingPage } from './listing';
import type { SearchQuery } from './listing-params';
import {
  buildSearchTsQuery,
  cappedCount,
  closeWords,
  isCorrectable,
  mergeSearchHits,
  normalizeSearchInput,
  SEARCH_COUNT_CAP,
  SEARCH_LIMIT,
  searchTerms,
  type CappedCount,
  type TermMatch,
} from './search-query';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './summary';
import type { ProductSummary } from './types';
import { CATALOG_TAG } from '../core/cache/tags';
import { ACTIVE_SQL } from './status';

// Search over the cross-category view: every typed word must match, as the start of a word in the SKU, name,
// material, stone or description, or as one of the known words it is one typo away from (search_words). Answers
// are kept in a small in-memory cache per server (a bounded LRU with a one-minute life that a catalog revalidation
// ends), never in Next's data cache, where an entry per distinct input grew without bound.

export interface SearchResponse {
  results: ProductSummary[];
  /** Matching products across the five tables, exact up to SEARCH_COUNT_CAP (the list is capped at SEARCH_LIMIT). */
  total: number;
  /** More than SEARCH_COUNT_CAP products match ('1,000+'). */
  capped: boolean;
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

/** Matches among active products only: the shop never finds a draft or archived product. */
function matcher(tx: Tx, matches: TermMatch[], sku: string): Matcher {
  const query = buildSearchTsQuery(matches)!;
  const active = tx.unsafe(ACTIVE_SQL);
  const named = tx`(name_vector @@ to_tsquery('english', ${query}) or lower(sku) collate "C" = ${sku})`;
  return {
    any: tx`${active} and (search_vector @@ to_tsquery('english', ${query}) or lower(sku) collate "C" = ${sku})`,
    named,
    unnamed: tx`not coalesce(${named}, false)`,
  };
}

/**
 * Search plans are fixed by hand (Postgres cannot estimate prefix matches): matches are found through the full-text
 * and SKU indexes or by walking the created_at indexes, never by reading whole tables, whose every row would cost
 * a tsvector test. Set for the search's own transaction only.
 */
async function useIndexes(tx: Tx): Promise<void> {
  await tx`select set_config('enable_seqscan', 'off', true)`;
}

/**
 * How many products meet `condition`, counted up to SEARCH_COUNT_CAP + 1: a common prefix ('gol' matches two
 * thirds of the catalog) stops after the cap instead of reading every match.
 */
async function countUpToCap(tx: Tx, condition: Fragment): Promise<CappedCount> {
  const [row] = await tx<{ n: number }[]>`
    select count(*)::int as n from (select 1 from catalog_products where ${condition} limit ${SEARCH_COUNT_CAP + 1}) m`;
  return cappedCount(row?.n ?? 0);
}

/** The orders of a search's results; relevance puts SKU and name matches first. */
const ORDERS: Record<SearchQuery['sort'], string> = {
  relevance: 'named desc, created_at desc, id desc',
  newest: 'created_at desc, id desc',
  'price-asc': 'price_from asc nulls last, id asc',
  'price-desc': 'price_from desc nulls last, id desc',
};

/**
 * One pass over the matches through the indexes, stopping after SEARCH_COUNT_CAP + 1: their count and, when that
 * count is exact, the rows of `window` in `order`, ranked among all of them. Null rows when there are more
 * matches than the cap: the caller walks an index instead (so many matches are found among the first rows of any
 * order).
 */
async function countAndPage(
  tx: Tx,
  match: Matcher,
  where: Fragment,
  sort: SearchQuery['sort'],
  window: Window,
): Promise<{ count: CappedCount; rows: SummaryRow[] | null }> {
  const [row] = await tx<{ n: number; keys: [string, string][] }[]>`
    with m as materialized (
      select id, category, created_at, price_from, ${sort === 'relevance' ? tx`coalesce(${match.named}, false)` : tx`false`} as named
        from catalog_products where ${where} limit ${SEARCH_COUNT_CAP + 1})
    select (select count(*)::int from m) as n,
           (select coalesce(json_agg(json_build_array(k.id, k.category)), '[]'::json)
              from (select id, category from m order by ${tx.unsafe(ORDERS[sort])}
                     limit ${window.limit} offset ${window.offset}) k) as keys`;
  const count = cappedCount(row?.n ?? 0);
  if (count.capped) return { count, rows: null };
  const keys = row?.keys ?? [];
  if (keys.length === 0) return { count, rows: [] };
  const rows = await tx<SummaryRow[]>`
    select ${tx.unsafe(SUMMARY_COLUMNS.split(', ').map((c) => `c.${c}`).join(', '))}
      from unnest(${keys.map((k) => k[0])}::uuid[], ${keys.map((k) => k[1])}::text[]) with ordinality as k(id, category, n)
      join catalog_products c on c.id = k.id and c.category = k.category
     order by k.n`;
  return { count, rows };
}

/** How many of the newest products a walk looks at before it reads the indexes category by category. */
const SEARCH_PROBE_ROWS = 2000;

type WalkOrder = 'newest' | 'price-asc' | 'price-desc';

/** Index orders of the walks ("highest first, unpriced last" is not an index order: priced and unpriced rows are walked apart). */
const WALK_ORDERS: Record<WalkOrder, string> = {
  newest: 'created_at desc, id desc',
  'price-asc': 'price_from asc nulls last, id asc',
  'price-desc': 'price_from desc, id desc',
};

/**
 * A window of the matches of `condition` in an index order, for when they are many. Each category is asked on its
 * own, with its own limit, so Postgres plans each from that table's statistics: a table where the words are common
 * is walked in index order and stops early, one where they are rare is read through the full-text index. (Over the
 * whole view, one plan walks every table, reading all of a table that holds no match.)
 */
async function walkByCategory(tx: Tx, condition: Fragment, order: WalkOrder, window: Window): Promise<SummaryRow[]> {
  if (window.limit === 0) return [];
  const cols = tx.unsafe(SUMMARY_COLUMNS);
  const by = tx.unsafe(WALK_ORDERS[order]);
  const perCategory = window.offset + window.limit;
  const parts = CATEGORIES.map(
    (category) => tx`(select ${cols} from catalog_products where category = ${tx.unsafe(`'${category}'`)} and ${condition}
                       order by ${by} limit ${perCategory})`,
  );
  const union = parts.reduce((all, part) => tx`${all} union all ${part}`);
  return tx<SummaryRow[]>`select * from (${union}) m order by ${by} limit ${window.limit} offset ${window.offset}`;
}

/**
 * A window of the matches of `condition`, newest first, when they are many: the newest products are looked at
 * first (when enough of them match, these are the newest matches overall), then each category's index.
 */
async function newestMatches(tx: Tx, condition: Fragment, window: Window): Promise<SummaryRow[]> {
  if (window.limit === 0) return [];
  const probed = await tx<SummaryRow[]>`
    select ${tx.unsafe(SUMMARY_COLUMNS)}
      from (select * from catalog_products where ${tx.unsafe(ACTIVE_SQL)}
             order by created_at desc, id desc limit ${SEARCH_PROBE_ROWS}) newest
     where ${condition} order by created_at desc, id desc limit ${window.limit} offset ${window.offset}`;
  return probed.length === window.limit ? probed : walkByCategory(tx, condition, 'newest', window);
}

/**
 * The search overlay: SKUs equal to the input first, then the newest 20 matches (20 per category capped at 20
 * overall, by created_at), and the total, which the 'See all' page lists.
 */
export async function searchProducts(input: string): Promise<SearchResponse> {
  const text = normalizeSearchInput(input);
  const terms = searchTerms(text);
  const sku = text.toLowerCase();
  return asAnon(async (tx) => {
    const skuHits = await tx<SummaryRow[]>`
      select ${tx.unsafe(SUMMARY_COLUMNS)} from catalog_products where lower(sku) collate "C" = ${sku} and ${tx.unsafe(ACTIVE_SQL)}
       order by created_at desc, id desc limit ${SEARCH_LIMIT}`;
    if (terms.length === 0) return { results: skuHits.map(toSummary), total: skuHits.length, capped: false };
    await useIndexes(tx);
    const match = matcher(tx, await resolveTerms(tx, terms), sku);
    const first: Window = { offset: 0, limit: SEARCH_LIMIT };
    const { count, rows } = await countAndPage(tx, match, match.any, 'newest', first);
    const hits = rows ?? (await newestMatches(tx, match.any, first));
    return { results: mergeSearchHits(skuHits, hits).map(toSummary), ...count };
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
  const window: Window = { offset: (query.page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const { rows, count } = await asAnon(async (tx) => {
    await useIndexes(tx);
    const match: Matcher =
      terms.length > 0
        ? matcher(tx, await resolveTerms(tx, terms), sku)
        : { any: tx`lower(sku) collate "C" = ${sku} and ${tx.unsafe(ACTIVE_SQL)}`, named: tx`true`, unnamed: tx`false` };
    const filters = tx.unsafe(listingWhere({ kind: 'all' }, query.materials));
    const where = tx`${match.any} and ${filters}`;
    const exact = await countAndPage(tx, match, where, query.sort, window);
    if (exact.rows) return { rows: exact.rows, count: exact.count };
    // More matches than the cap. The pages stop at the cap too, so every page that can be asked for lies within
    // the capped counts below: a capped first tier (or priced part) holds all of them.
    const count = exact.count;
    if (window.offset >= count.total) return { rows: [] as SummaryRow[], count };
    if (query.sort === 'newest') return { rows: await newestMatches(tx, where, window), count };
    if (query.sort === 'price-asc') return { rows: await walkByCategory(tx, where, 'price-asc', window), count };
    if (query.sort === 'price-desc') {
      const priced = (await countUpToCap(tx, tx`${where} and price_from is not null`)).total;
      const { first, second } = splitWindow(window.offset, window.limit, priced);
      const rows = [
        ...(await walkByCategory(tx, tx`${where} and price_from is not null`, 'price-desc', first)),
        ...(await walkByCategory(tx, tx`${where} and price_from is null`, 'price-desc', second)),
      ];
      return { rows, count };
    }
    const named = (await countUpToCap(tx, tx`${match.named} and ${filters}`)).total;
    const { first, second } = splitWindow(window.offset, window.limit, named);
    const rows = [
      ...(await newestMatches(tx, tx`${match.named} and ${filters}`, first)),
      ...(await newestMatches(tx, tx`${where} and ${match.unnamed}`, second)),
    ];
    return { rows, count };
  });
  return toListingPage(rows, count.total, query.page, count.capped);
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
 * Nothing but the catalog tag: Next gives a cached page the tags of the cached data it read, so the search page,
 * whose answers come from the cache above, reads this to be revalidated with the catalog (one entry in all).
 */
const catalogDependency = unstable_cache(async () => true, ['catalog-dependency-v1'], { tags: [CATALOG_TAG] });

/**
 * The search page's results, or a message for the page's error state. The database's own text goes to the log
 * only, under the reference the shopper sees.
 */
export async function getSearchOutcome(query: SearchQuery): Promise<ListingOutcome> {
  const asked = { ...query, q: normalizeSearchInput(query.q) };
  const key = JSON.stringify({ q: asked.q, page: asked.page, sort: asked.sort, materials: asked.materials });
  try {
    await catalogDependency();
    return { ok: true, page: (await pageCache.fetch(catalogKey(key), { context: asked }))! };
  } catch (err) {
    const requestId = newRequestId();
    logError('search_page_failed', err, { requestId });
    return { ok: false, message: genericFailure(requestId) };
  }
}
