import { describe, expect, it } from 'vitest';
import {
  decodeListingState,
  decodeListingView,
  encodeListingState,
  isDefaultListingQuery,
  listingRewrite,
  NOT_A_PAGE,
} from '@/lib/catalog/listing-state';

const params = (s: string) => new URLSearchParams(s);

describe('listing state in the path', () => {
  it('round-trips the canonical spelling only', () => {
    const q = { page: 2, sort: 'price-asc' as const, materials: ['silver' as const, 'rose-gold' as const] };
    expect(encodeListingState(q)).toBe('2.price-asc.silver_rose-gold');
    expect(decodeListingState('2.price-asc.silver_rose-gold')).toEqual(q);
    expect(decodeListingState('1.newest.all')).toEqual({ page: 1, sort: 'newest', materials: [] });
    for (const bad of ['02.newest.all', '2.newest.gold_silver', '2.cheap.all', '0.newest.all', '2.newest.', '2.newest.gold_gold', '2.newest.platinum', 'x', '99999999.newest.all']) {
      expect(decodeListingState(bad), bad).toBeNull();
    }
  });

  it("reads a route's {state} segments: none is the default view, one must be canonical", () => {
    expect(decodeListingView([])).toEqual({ page: 1, sort: 'newest', materials: [] });
    expect(decodeListingView(['3.price-desc.gold'])).toEqual({ page: 3, sort: 'price-desc', materials: ['gold'] });
    for (const bad of [['2.newest.gold_silver'], ['%32.newest.all'], ['2.newest.all', '3.newest.all'], ['page-2']]) {
      expect(decodeListingView(bad), bad.join('/')).toBeNull();
    }
  });

  it('knows the default view', () => {
    expect(isDefaultListingQuery({ page: 1, sort: 'newest', materials: [] })).toBe(true);
    expect(isDefaultListingQuery({ page: 2, sort: 'newest', materials: [] })).toBe(false);
  });
});

describe('listingRewrite', () => {
  it('rewrites listing URLs with a non-default query to their view path', () => {
    expect(listingRewrite('/products', params('page=500'))).toBe('/products/500.newest.all');
    expect(listingRewrite('/category/rings', params('material=gold&material=silver&sort=price-desc'))).toBe(
      '/category/rings/1.price-desc.silver_gold',
    );
    expect(listingRewrite('/new-arrivals', params('page=3&material=rose-gold'))).toBe('/new-arrivals/3.newest.rose-gold');
    expect(listingRewrite('/mens-jewelry', params('sort=price-asc'))).toBe('/mens-jewelry/1.price-asc.all');
  });

  it('serves the default view (also for a bad ?page=) as it is', () => {
    expect(listingRewrite('/products', params(''))).toBeNull();
    expect(listingRewrite('/products', params('page=1'))).toBeNull();
    expect(listingRewrite('/products', params('page=abc'))).toBeNull();
    expect(listingRewrite('/products', params('page=-4&sort=weird&material=platinum'))).toBeNull();
    expect(listingRewrite('/category/body-jewelry', params('utm_source=x'))).toBeNull();
  });

  it('serves canonical view paths as they are and sends anything else below a listing to a 404', () => {
    expect(listingRewrite('/products/2.newest.all', params(''))).toBeNull();
    expect(listingRewrite('/category/rings/02.newest.all', params(''))).toBe(NOT_A_PAGE);
    expect(listingRewrite('/category/rings/2.newest.all/x', params(''))).toBe(NOT_A_PAGE);
    expect(listingRewrite('/products/anything', params('page=2'))).toBe(NOT_A_PAGE);
  });

  it('leaves other paths alone', () => {
    expect(listingRewrite('/rings/123', params('page=2'))).toBeNull();
    expect(listingRewrite('/faqs', params('page=2'))).toBeNull();
    expect(listingRewrite('/category', params('page=2'))).toBeNull();
  });
});
