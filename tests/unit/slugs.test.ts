import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  categoryListingPath,
  categorySubtitle,
  categoryTitle,
  InvalidCategoryError,
  LISTING_SLUGS,
  resolveCategorySlug,
} from '@/lib/catalog/slugs';

describe('resolveCategorySlug', () => {
  it('maps plain slugs to their table, hyphens to underscores', () => {
    expect(resolveCategorySlug('rings').clauses).toEqual([{ category: 'rings' }]);
    expect(resolveCategorySlug('earrings').clauses).toEqual([{ category: 'earrings' }]);
    expect(resolveCategorySlug('body-jewelry').clauses).toEqual([{ category: 'body_jewelry' }]);
  });

  it('adds necklaces flagged is_bracelet to bracelets', () => {
    expect(resolveCategorySlug('bracelets').clauses).toEqual([
      { category: 'bracelets' },
      { category: 'necklaces', flag: 'is_bracelet' },
    ]);
  });

  it('adds bracelets flagged is_necklace to necklaces', () => {
    expect(resolveCategorySlug('necklaces').clauses).toEqual([
      { category: 'necklaces' },
      { category: 'bracelets', flag: 'is_necklace' },
    ]);
  });

  it('maps chains to Chain necklaces plus bracelets flagged is_necklace, pendants to Pendant necklaces', () => {
    expect(resolveCategorySlug('chains').clauses).toEqual([
      { category: 'necklaces', necklaceType: 'Chain' },
      { category: 'bracelets', flag: 'is_necklace' },
    ]);
    expect(resolveCategorySlug('pendants').clauses).toEqual([{ category: 'necklaces', necklaceType: 'Pendant' }]);
  });

  it("throws 'Invalid table … for category …' for anything else", () => {
    expect(() => resolveCategorySlug('watches')).toThrow('Invalid table watches for category watches');
    expect(() => resolveCategorySlug('gift-cards')).toThrow('Invalid table gift_cards for category gift-cards');
    expect(() => resolveCategorySlug('body_jewelry-x')).toThrow(InvalidCategoryError);
    expect(() => resolveCategorySlug('Rings')).toThrow('Invalid table Rings for category Rings');
  });

  it('resolves every slug the storefront links to', () => {
    for (const slug of LISTING_SLUGS) expect(() => resolveCategorySlug(slug)).not.toThrow();
  });
});

describe('listing titles', () => {
  it('capitalises the first letter, with Body Jewelry spelt out', () => {
    expect(categoryLabel('rings')).toBe('Rings');
    expect(categoryLabel('body-jewelry')).toBe('Body Jewelry');
    expect(categoryTitle('necklaces')).toBe('Necklaces Collection');
    expect(categoryTitle('body-jewelry')).toBe('Body Jewelry Collection');
    expect(categoryTitle('pendants')).toBe('Pendants Collection');
  });

  it('builds the subtitle', () => {
    expect(categorySubtitle('rings')).toBe('Discover our exquisite collection of rings pieces');
    expect(resolveCategorySlug('earrings').subtitle).toBe('Discover our exquisite collection of earrings pieces');
  });

  it('links each table to its listing', () => {
    expect(categoryListingPath('body_jewelry')).toBe('/category/body-jewelry');
    expect(categoryListingPath('rings')).toBe('/category/rings');
  });
});
