import { describe, expect, it } from 'vitest';
import { planReorder, reorderLine, type ReorderLine } from '@/lib/account/reorder';
import type { Product } from '@/lib/catalog/types';
import { bracelet, necklace, ring } from './product-fixtures';

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
// Hudson Curb Link: a stoneless bracelet with a 5% break from 24 pieces.
const BRACELET_ID = '55555555-5555-4555-8555-555555555555';
const aBracelet = bracelet({
  id: BRACELET_ID,
  name: 'Hudson Curb Link Bracelet',
  sku: 'BRC-1136',
  material: 'silver',
  b_price_7_stone1: 10,
  b_price_8_stone1: 11,
  price_breaks: [{ minQuantity: 24, percentOff: 5 }],
});
const products = new Map<string, Product>([
  [RING_ID, aRing],
  [NECKLACE_ID, aNecklace],
  [BRACELET_ID, aBracelet],
]);

const line = (over: Partial<ReorderLine>): ReorderLine => ({
  productId: RING_ID,
  category: 'rings',
  productName: 'Aurora Ring',
  quantity: 3,
  unitPriceCents: 2000,
  choices: { stoneType: 'stone1', stoneName: 'Ruby', material: 'gold' },
  ...over,
});
const added = (d: ReturnType<typeof reorderLine>) => {
  if (!('input' in d)) throw new Error(`not added: ${d.change}`);
  return d;
};

