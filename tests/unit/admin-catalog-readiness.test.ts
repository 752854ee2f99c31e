import { describe, expect, it } from 'vitest';
import { emptyFormValues } from '@/lib/admin/catalog/form-values';
import {
  bulkNotReadyRefusal,
  bulkNotReadyTitle,
  goesActive,
  missingText,
  productFacts,
  publishedReadyOnly,
  readinessGaps,
} from '@/lib/admin/catalog/readiness';
import { bulkStatusInput } from '@/lib/admin/catalog/bulk-rules';
import { PRODUCT_SCHEMAS } from '@/lib/admin/catalog/schema';
import { previewPath, storefrontProductTarget } from '@/lib/catalog/preview-rules';

const ready = { name: 'Halo Ring', description: 'Sterling silver, hand set.', prices: [null, 12.5], hasImage: true };

describe('readiness before a product goes active', () => {
  it('a product with a name, a price above zero, an image and a description is ready', () => {
    expect(readinessGaps(ready)).toEqual([]);
  });

  it('names each missing part, in the order staff read it', () => {
    expect(readinessGaps({ ...ready, hasImage: false, description: '' })).toEqual(['image', 'description']);
    expect(missingText(readinessGaps({ ...ready, hasImage: false, description: null }))).toBe('Missing: an image, a description');
    expect(missingText(readinessGaps({ name: ' ', description: ' \n', prices: [], hasImage: false }))).toBe(
      'Missing: a name, a price, an image, a description',
    );
  });

  it('counts only prices above zero, as numbers or text', () => {
    expect(readinessGaps({ ...ready, prices: [0, null, '', '0.00'] })).toEqual(['price']);
    expect(readinessGaps({ ...ready, prices: ['0.01'] })).toEqual([]);
    expect(readinessGaps({ ...ready, prices: [-5, Number.NaN, 'abc'] })).toEqual(['price']);
  });

  it('reads a necklace priced by length only: any one length priced is enough', () => {
    const checked = PRODUCT_SCHEMAS.necklaces.safeParse({ ...emptyFormValues('necklaces'), name: 'Rope Chain', description: 'Gold', n_price_20_stone1: '40' });
    expect(checked.success).toBe(true);
    expect(readinessGaps(productFacts('necklaces', checked.data!, true))).toEqual([]);
    expect(readinessGaps(productFacts('necklaces', { ...checked.data!, n_price_20_stone1: null }, true))).toEqual(['price']);
  });

  it('asks only when a product goes active, not when it stays active or stays unpublished', () => {
    expect(goesActive(null, 'active')).toBe(true);
    expect(goesActive('draft', 'active')).toBe(true);
    expect(goesActive('archived', 'active')).toBe(true);
    expect(goesActive('active', 'active')).toBe(false);
    expect(goesActive('draft', 'draft')).toBe(false);
    expect(goesActive('active', 'archived')).toBe(false);
  });
});

describe('bulk publish of products that are not ready', () => {
  it('says how many of how many are not ready', () => {
    expect(bulkNotReadyTitle(3, 10)).toBe('3 of 10 products are not ready for the shop');
    expect(bulkNotReadyTitle(1, 4)).toBe('1 of 4 products is not ready for the shop');
    expect(bulkNotReadyTitle(2, 2)).toBe('None of the 2 products is ready for the shop');
    expect(bulkNotReadyTitle(1, 1)).toBe('The product is not ready for the shop');
    expect(bulkNotReadyRefusal(2)).toBe('2 products are not ready for the shop. Nothing was changed: publish anyway, or only the ready ones.');
    expect(publishedReadyOnly(7, 3)).toBe('7 products published; 3 products not ready were left as they were');
    expect(publishedReadyOnly(1, 1)).toBe('1 product published; 1 product not ready was left as it was');
  });

  it('takes one choice at most: publish anyway or only the ready ones', () => {
    const base = { category: 'rings', target: { kind: 'ids', ids: [crypto.randomUUID()] }, status: 'active' };
    expect(bulkStatusInput.safeParse({ ...base, publishAnyway: true }).success).toBe(true);
    expect(bulkStatusInput.safeParse({ ...base, onlyReady: true }).success).toBe(true);
    const both = bulkStatusInput.safeParse({ ...base, publishAnyway: true, onlyReady: true });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe('Choose either to publish anyway or to publish only the ready ones.');
    expect(bulkStatusInput.safeParse({ ...base, publishAnyway: 'yes' }).success).toBe(false);
  });
});

describe('the staff preview', () => {
  it('lives under /admin with the route segment of its category', () => {
    expect(previewPath('body_jewelry', 'abc')).toBe('/admin/preview/body-jewelry/abc');
  });

  it('reads the product a storefront path names, with or without a price view, and nothing else', () => {
    expect(storefrontProductTarget('/body-jewelry/abc')).toEqual({ category: 'body_jewelry', id: 'abc' });
    expect(storefrontProductTarget('/rings/abc/price-list')).toEqual({ category: 'rings', id: 'abc' });
    expect(storefrontProductTarget('/product/abc')).toEqual({ category: null, id: 'abc' });
    expect(storefrontProductTarget('/category/rings')).toBeNull();
    expect(storefrontProductTarget('/rings')).toBeNull();
    expect(storefrontProductTarget('/rings/abc/price-list/more')).toBeNull();
    expect(storefrontProductTarget('/admin/rings')).toBeNull();
  });
});
