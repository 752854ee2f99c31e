import { describe, expect, it } from 'vitest';
import { planReorder, reorderLine, type ReorderLine } from '@/lib/account/reorder';
import type { Product } from '@/lib/catalog/types';
import { necklace, ring } from './product-fixtures';

const RING_ID = '22222222-2222-4222-8222-222222222222';
const NECKLACE_ID = '33333333-3333-4333-8333-333333333333';

const aRing = ring({
  id: RING_ID,
  name: 'Aurora Ring',
  sku: 'RNG-1',
  material: 'gold',
  moq: 3,
  stone_details: { Stone1: 'Ruby', Stone2: 'Sapphire' },
  price_stone1: 20,
  price_stone2: 25.5,
});
const aNecklace = necklace({
  id: NECKLACE_ID,
  name: 'Tide Chain',
  material: 'rose-gold',
  is_bracelet: true,
  n_price_18_stone1: 45,
  n_price_20_stone1: 48,
  b_price_7_stone1: 30,
});
const products = new Map<string, Product>([
  [RING_ID, aRing],
  [NECKLACE_ID, aNecklace],
]);

const line = (over: Partial<ReorderLine>): ReorderLine => ({
  productId: RING_ID,
  category: 'rings',
  productName: 'Aurora Ring',
  quantity: 3,
  specifications: 'Stone: Ruby, Material: Gold',
  ...over,
});

describe('reorder', () => {
  it("adds a line at today's price with the same options", () => {
    const input = reorderLine(line({ specifications: 'Stone: Sapphire, Material: Gold', quantity: 6 }), aRing)!;
    expect(input).toMatchObject({
      productId: RING_ID,
      quantity: 6,
      selectedPrice: 25.5,
      specifications: { stoneType: 'stone2', stoneName: 'Sapphire', material: 'gold', style: null, size: null },
      product: { name: 'Aurora Ring', sku: 'RNG-1', category: 'rings', moq: 3, price: 25.5 },
    });
  });

  it("raises the quantity to today's MOQ", () => {
    expect(reorderLine(line({ quantity: 1 }), aRing)!.quantity).toBe(3);
  });

  it('keeps the length and the style of a necklace sold as a bracelet', () => {
    const necklaceLine = line({
      productId: NECKLACE_ID,
      category: 'necklaces',
      specifications: 'Necklace Length: 20", Material: Rose Gold, Style: Necklace',
      quantity: 2,
    });
    expect(reorderLine(necklaceLine, aNecklace)).toMatchObject({
      selectedPrice: 48,
      specifications: { stoneType: 'stone1', size: '20', style: 'necklace' },
    });
    const braceletLine = { ...necklaceLine, specifications: 'Bracelet Size: 7", Material: Rose Gold, Style: Bracelet' };
    expect(reorderLine(braceletLine, aNecklace)).toMatchObject({ selectedPrice: 30, specifications: { size: '7', style: 'bracelet' } });
  });

  it('names lines whose product, stone, style or price is gone, and adds the rest', () => {
    const gone = line({ productId: '44444444-4444-4444-8444-444444444444', productName: 'Old Band', specifications: 'Material: Silver' });
    const stoneGone = line({ specifications: 'Stone: Emerald, Material: Gold' });
    const noPrice = line({ productId: NECKLACE_ID, category: 'necklaces', specifications: 'Necklace Length: 30", Style: Necklace' });
    const plan = planReorder([line({}), gone, stoneGone, noPrice], products);
    expect(plan.lines.map((l) => l.productId)).toEqual([RING_ID]);
    expect(plan.unavailable).toEqual([
      'Old Band (Material: Silver)',
      'Aurora Ring (Stone: Emerald, Material: Gold)',
      'Tide Chain (Necklace Length: 30", Style: Necklace)',
    ]);
  });

  it('does not take a product of another category with the same id', () => {
    expect(reorderLine(line({ category: 'earrings' }), aRing)).toBeNull();
  });

  it('names a gone product whose name was never kept as unavailable', () => {
    const plan = planReorder([line({ productId: 'x', productName: null, specifications: null })], products);
    expect(plan.unavailable).toEqual(['Product Unavailable']);
  });
});