describe('reorder', () => {
  it("adds a line at today's price with the same choices, and says nothing when nothing changed", () => {
    const d = added(reorderLine(line({ choices: { stoneType: 'stone2', stoneName: 'Sapphire', material: 'gold' }, quantity: 6, unitPriceCents: 2550 }), aRing));
    expect(d.input).toMatchObject({
      productId: RING_ID,
      quantity: 6,
      selectedPrice: 25.5,
      specifications: { stoneType: 'stone2', stoneName: 'Sapphire', material: 'gold', style: null, size: null },
      product: { name: 'Aurora Ring', sku: 'RNG-1', category: 'rings', moq: 3, price: 25.5 },
    });
    expect(d.changes).toEqual([]);
    expect(planReorder([line({})], products).changes).toEqual([]);
  });

  it('keeps a ring size still offered, and gives a ring bought before sizes its default size, saying so', () => {
    const sized = ring({ ...aRing, sizes: ['6', '7', '10'], size_surcharge: 2, size_surcharge_from: '10' });
    const kept = added(reorderLine(line({ choices: { stoneType: 'stone1', stoneName: 'Ruby', material: 'gold', size: '10' }, unitPriceCents: 2200 }), sized));
    expect([kept.input.specifications.size, kept.input.selectedPrice, kept.changes]).toEqual(['10', 22, []]);
    const before = added(reorderLine(line({}), sized));
    expect(before.input.specifications.size).toBe('7');
    expect(before.changes).toEqual([
      { line: 'Aurora Ring (Stone: Ruby, Material: Gold)', kind: 'choice', change: 'the order did not record this choice: added as Ring Size 7; change it in your cart' },
    ]);
    const dropped = added(reorderLine(line({ choices: { stoneType: 'stone1', stoneName: 'Ruby', material: 'gold', size: '12' } }), sized));
    expect(dropped.changes[0]!.change).toBe('Ring Size 12 is no longer offered: added as Ring Size 7; change it in your cart');
  });

  it('finds a stone by its name when lines stored before the stone choice name it alone', () => {
    expect(added(reorderLine(line({ choices: { stoneName: 'sapphire' } }), aRing)).input.specifications.stoneType).toBe('stone2');
  });

  it("raises the quantity to today's MOQ and says so", () => {
    const plan = planReorder([line({ quantity: 1 })], products);
    expect(plan.lines[0]!.quantity).toBe(3);
    expect(plan.changes).toEqual([{ line: 'Aurora Ring (Stone: Ruby, Material: Gold)', kind: 'quantity', change: 'quantity raised from 1 to 3 (minimum order 3)' }]);
  });

  it('keeps the length and the style of a necklace sold as a bracelet', () => {
    const necklaceLine = line({ productId: NECKLACE_ID, category: 'necklaces', quantity: 2, unitPriceCents: 4800, choices: { size: '20', style: 'necklace', material: 'rose-gold' } });
    expect(added(reorderLine(necklaceLine, aNecklace)).input).toMatchObject({ selectedPrice: 48, specifications: { stoneType: 'stone1', size: '20', style: 'necklace' } });
    const braceletLine = { ...necklaceLine, choices: { size: '7', style: 'bracelet' as const, material: 'rose-gold' } };
    expect(added(reorderLine(braceletLine, aNecklace)).input).toMatchObject({ selectedPrice: 30, specifications: { size: '7', style: 'bracelet' } });
  });

  it('adds a volume-priced stoneless bracelet again, at the break its quantity reaches today', () => {
    // BRC-1136: 30 × 7" at the 5% break ($9.50), the line the old reorder called "no longer available".
    const hudson = line({ productId: BRACELET_ID, category: 'bracelets', productName: 'Hudson Curb Link Bracelet', quantity: 30, unitPriceCents: 950, choices: { size: '7', style: 'bracelet', material: 'silver', percentOff: 5 } });
    const plan = planReorder([hudson], products);
    expect(plan.lines).toHaveLength(1);
    expect(plan.lines[0]).toMatchObject({ quantity: 30, specifications: { size: '7', style: 'bracelet' } });
    expect(plan.changes).toEqual([]);
    // Half the pieces no longer reach the break: the price is said to go up.
    expect(planReorder([{ ...hudson, quantity: 12 }], products).changes).toEqual([
      { line: 'Hudson Curb Link Bracelet (Bracelet Size: 7", Material: Silver, Style: Bracelet)', kind: 'price', change: 'price up to $10.00 each (was $9.50)' },
    ]);
  });

  it('keeps a line whose choice is no longer offered, with the first offered one, for the buyer to change', () => {
    const stoneGone = line({ choices: { stoneType: 'stone1', stoneName: 'Emerald', material: 'gold' } });
    const lengthGone = line({ productId: NECKLACE_ID, category: 'necklaces', productName: 'Tide Chain', unitPriceCents: 4500, choices: { size: '30', style: 'necklace', material: 'rose-gold' } });
    const plan = planReorder([stoneGone, lengthGone], products);
    expect(plan.lines.map((l) => [l.productId, l.specifications.stoneName ?? null, l.specifications.size ?? null])).toEqual([
      [RING_ID, 'Ruby', null],
      [NECKLACE_ID, null, '18'],
    ]);
    expect(plan.changes).toEqual([
      { line: 'Aurora Ring (Stone: Emerald, Material: Gold)', kind: 'choice', change: 'Stone Emerald is no longer offered: added as Stone Ruby; change it in your cart' },
      {
        line: 'Tide Chain (Necklace Length: 30", Material: Rose Gold, Style: Necklace)',
        kind: 'choice',
        change: 'Necklace Length 30" is no longer offered: added as Necklace Length 18"; change it in your cart',
      },
    ]);
  });

  it('says a stone that is gone from a piece that no longer has any', () => {
    const plain = ring({ id: RING_ID, name: 'Aurora Ring', material: 'gold', moq: 3, price_stone1: 20 });
    const plan = planReorder([line({})], new Map([[RING_ID, plain]]));
    expect(plan.lines[0]!.specifications.stoneName).toBeNull();
    expect(plan.changes).toEqual([
      { line: 'Aurora Ring (Stone: Ruby, Material: Gold)', kind: 'choice', change: 'Stone Ruby is no longer offered: added without it; change it in your cart' },
    ]);
  });

  it('says the price of a quoted line against its quote', () => {
    const quoted = line({ unitPriceCents: 1500, choices: { stoneType: 'stone1', stoneName: 'Ruby', material: 'gold', quoteReference: 'Q-5007' } });
    expect(planReorder([quoted], products).changes).toEqual([
      { line: 'Aurora Ring (Stone: Ruby, Material: Gold)', kind: 'price', change: 'price up to $20.00 each (quoted at $15.00 in Q-5007)' },
    ]);
  });

  it('names a product no longer sold, or of another category with the same id, and adds the rest', () => {
    const gone = line({ productId: '44444444-4444-4444-8444-444444444444', productName: 'Old Band', choices: { material: 'silver' } });
    const plan = planReorder([line({}), gone, line({ category: 'earrings' }), line({ productId: 'x', productName: null, choices: {} })], products);
    expect(plan.lines.map((l) => l.productId)).toEqual([RING_ID]);
    expect(plan.changes).toEqual([
      { line: 'Old Band (Material: Silver)', kind: 'gone', change: 'no longer sold' },
      { line: 'Aurora Ring (Stone: Ruby, Material: Gold)', kind: 'gone', change: 'no longer sold' },
      { line: 'Product Unavailable', kind: 'gone', change: 'no longer sold' },
    ]);
  });
});
