// Listing URLs carry their state in the query (?page=, ?sort=, ?material=). The middleware rewrites a listing request
// with a query to a path segment (/products?page=2&material=gold → /products/2.newest.gold), so every listing view
// is a page rendered on its first request and then served from the cache (ISR), never at build time. The routes are
// optional catch-alls (/products/[[...view]]) because Next.js only serves a rewritten request from the cache when
// its original path matches the route too. Pure and edge-safe: the middleware imports it.
import { MATERIALS } from './categories';
import { parseListingQuery, SORTS, type ListingQuery, type SearchParamsRecord } from './listing-params';
import { MAX_PAGE } from '../core/pagination';

export const DEFAULT_LISTING_QUERY: ListingQuery = { page: 1, sort: 'newest', materials: [] };

/** Public listing paths: /products, /new-arrivals, /mens-jewelry and /category/{slug}. */
const LISTING_PATH = /^\/(?:products|new-arrivals|mens-jewelry|category\/[^/]+)$/;

export function isDefaultListingQuery(q: ListingQuery): boolean {
  return q.page === 1 && q.sort === 'newest' && q.materials.length === 0;
}

/** `{ page: 2, sort: 'price-asc', materials: ['silver', 'gold'] }` → '2.price-asc.silver_gold'. */
export function encodeListingState(q: ListingQuery): string {
  return `${q.page}.${q.sort}.${q.materials.length ? q.materials.join('_') : 'all'}`;
}

/** The inverse of encodeListingState, accepting only the canonical spelling (one cache entry per view). */
export function decodeListingState(state: string): ListingQuery | null {
  const m = /^([1-9]\d{0,6})\.([a-z-]+)\.([a-z_-]+)$/.exec(state);
  if (!m) return null;
  const page = Number(m[1]);
  const sort = m[2] as ListingQuery['sort'];
  if (page > MAX_PAGE || !(SORTS as readonly string[]).includes(sort)) return null;
  const parts = m[3] === 'all' ? [] : m[3]!.split('_');
  const materials = MATERIALS.filter((x) => parts.includes(x));
  const q: ListingQuery = { page, sort, materials };
  return encodeListingState(q) === state ? q : null;
}

/** A listing route's {state} segments: none is the default view, one is read in its canonical spelling only. */
export function decodeListingView(segments: readonly string[]): ListingQuery | null {
  if (segments.length === 0) return DEFAULT_LISTING_QUERY;
  return segments.length === 1 ? decodeListingState(segments[0]!) : null;
}

function toRecord(params: URLSearchParams): SearchParamsRecord {
  const record: SearchParamsRecord = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length > 1 ? values : values[0];
  }
  return record;
}

/** A path no route serves: non-canonical view paths end there (404), so each view has one cache entry. */
export const NOT_A_PAGE = '/not-a-page/404';
const VIEW_PATH = /^\/(?:products|new-arrivals|mens-jewelry|category\/[^/]+)\/(.+)$/;

/**
 * Where a listing request is served from: its view path when it has a non-default query (a bad ?page= counts as
 * page 1), NOT_A_PAGE for a view path not spelt canonically, or null to serve the request as it is.
 */
export function listingRewrite(pathname: string, params: URLSearchParams): string | null {
  const view = VIEW_PATH.exec(pathname);
  if (view) return decodeListingState(view[1]!) ? null : NOT_A_PAGE;
  if (!LISTING_PATH.test(pathname)) return null;
  if (!params.has('page') && !params.has('sort') && !params.has('material')) return null;
  const query = parseListingQuery(toRecord(params));
  return isDefaultListingQuery(query) ? null : `${pathname}/${encodeListingState(query)}`;
}
