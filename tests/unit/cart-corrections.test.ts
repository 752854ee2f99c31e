import { describe, expect, it } from 'vitest';
import { applyQuantityRules, correctionFor, correctionNote } from '@/lib/cart/corrections';
import { addToCart, cartLineId } from '@/lib/cart/lines';
import { readStoredCart } from '@/lib/cart/storage';
import type { CartItem } from '@/lib/cart/types';

const SIX = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa6';
const ONE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';

function stored(productId: string, quantity: number, product: Partial<CartItem['product']> = {}) {
  const specifications = { stoneType: 'stone1' as const, stoneName: null, size: null, material: 'silver', style: null };
  return {
    id: cartLineId(productId, specifications),
    productId,
    quantity,
    specifications,
    selectedPrice: 10,
    product: { name: 'Six Band', sku: 'RNG-6', category: 'rings' as const, imageUrl: null, moq: 1, price: 10, ...product },
  };
}

describe('cart corrections', () => {
  it('says what changed, by pack or by MOQ', () => {
    expect(correctionNote({ name: 'Six Band', from: 7, to: 12, moq: 1, packSize: 6 })).toBe(
      'Six Band is sold in packs of 6: 7 became 12.',
    );
    expect(correctionNote({ name: 'Gold Ring', from: 3, to: 10, moq: 10, packSize: 1 })).toBe(
      'Gold Ring has a minimum order of 10: 3 became 10.',
    );
  });

  it('needs none for a quantity that can be bought', () => {
    expect(correctionFor('Six Band', 12, 1, 6)).toBeNull();
    expect(correctionFor('Six Band', 7, 1, 6)).toEqual({ name: 'Six Band', from: 7, to: 12, moq: 1, packSize: 6 });
    expect(correctionFor('Old Ring', 2, 5, undefined)).toEqual({ name: 'Old Ring', from: 2, to: 5, moq: 5, packSize: 1 });
  });

  it('rounds a stored cart from another device and names each change', () => {
    const raw = JSON.stringify([stored(SIX, 7, { packSize: 6 }), stored(ONE, 4, { name: 'Plain Ring', moq: 2 })]);
    const { items, corrections } = readStoredCart(raw);
    expect(items.map((item) => item.quantity)).toEqual([12, 4]);
    expect(corrections.map(correctionNote)).toEqual(['Six Band is sold in packs of 6: 7 became 12.']);
  });

  it('reads a buyable stored cart without a note', () => {
    expect(readStoredCart(JSON.stringify([stored(SIX, 18, { packSize: 6 })])).corrections).toEqual([]);
    expect(readStoredCart('not json')).toEqual({ items: [], corrections: [] });
  });

  it('takes the server’s rule for a snapshot stored before the pack size, and leaves other products alone', () => {
    let items: CartItem[] = [];
    items = addToCart(items, stored(SIX, 7));
    items = addToCart(items, { ...stored(ONE, 3, { name: 'Plain Ring' }) });
    const { items: next, corrections } = applyQuantityRules(items, [{ productId: SIX, moq: 10, packSize: 6 }]);
    expect(next.map((item) => [item.quantity, item.product.packSize, item.product.moq])).toEqual([
      [12, 6, 10],
      [3, undefined, 1],
    ]);
    expect(corrections.map(correctionNote)).toEqual(['Six Band is sold in packs of 6: 7 became 12.']);
    // The rule stays on the line: stepping down keeps whole packs above the new MOQ.
    expect(applyQuantityRules(next, [{ productId: SIX, moq: 10, packSize: 6 }]).corrections).toEqual([]);
  });
});
