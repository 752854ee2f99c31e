import { describe, expect, it } from 'vitest';
import { categoryListing } from '@/lib/catalog/listing-spec';

describe('categoryListing', () => {
  it('names the listing of a known category, decoded', () => {
    const listing = categoryListing('body-jewelry');
    expect(listing?.invalid).toBeUndefined();
    expect(listing?.spec).toMatchObject({
      scope: { kind: 'category', slug: 'body-jewelry' },
      basePath: '/category/body-jewelry',
      title: 'Body Jewelry Collection',
    });
    expect(listing?.spec.noindex).toBe(false);
  });

  it("keeps an unknown category's heading and its own message", () => {
    const listing = categoryListing('watches');
    expect(listing?.invalid).toBe('Invalid table watches for category watches');
    expect(listing?.spec.title).toBe('Watches Collection');
    expect(listing?.spec.noindex).toBe(true);
    expect(categoryListing('wat%20ches')?.spec.title).toBe('Wat ches Collection');
  });

  it('is null for a parameter that cannot be decoded', () => {
    expect(categoryListing('%E0%A4%A')).toBeNull();
  });
});
