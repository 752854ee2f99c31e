import { describe, expect, it } from 'vitest';
import {
  parseListingQuery,
  parseSearchQuery,
  SEARCH_SORTS,
  parseMaterials,
  parseSort,
  SORT_LABELS,
  SORTS,
} from '@/lib/catalog/listing-params';
import { changedView, listingSearch, pageHref } from '@/lib/catalog/listing-search';

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
    // SPEC's three options in its words, then Featured; Newest stays the default.
    expect(SORTS.map((s) => SORT_LABELS[s])).toEqual(['Newest', 'Price: Low to High', 'Price: High to Low', 'Featured']);
    expect(SORT_LABELS.relevance).toBe('Relevance');
    expect(parseSort(undefined)).toBe('newest');
  });
  it('reads ?sort=featured on listings; search has no Featured order', () => {
    expect(parseListingQuery({ sort: 'featured' }).sort).toBe('featured');
    expect(SEARCH_SORTS).not.toContain('featured');
    expect(parseSearchQuery({ q: 'ring', sort: 'featured' }).sort).toBe('relevance');
  });
});

describe('listing URLs', () => {
  const current = { page: 3, sort: 'price-asc' as const, materials: ['gold' as const] };

  it('changing a filter or the sort drops the page', () => {
    expect(listingSearch(changedView(current, { materials: ['silver', 'gold'], sort: 'price-asc' }))).toBe(
      '?material=silver&material=gold&sort=price-asc',
    );
    expect(listingSearch(changedView(current, { materials: ['gold'], sort: 'newest' }))).toBe('?material=gold');
  });

  it('page 1 removes the parameter, other pages keep the filters', () => {
    expect(pageHref('/category/rings', current, 1)).toBe('/category/rings?material=gold&sort=price-asc');
    expect(pageHref('/category/rings', current, 4)).toBe('/category/rings?material=gold&sort=price-asc&page=4');
    expect(pageHref('/new-arrivals', { page: 1, sort: 'newest', materials: [] }, 1)).toBe('/new-arrivals');
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
    expect(pageHref('/search', current, 3)).toBe('/search?q=gold+ring&page=3');
    expect(listingSearch(changedView(current, { materials: [], sort: 'newest' }))).toBe('?q=gold+ring&sort=newest');
    expect(listingSearch(changedView(current, { materials: ['gold'], sort: 'relevance' }))).toBe('?q=gold+ring&material=gold');
    expect(pageHref('/search', current, 1)).toBe('/search?q=gold+ring');
  });
});
