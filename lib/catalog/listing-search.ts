// The URLs of listing views. No imports beyond types: the listing's browser controller builds its URLs with these,
// so nothing else comes along into the page's JavaScript.
import type { Material } from './categories';
import type { AnyListingQuery, SearchQuery } from './listing-params';

export function isSearchQuery(query: AnyListingQuery): query is SearchQuery {
  return 'q' in query;
}

/** `?q=…&material=…&sort=…&page=…`: defaults (sort, page 1) are never written out. */
export function listingSearch(query: AnyListingQuery): string {
  const params = new URLSearchParams();
  const search = isSearchQuery(query);
  if (search) params.set('q', query.q);
  for (const m of query.materials) params.append('material', m);
  if (query.sort !== (search ? 'relevance' : 'newest')) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The view after a filter or sort change: the same words, back on page 1. */
export function changedView(query: AnyListingQuery, change: { materials: Material[]; sort: AnyListingQuery['sort'] }): AnyListingQuery {
  return { ...query, ...change, page: 1 } as AnyListingQuery;
}

/** Another page of the same view (page 1 is not written out). */
export function pageHref(pathname: string, query: AnyListingQuery, page: number): string {
  return pathname + listingSearch({ ...query, page });
}
