import { describe, expect, it } from 'vitest';
import { featuredRows, FEATURED_MAX, hasDuplicates, STOREFRONT_TEXT } from '@/lib/admin/storefront/rules';
import { storefrontSchema } from '@/lib/admin/storefront/schema';
import { EMPTY_STOREFRONT, HOME_DEFAULTS, homeView, isInternalPath } from '@/lib/catalog/home-rules';
import { decodeListingState, listingRewrite } from '@/lib/catalog/listing-state';
import type { ProductSummary } from '@/lib/catalog/types';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const valid = {
  heroImageUrl: null,
  heroAlt: '',
  heroHeading: '  Autumn  ',
  heroLink: '/category/rings',
  heroLinkLabel: '',
  tileImages: {},
  featured: [{ category: 'rings', id: id(1) }],
};
const firstError = (over: Record<string, unknown>) => {
  const r = storefrontSchema.safeParse({ ...valid, ...over });
  return r.success ? null : r.error.issues[0]!.message;
};

describe('the hero link', () => {
  it.each(['/', '/products', '/category/body-jewelry', '/search?q=gold%20ring', '/new-arrivals#top'])('accepts the shop path %s', (path) => {
    expect(isInternalPath(path)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'https://evil.test', '//evil.test', '/\\evil.test', ' /products', '/a b', '/a\nb', 'products', '/' + 'a'.repeat(300)])(
    'refuses %j',
    (path) => expect(isInternalPath(path)).toBe(false),
  );
});

describe('the storefront schema', () => {
  it('trims text and turns empty images into none', () => {
    const parsed = storefrontSchema.parse({ ...valid, heroImageUrl: '', tileImages: { rings: '' } });
    expect(parsed.heroHeading).toBe('Autumn');
    expect(parsed.heroImageUrl).toBeNull();
    expect(parsed.tileImages.rings).toBeNull();
  });
  it('refuses 13 products, twice the same, unknown categories, bad links and non-URLs', () => {
    expect(firstError({ featured: Array.from({ length: FEATURED_MAX + 1 }, (_, i) => ({ category: 'rings', id: id(i) })) })).toBe(STOREFRONT_TEXT.tooMany);
    expect(firstError({ featured: [{ category: 'rings', id: id(1) }, { category: 'rings', id: id(1).toUpperCase() }] })).toBe(STOREFRONT_TEXT.duplicate);
    expect(firstError({ featured: [{ category: 'watches', id: id(1) }] })).toBe('Unknown category');
    expect(firstError({ heroLink: 'javascript:alert(1)' })).toBe(STOREFRONT_TEXT.badLink);
    expect(firstError({ heroImageUrl: 'data:image/png;base64,AAAA' })).toBe(STOREFRONT_TEXT.notInBucket);
    expect(firstError({ heroHeading: 'a\u0000b' })).toMatch(/control characters/);
    expect(firstError({})).toBeNull();
  });
  it('numbers the featured list from 1 in the order given', () => {
    expect(featuredRows([{ category: 'rings', id: id(2).toUpperCase() }, { category: 'earrings', id: id(1) }])).toEqual([
      { position: 1, category: 'rings', id: id(2) },
      { position: 2, category: 'earrings', id: id(1) },
    ]);
    expect(hasDuplicates([{ category: 'rings', id: id(1) }, { category: 'earrings', id: id(1) }])).toBe(false);
  });
});

describe('the home view', () => {
  const covers = { rings: 'r.png', necklaces: 'n.png', earrings: 'e.png', mens: 'm.png' };
  it("is today's home page when nothing is chosen", () => {
    expect(homeView(EMPTY_STOREFRONT, covers)).toEqual({
      hero: { imageUrl: 'n.png', alt: HOME_DEFAULTS.heroAlt, heading: HOME_DEFAULTS.heroHeading, link: '/products', linkLabel: 'Shop the Collection', sideImageUrl: 'r.png' },
      tiles: covers,
      featured: [],
    });
    expect(homeView(EMPTY_STOREFRONT, {}).hero.imageUrl).toBeNull();
  });
  it('uses what staff chose, describing a chosen image by its heading when no description is given', () => {
    const featured = [{ id: id(1) } as ProductSummary];
    const view = homeView({ ...EMPTY_STOREFRONT, heroImageUrl: 'hero.png', heroHeading: 'Autumn', heroLink: '/new-arrivals', tileImages: { rings: 'tile.png' }, featured }, covers);
    expect(view.hero).toMatchObject({ imageUrl: 'hero.png', alt: 'Autumn', heading: 'Autumn', link: '/new-arrivals' });
    expect(view.tiles).toEqual({ ...covers, rings: 'tile.png' });
    expect(view.featured).toBe(featured);
  });
  it('never links off the shop, even from a stored value', () => {
    expect(homeView({ ...EMPTY_STOREFRONT, heroLink: 'https://evil.test' }, covers).hero.link).toBe('/products');
  });
});

describe('the Featured sort in listing URLs', () => {
  it('has its own cached view path', () => {
    expect(listingRewrite('/category/rings', new URLSearchParams('sort=featured'))).toBe('/category/rings/1.featured.all');
    expect(decodeListingState('2.featured.gold')).toEqual({ page: 2, sort: 'featured', materials: ['gold'] });
  });
});
