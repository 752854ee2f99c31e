import { describe, expect, it } from 'vitest';
import {
  addToCart,
  addedDescription,
  cartLineId,
  cartReducer,
  changeLineChoices,
  isProductInCart,
  removeFromCart,
  summaryToCartInput,
  updateCartQuantity,
  type AddToCartInput,
} from '@/lib/cart/lines';
import { hasQuickAddPrice } from '@/lib/cart/quick-add';
import type { ProductSummary } from '@/lib/catalog/types';

const P1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const P2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

function input(over: Partial<AddToCartInput> = {}, moq = 10): AddToCartInput {
  return {
    productId: P1,
    quantity: moq,
    specifications: { stoneType: 'stone1', stoneName: 'Ruby', size: '18', material: 'gold', style: 'necklace' },
    selectedPrice: 25,
    product: { name: 'Ruby Chain', sku: 'NCK-1', category: 'necklaces', imageUrl: null, moq, price: 25 },
    ...over,
  };
}

describe('line ids', () => {
  it('are the product id plus the serialised choices', () => {
    const id = cartLineId(P1, { stoneType: 'stone2', size: '7', style: 'bracelet', material: 'gold' });
    expect(id.startsWith(`${P1}-`)).toBe(true);
    expect(id).toBe(`${P1}-{"stoneType":"stone2","style":"bracelet","size":"7"}`);
  });

  it('are equal for equal choices, whatever the key order or derived names', () => {
    const a = cartLineId(P1, { size: '18', stoneType: 'stone1', style: 'necklace', stoneName: 'Ruby', material: 'gold' });
    const b = cartLineId(P1, { style: 'necklace', stoneType: 'stone1', size: '18', stoneName: null });
    expect(a).toBe(b);
    expect(cartLineId(P1, {})).toBe(cartLineId(P1, { stoneType: 'stone1', size: null, style: null }));
  });

  it('differ by product, stone, size and style', () => {
    const base = { stoneType: 'stone1' as const, size: '18', style: 'necklace' as const };
    const ids = new Set([
      cartLineId(P1, base),
      cartLineId(P2, base),
      cartLineId(P1, { ...base, stoneType: 'stone2' }),
      cartLineId(P1, { ...base, size: '20' }),
      cartLineId(P1, { ...base, style: 'bracelet' }),
    ]);
    expect(ids.size).toBe(5);
  });

  it('make each ring size its own line, and a ring without a size another', () => {
    const ring = (size: string | null) => cartLineId(P1, { stoneType: 'stone1', size, style: null });
    expect(new Set([ring('6'), ring('6.5'), ring('7'), ring(null)]).size).toBe(4);
    expect(ring('7')).toBe(cartLineId(P1, { size: '7' }));
  });
});

describe('adding', () => {
  it('adds a new line at no less than the MOQ', () => {
    const items = addToCart([], input({ quantity: 3 }));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productId: P1, quantity: 10, selectedPrice: 25 });
    expect(items[0]!.id).toBe(cartLineId(P1, input().specifications));
  });

  it('raises the quantity of the same product with the same specifications', () => {
    let items = addToCart([], input({ quantity: 12 }));
    items = addToCart(items, input({ quantity: 15, selectedPrice: 26 }));
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(27);
    expect(items[0]!.selectedPrice).toBe(26);
  });

  it('adds at least the MOQ when merging', () => {
    let items = addToCart([], input());
    items = addToCart(items, input({ quantity: 1 }));
    expect(items[0]!.quantity).toBe(20);
  });

  it('keeps other specifications on separate lines, in order', () => {
    let items = addToCart([], input());
    items = addToCart(items, input({ specifications: { ...input().specifications, size: '20' } }));
    items = addToCart(items, input({ productId: P2 }));
    items = addToCart(items, input({ quantity: 11 }));
    expect(items.map((i) => [i.productId, i.specifications.size, i.quantity])).toEqual([
      [P1, '18', 21],
      [P1, '20', 10],
      [P2, '18', 10],
    ]);
  });

  it('does not change the array it was given', () => {
    const before = addToCart([], input());
    const snapshot = structuredClone(before);
    addToCart(before, input());
    expect(before).toEqual(snapshot);
  });

  it('treats a missing or invalid MOQ as 1', () => {
    const items = addToCart([], input({ quantity: 0, product: { ...input().product, moq: 0 } }));
    expect(items[0]!.quantity).toBe(1);
    expect(items[0]!.product.moq).toBe(1);
  });
});

