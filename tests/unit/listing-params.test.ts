import { describe, expect, it } from 'vitest';
import {
  listingHref,
  parseListingQuery,
  parseSearchQuery,
  SEARCH_SORTS,
  parseMaterials,
  parseSort,
  SORT_LABELS,
  SORTS,
  toggleMaterial,
} from '@/lib/catalog/listing-params';

describe('parseListingQuery', () => {
  it('defaults to page 1, newest, no material', () => {
    expect(parseListingQuery({})).toEqual({ page: 1, sort: 'newest', materials: [] });
  });

  it('reads page, sort and materials', () => {
    expect(parseListingQuery({ page: '4', sort: 'price-desc', material: ['silver', 'gold'] })).toEqual({
      page: 4,
      sort: 'price-desc',
      materials: ['silver', 'gold'],
    });
  });

  it('falls back on unknown values', () => {
    expect(parseSort('cheapest')).toBe('newest');
    expect(parseMaterials(['platinum', 'GOLD', 'gold', 'rose-gold,silver'])).toEqual(['silver', 'gold', 'rose-gold']);
    expect(parseListingQuery({ page: 'x' }).page).toBe(1);
  });
  it('labels the sort options exactly', () => {
    expect(SORTS.map((s) => SORT_LABELS[s])).toEqual(['Newest', 'Price: Low to High', 'Price: High to Low']);
    expect(SORT_LABELS.relevance).toBe('Relevance');
  });
});

describe('listingHref', () => {
  const current = { page: 3, sort: 'price-asc' as const, materials: ['gold' as const] };

  it('changing a filter or the sort drops the page', () => {
    expect(listingHref('/products', current, { materials: ['silver', 'gold'] })).toBe(
      '/products?material=silver&material=gold&sort=price-asc',
    );
    expect(listingHref('/products', current, { sort: 'newest' })).toBe('/products?material=gold');
  });

  it('page 1 removes the parameter, other pages keep the filters', () => {
    expect(listingHref('/category/rings', current, { page: 1 })).toBe('/category/rings?material=gold&sort=price-asc');
    expect(listingHref('/category/rings', current, { page: 4 })).toBe(
      '/category/rings?material=gold&sort=price-asc&page=4',
    );
    expect(listingHref('/new-arrivals', { page: 1, sort: 'newest', materials: [] }, { page: 1 })).toBe('/new-arrivals');
  });

  it('toggles materials in canonical order', () => {
    expect(toggleMaterial(['gold'], 'silver', true)).toEqual(['silver', 'gold']);
    expect(toggleMaterial(['silver', 'gold'], 'silver', false)).toEqual(['gold']);
    expect(toggleMaterial(['gold'], 'gold', true)).toEqual(['gold']);
  });
});

describe('search page parameters', () => {
  it('defaults to relevance and keeps the words as typed', () => {
    expect(parseSearchQuery({ q: ' gold ' })).toEqual({ q: ' gold ', page: 1, sort: 'relevance', materials: [] });
    expect(parseSearchQuery({ q: ['ring', 'x'], page: '3', sort: 'price-desc', material: 'gold,silver' })).toEqual({
      q: 'ring',
      page: 3,
      sort: 'price-desc',
      materials: ['silver', 'gold'],
    });
    expect(parseSearchQuery({ sort: 'bogus' })).toEqual({ q: '', page: 1, sort: 'relevance', materials: [] });
    expect(SEARCH_SORTS[0]).toBe('relevance');
  });

  it('keeps q in every link; relevance is not written out, newest is', () => {
    const current = { q: 'gold ring', page: 2, sort: 'relevance' as const, materials: [] };
    expect(listingHref('/search', current, { page: 3 })).toBe('/search?q=gold+ring&page=3');
    expect(listingHref('/search', current, { sort: 'newest' })).toBe('/search?q=gold+ring&sort=newest');
    expect(listingHref('/search', current, { materials: ['gold'] })).toBe('/search?q=gold+ring&material=gold');
    expect(listingHref('/search', current, { page: 1 })).toBe('/search?q=gold+ring');
  });
});
