// Listing URL state (?page=, ?sort=, ?material=): parsing and link building. Pure and client-safe, so the filter and
// sort controls build exactly the URLs the server understands.
import { MATERIALS, type Material } from './categories';
import { parsePageParam } from '../pagination';
import { listingSearch } from './listing-search';

export const SORTS = ['newest', 'price-asc', 'price-desc'] as const;
export type Sort = (typeof SORTS)[number];

/** The search page adds relevance (SKU and name matches first), its default. */
export const SEARCH_SORTS = ['relevance', ...SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
};

export interface ListingQuery {
  page: number;
  sort: Sort;
  /** Chosen materials, in MATERIALS order, without duplicates. */
  materials: Material[];
}

/** /search?q=: the listing's state plus the words searched for. */
export interface SearchQuery extends Omit<ListingQuery, 'sort'> {
  q: string;
  sort: SearchSort;
}

export type AnyListingQuery = ListingQuery | SearchQuery;

export type SearchParamsRecord = Record<string, string | string[] | undefined>;

function all(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function parseSort(value: string | string[] | undefined): Sort {
  const raw = all(value)[0];
  return (SORTS as readonly string[]).includes(raw ?? '') ? (raw as Sort) : 'newest';
}

/** Known materials only, in canonical order; `?material=gold,silver` and repeated parameters both work. */
export function parseMaterials(value: string | string[] | undefined): Material[] {
  const wanted = new Set(
    all(value)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toLowerCase()),
  );
  return MATERIALS.filter((m) => wanted.has(m));
}

/** Lenient on purpose: a listing URL with a bad parameter still shows products (unknown values fall back). */
export function parseListingQuery(params: SearchParamsRecord): ListingQuery {
  return {
    page: parsePageParam(params.page),
    sort: parseSort(params.sort),
    materials: parseMaterials(params.material),
  };
}

/** /search?q=…: lenient like the listings; the words are kept as typed (the page trims and checks them). */
export function parseSearchQuery(params: SearchParamsRecord): SearchQuery {
  const raw = all(params.sort)[0] ?? '';
  return {
    q: all(params.q)[0] ?? '',
    page: parsePageParam(params.page),
    sort: (SEARCH_SORTS as readonly string[]).includes(raw) ? (raw as SearchSort) : 'relevance',
    materials: parseMaterials(params.material),
  };
}

/**
 * The URL after a change. Changing the filter or the sort drops the page (back to page 1); page 1 is never
 * written out.
 */
export function listingHref(
  pathname: string,
  current: AnyListingQuery,
  change: Partial<Pick<SearchQuery, 'page' | 'sort' | 'materials'>>,
): string {
  const resetsPage = change.materials !== undefined || change.sort !== undefined;
  const next = {
    ...current,
    page: change.page ?? (resetsPage ? 1 : current.page),
    sort: change.sort ?? current.sort,
    materials: change.materials ? MATERIALS.filter((m) => change.materials!.includes(m)) : current.materials,
  } as AnyListingQuery;
  return pathname + listingSearch(next);
}

/** Adds or removes one material. */
export function toggleMaterial(materials: readonly Material[], material: Material, on: boolean): Material[] {
  const set = new Set(materials);
  if (on) set.add(material);
  else set.delete(material);
  return MATERIALS.filter((m) => set.has(m));
}