describe('updating quantities', () => {
  const start = addToCart([], input({ quantity: 12 }));
  const id = start[0]!.id;

  it('sets the quantity', () => {
    expect(updateCartQuantity(start, id, 40)[0]!.quantity).toBe(40);
  });

  it('raises it to at least the MOQ', () => {
    expect(updateCartQuantity(start, id, 2)[0]!.quantity).toBe(10);
    expect(updateCartQuantity(start, id, 0)[0]!.quantity).toBe(10);
    expect(updateCartQuantity(start, id, Number.NaN)[0]!.quantity).toBe(10);
  });

  it('leaves the cart as it is for unknown ids and unchanged quantities', () => {
    expect(updateCartQuantity(start, 'nope', 50)).toBe(start);
    expect(updateCartQuantity(start, id, 12)).toBe(start);
  });
});

describe('removing, clearing, lookup', () => {
  it('removes one line and clears all', () => {
    let items = addToCart([], input());
    items = addToCart(items, input({ productId: P2 }));
    const removed = removeFromCart(items, items[0]!.id);
    expect(removed.map((i) => i.productId)).toEqual([P2]);
    expect(cartReducer(items, { type: 'clear' })).toEqual([]);
  });

  it('knows whether a product is in the cart, in any specification', () => {
    const items = addToCart([], input({ specifications: { stoneType: 'stone2', style: 'bracelet', size: '7' } }));
    expect(isProductInCart(items, P1)).toBe(true);
    expect(isProductInCart(items, P2)).toBe(false);
  });

  it('dispatches every action through the reducer', () => {
    let items = cartReducer([], { type: 'add', input: input() });
    items = cartReducer(items, { type: 'update', id: items[0]!.id, quantity: 30 });
    expect(items[0]!.quantity).toBe(30);
    const replaced = cartReducer(items, { type: 'replace', items: [] });
    expect(replaced).toEqual([]);
    expect(cartReducer(items, { type: 'remove', id: items[0]!.id })).toEqual([]);
  });
});

