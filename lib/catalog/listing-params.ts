// Listing URL state (?page=, ?sort=, ?material=): parsing, lenient as the server reads it. The links are built by
// lib/catalog/listing-search.ts, from the same query shapes.
import { MATERIALS, type Material } from './categories';
import { parsePageParam } from '../core/pagination';

/**
 * SPEC's three sorts in SPEC's words, then Featured: the Storefront screen's featured products first in their order,
 * then the rest newest first (lib/catalog/listing.ts). Newest stays the default.
 */
export const SORTS = ['newest', 'price-asc', 'price-desc', 'featured'] as const;
export type Sort = (typeof SORTS)[number];

/** The search page adds relevance (SKU and name matches first), its default; Featured is a listing order only. */
export const SEARCH_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SORT_LABELS: Record<SearchSort | Sort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  featured: 'Featured',
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

