import { describe, expect, it } from 'vitest';
import {
  REMOVE_FADE_MS,
  REMOVED_TOAST_MS,
  COPIED_LABEL_MS,
  ITEM_REMOVED_MESSAGE,
  OUTSIDE_PROVIDER_MESSAGE,
} from '@/lib/cart/constants';
import { cartLinePrices, cartSubtotal, cartSubtotalCents, lineUnitPrice } from '@/lib/cart/totals';
import { cartCount } from '@/lib/cart/count';

const lineTotal = (line: CartItem) => cartLinePrices([line])[0]!.totalCents / 100;
import type { CartItem } from '@/lib/cart/types';

function item(quantity: number, selectedPrice: number | null | undefined, price: number | null): CartItem {
  const line: CartItem = {
    id: `line-${quantity}-${selectedPrice}-${price}`,
    productId: 'p',
    quantity,
    specifications: {},
    product: { name: 'x', sku: null, category: 'rings', imageUrl: null, moq: 1, price },
  };
  if (selectedPrice !== undefined) line.selectedPrice = selectedPrice;
  return line;
}

describe('line totals', () => {
  it('use the selected price, else the product price', () => {
    expect(lineUnitPrice(item(1, 12, 10))).toBe(12);
    expect(lineUnitPrice(item(1, undefined, 10))).toBe(10);
    expect(lineUnitPrice(item(1, null, 10))).toBe(10);
    expect(lineUnitPrice(item(1, null, null))).toBe(0);
    expect(lineTotal(item(3, 12.5, 10))).toBe(37.5);
  });

  it('are exact to the cent', () => {
    expect(lineTotal(item(3, 0.1, null))).toBe(0.3);
    expect(lineTotal(item(7, 19.99, null))).toBe(139.93);
  });
});

describe('volume breaks in the cart', () => {
  const tiered = (quantity: number, productId: string, selectedPrice: number): CartItem => ({
    id: `${productId}-${selectedPrice}`,
    productId,
    quantity,
    specifications: {},
    selectedPrice,
    product: { name: 'x', sku: null, category: 'rings', imageUrl: null, moq: 1, price: 20, priceBreaks: [{ minQuantity: 10, percentOff: 5 }] },
  });

  it('price every line of a product at the break its pieces reach together, and name it', () => {
    const lines = [tiered(6, 'a', 20), tiered(4, 'a', 30), tiered(9, 'b', 20)];
    expect(cartLinePrices(lines)).toEqual([
      { unitCents: 1900, totalCents: 11_400, percentOff: 5 },
      { unitCents: 2850, totalCents: 11_400, percentOff: 5 },
      { unitCents: 2000, totalCents: 18_000, percentOff: null },
    ]);
    expect(cartSubtotalCents(lines)).toBe(11_400 + 11_400 + 18_000);
  });
});

describe('cart totals', () => {
  const items = [item(10, 0.1, null), item(20, 0.2, null), item(3, undefined, 19.99)];

  it('sum the lines without float drift', () => {
    expect(cartSubtotalCents(items)).toBe(100 + 400 + 5997);
    expect(cartSubtotal(items)).toBe(64.97);
    expect(cartSubtotal([])).toBe(0);
  });

  it('count pieces', () => {
    expect(cartCount(items)).toBe(33);
    expect(cartCount([])).toBe(0);
  });
});

describe('cart timers and messages', () => {
  it('match the shop rules', () => {
    expect(REMOVE_FADE_MS).toBe(300);
    expect(REMOVED_TOAST_MS).toBe(3000);
    expect(COPIED_LABEL_MS).toBe(2000);
    expect(ITEM_REMOVED_MESSAGE).toBe('Item removed from cart');
    expect(OUTSIDE_PROVIDER_MESSAGE).toBe('useCart must be used within a CartProvider');
  });
});