describe('quick add from a listing card', () => {
  const summary = (over: Partial<ProductSummary> = {}): ProductSummary => ({
    id: P1,
    category: 'necklaces',
    name: 'Ruby Chain',
    sku: 'NCK-1',
    moq: 6,
    pack_size: 1,
    material: 'silver',
    stone_name: 'Ruby',
    image_url: 'https://example.test/a.webp',
    price_from: 20,
    default_price: 25,
    default_size: null,
    created_at: '2026-01-01T00:00:00Z',
    ...over,
  });

  it('uses the page defaults at the MOQ and the default price', () => {
    expect(summaryToCartInput(summary())).toEqual({
      productId: P1,
      quantity: 6,
      specifications: { stoneType: 'stone1', stoneName: 'Ruby', size: '18', material: 'silver', style: 'necklace' },
      selectedPrice: 25,
      product: { name: 'Ruby Chain', sku: 'NCK-1', category: 'necklaces', imageUrl: 'https://example.test/a.webp', moq: 6, packSize: 1, price: 25 },
    });
    // Sold in packs of 4 with an MOQ of 6: the corner button adds 8, the smallest quantity allowed.
    expect(summaryToCartInput(summary({ pack_size: 4 }))).toMatchObject({ quantity: 8, product: { moq: 6, packSize: 4 } });
    expect(summaryToCartInput(summary({ category: 'bracelets' }))!.specifications).toMatchObject({
      style: 'bracelet',
      size: '7',
    });
    expect(summaryToCartInput(summary({ category: 'rings' }))!.specifications).toMatchObject({ style: null, size: null });
  });

  it('keeps a pack product’s lines in whole packs: added, raised and typed quantities round up', () => {
    const pack = summaryToCartInput(summary({ moq: 1, pack_size: 6 }))!;
    let items = addToCart([], pack);
    expect(items[0]!.quantity).toBe(6);
    items = addToCart(items, { ...pack, quantity: 1 });
    expect(items[0]!.quantity).toBe(12);
    expect(updateCartQuantity(items, items[0]!.id, 7)[0]!.quantity).toBe(12);
    expect(updateCartQuantity(items, items[0]!.id, 13)[0]!.quantity).toBe(18);
    expect(updateCartQuantity(items, items[0]!.id, 2)[0]!.quantity).toBe(6);
  });

  it('lands on the same line as the product page default selection', () => {
    const fromCard = summaryToCartInput(summary())!;
    const fromPage = input({ specifications: { stoneType: 'stone1', stoneName: 'Ruby', size: '18', material: 'silver', style: 'necklace' } });
    const items = addToCart(addToCart([], fromCard), fromPage);
    expect(items).toHaveLength(1);
  });

  it('gives a ring its default size and that size\'s price, named in what the add says', () => {
    const fromCard = summaryToCartInput(summary({ category: 'rings', name: 'Halo Ring', stone_name: null, default_price: 42, default_size: '7' }))!;
    expect(fromCard.specifications).toMatchObject({ size: '7', style: null });
    expect(fromCard.selectedPrice).toBe(42);
    expect(addedDescription(fromCard)).toBe('6 × Halo Ring (Ring Size: 7)');
  });

  it('cannot add without a default price', () => {
    expect(summaryToCartInput(summary({ default_price: null }))).toBeNull();
    expect(summaryToCartInput(summary({ default_price: 0 }))).toBeNull();
  });

  it('agrees with the card button, which asks before the cart rules have loaded', () => {
    for (const default_price of [null, 0, -1, 0.01, 25]) {
      expect(hasQuickAddPrice({ default_price })).toBe(summaryToCartInput(summary({ default_price })) !== null);
    }
  });
});

describe('changing a line\'s choices on the line', () => {
  const at18 = input();
  const at20 = input({ specifications: { ...at18.specifications, size: '20' }, selectedPrice: 28 });

  it('changes the line where it stands, with the new choice\'s id and price', () => {
    const cart = addToCart(addToCart([], at18), input({ productId: P2 }));
    const id18 = cart[0]!.id;
    const next = changeLineChoices(cart, id18, { specifications: at20.specifications, selectedPrice: 28 });
    expect(next.map((i) => i.productId)).toEqual([P1, P2]);
    expect(next[0]).toMatchObject({ id: cartLineId(P1, at20.specifications), quantity: 10, selectedPrice: 28, specifications: { size: '20' } });
    expect(cartReducer(cart, { type: 'choose', id: id18, specifications: at20.specifications, selectedPrice: 28 })).toEqual(next);
  });

  it('makes one line of two that come to the same choice, with both quantities', () => {
    const cart = addToCart(addToCart([], at18), { ...at20, quantity: 20 });
    const next = changeLineChoices(cart, cart[1]!.id, { specifications: at18.specifications, selectedPrice: 25 });
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ id: cart[0]!.id, quantity: 30, selectedPrice: 25 });
  });

  it('leaves the cart as it is for an unknown line', () => {
    const cart = addToCart([], at18);
    expect(changeLineChoices(cart, 'nope', { specifications: at20.specifications, selectedPrice: 28 })).toBe(cart);
  });
});
