import { describe, expect, it } from 'vitest';
import { addToCart, cartLineId } from '@/lib/cart/lines';
import { parseStoredCart, serializeCart } from '@/lib/cart/storage';
import { CART_STORAGE_KEY, type CartItem } from '@/lib/cart/types';

const P1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

function line(over: Partial<CartItem> = {}): CartItem {
  const specifications = { stoneType: 'stone1' as const, stoneName: 'Ruby', size: null, material: 'gold', style: null };
  return {
    id: cartLineId(P1, specifications),
    productId: P1,
    quantity: 5,
    specifications,
    selectedPrice: 12.5,
    product: { name: 'Ruby Ring', sku: 'RNG-1', category: 'rings', imageUrl: null, moq: 5, price: 12.5 },
    ...over,
  };
}

describe('stored cart', () => {
  it('uses the jewelry_cart key', () => {
    expect(CART_STORAGE_KEY).toBe('jewelry_cart');
  });

  it('round-trips', () => {
    const items = addToCart([], { ...line(), quantity: 7 });
    expect(parseStoredCart(serializeCart(items))).toEqual(items);
  });

  it('starts empty when nothing is stored', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart(undefined)).toEqual([]);
    expect(parseStoredCart('')).toEqual([]);
  });

  it('starts empty when the stored value is unreadable', () => {
    expect(parseStoredCart('{not json')).toEqual([]);
    expect(parseStoredCart('"a string"')).toEqual([]);
    expect(parseStoredCart('{"items":[]}')).toEqual([]);
    expect(parseStoredCart('null')).toEqual([]);
    expect(parseStoredCart(JSON.stringify([line(), { productId: 42 }]))).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ ...line(), quantity: 'ten' }]))).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ ...line(), product: { ...line().product, category: 'hats' } }]))).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ ...line(), quantity: 0 }]))).toEqual([]);
  });

  it('raises stored quantities below the MOQ', () => {
    const [item] = parseStoredCart(JSON.stringify([{ ...line(), quantity: 2 }]));
    expect(item!.quantity).toBe(5);
  });

  it('re-keys lines and merges duplicates', () => {
    const stored = [
      { ...line(), id: 'stale-id', quantity: 6 },
      { ...line(), id: 'other', quantity: 9 },
    ];
    const items = parseStoredCart(JSON.stringify(stored));
    expect(items).toHaveLength(1);
    expect(items[0]!.id).toBe(line().id);
    expect(items[0]!.quantity).toBe(15);
  });

  it('drops unknown fields', () => {
    const [item] = parseStoredCart(JSON.stringify([{ ...line(), extra: '<script>' }]));
    expect(item).not.toHaveProperty('extra');
  });

  it('accepts a line without a selected price', () => {
    const { selectedPrice: _drop, ...rest } = line();
    const [item] = parseStoredCart(JSON.stringify([rest]));
    expect(item!.selectedPrice).toBeUndefined();
  });
});
