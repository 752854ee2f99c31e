import 'server-only';
import { LRUCache } from 'lru-cache';
import { asAnon, type Tx } from '../core/db';
import { genericFailure } from '../core/errors';
import { logError, newRequestId } from '../core/log';
import { splitWindow, type Window } from '../core/pagination';
import { PAGE_SIZE } from './categories';
import { tagRevalidatedAt } from '../core/cache/tag-clock';
import { catalogDependency, listingWhere, toListingPage, type ListingOutcome, type ListingPage } from './listing';
import type { SearchQuery } from './listing-params';
import { mergeSearchHits, normalizeSearchInput, SEARCH_COUNT_CAP, SEARCH_LIMIT, searchTerms } from './search-query';
import {
  countAndPage,
  expectsMoreThan,
  matcher,
  newestKeys,
  newestMatches,
  useIndexes,
  summariesOf,
  walkByCategory,
  walkKeys,
  type Matcher,
  type ProductKey,
} from './search-reads';
import { searchStats } from './search-stats';
import { resolveTerms } from './search-words';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './summary';
import type { ProductSummary } from './types';
import { CATALOG_TAG } from '../core/cache/tags';
import { ACTIVE_SQL } from './status';

// Search over the five product tables: every typed word must match in the SKU, name, material, stone or
// description, a known word followed by another as a whole word, the rest as the start of a word, or as one of the
// known words it is one typo away from (search_words; search-words.ts); the reads are in search-reads.ts. Answers
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

/**
 * The search overlay: SKUs equal to the input first, then the newest 20 matches (20 per category capped at 20
 * overall, by created_at), and the total, which the 'See all' page lists.
 */
export async function searchProducts(input: string): Promise<SearchResponse> {
  const text = normalizeSearchInput(input);
  const terms = searchTerms(text);
  const sku = text.toLowerCase();
  const stats = await searchStats();
  return asAnon(async (tx) => {
    // One round trip: the SKU hits (planned for the SKU itself, so before the search's settings), then the settings
    // and the words, sent in this order.
    const skuRows = tx<SummaryRow[]>`
      select ${tx.unsafe(SUMMARY_COLUMNS)} from catalog_products where lower(sku) collate "C" = ${sku} and ${tx.unsafe(ACTIVE_SQL)}
       order by created_at desc, id desc limit ${SEARCH_LIMIT}`.execute();
    if (terms.length === 0) {
      const skuHits = await skuRows;
      return { results: skuHits.map(toSummary), total: skuHits.length, capped: false };
    }
    const [skuHits, , resolved] = await Promise.all([skuRows, useIndexes(tx), resolveTerms(tx, terms)]);
    const match = matcher(tx, stats, resolved, sku, []);
    const first: Window = { offset: 0, limit: SEARCH_LIMIT };
    // Where the statistics expect more matches than the cap, the count's own page will not be used (it is null past
    // the cap): the newest matches are read beside the count, not after it.
    const beside = expectsMoreThan(match.estimates.any, SEARCH_COUNT_CAP);
    const [{ count, rows }, newest] = await Promise.all([
      countAndPage(tx, match, match.any, 'newest', first),
      beside ? newestMatches(tx, match.any, first, match.estimates.any) : null,
    ]);
    const hits = rows ?? newest ?? (await newestMatches(tx, match.any, first, match.estimates.any));
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
  const stats = await searchStats();
  const { rows, count } = await asAnon(async (tx) => {
    // The settings and the words in one round trip.
    const [, resolved] = await Promise.all([useIndexes(tx), terms.length > 0 ? resolveTerms(tx, terms) : null]);
    const match: Matcher =
      resolved
        ? matcher(tx, stats, resolved, sku, query.materials)
        : {
            any: tx`lower(sku) collate "C" = ${sku} and ${tx.unsafe(ACTIVE_SQL)}`,
            named: tx`true`,
            unnamed: tx`false`,
            estimates: {
              any: { shares: () => null, scope: tx.unsafe(ACTIVE_SQL), seek: () => null, anyOrder: null },
              named: { shares: () => null, scope: tx.unsafe(ACTIVE_SQL), seek: () => null, anyOrder: null },
              unnamed: { shares: () => null, scope: tx.unsafe(ACTIVE_SQL), seek: () => null, anyOrder: null },
            },
          };
    const filters = tx.unsafe(listingWhere({ kind: 'all' }, query.materials));
    const where = tx`${match.any} and ${filters}`;
    const exact = await countAndPage(tx, match, where, query.sort, window);
    if (exact.rows) return { rows: exact.rows, count: exact.count };
    // More matches than the cap. The pages stop at the cap too, so every page that can be asked for lies within
    // the capped counts below: a capped first tier (or priced part) holds all of them.
    const count = exact.count;
    if (window.offset >= count.total) return { rows: [] as SummaryRow[], count };
    const { estimates } = match;
    if (query.sort === 'newest') return { rows: await newestMatches(tx, where, window, estimates.any), count };
    if (query.sort === 'price-asc') return { rows: await walkByCategory(tx, where, 'price-asc', window, estimates.any), count };
    if (query.sort === 'price-desc') {
      const rows = await twoTiers(
        tx,
        window,
        (w) => walkKeys(tx, tx`${where} and price_from is not null`, 'price-desc', w, estimates.any),
        (w) => walkByCategory(tx, tx`${where} and price_from is null`, 'price-desc', w, estimates.any),
      );
      return { rows, count };
    }
    const rows = await twoTiers(
      tx,
      window,
      (w) => newestKeys(tx, tx`${match.named} and ${filters}`, w, estimates.named),
      (w) => newestMatches(tx, tx`${where} and ${match.unnamed}`, w, estimates.unnamed),
    );
    return { rows, count };
  });
  return toListingPage(rows, count.total, query.page, count.capped);
}

/**
 * A page over two tiers in a row (name matches, then the rest; priced rows, then unpriced): the first tier's keys up
 * to the page's end, read once, say both how many of it come before the page ends (which places the page) and which
 * of them are on it; the second tier fills the rest.
 */
async function twoTiers(
  tx: Tx,
  window: Window,
  firstKeys: (window: Window) => Promise<ProductKey[]>,
  secondRows: (window: Window) => Promise<SummaryRow[]>,
): Promise<SummaryRow[]> {
  const keys = await firstKeys({ offset: 0, limit: window.offset + window.limit });
  const { first, second } = splitWindow(window.offset, window.limit, keys.length);
  return [...(await summariesOf(tx, keys.slice(first.offset, first.offset + first.limit))), ...(await secondRows(second))];
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
    await catalogDependency();
    return { ok: true, page: (await pageCache.fetch(catalogKey(key), { context: asked }))! };
  } catch (err) {
    const requestId = newRequestId();
    logError('search_page_failed', err, { requestId });
    return { ok: false, message: genericFailure(requestId) };
  }
}
