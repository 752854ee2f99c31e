import { describe, expect, it } from 'vitest';
import { CheckoutError, EMPTY_CART_MESSAGE } from '@/lib/checkout/errors';
import { checkoutRequestSchema, type CheckoutLineInput } from '@/lib/checkout/lines';
import { MAX_CHARGE_CENTS, normalizeSelection, priceCheckout } from '@/lib/checkout/pricing';
import type { Product } from '@/lib/catalog/types';
import { bracelet, earring, necklace, ring, TWO_STONES } from './product-fixtures';

const RING_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const NECKLACE_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
const BRACELET_ID = 'aaaaaaaa-0000-4000-8000-000000000003';
const EARRING_ID = 'aaaaaaaa-0000-4000-8000-000000000004';
const OTHER_ID = 'aaaaaaaa-0000-4000-8000-000000000005';

const products: Product[] = [
  ring({ id: RING_ID, name: 'Halo Ring', sku: 'R-1', moq: 5, stone_details: TWO_STONES, price_stone1: 19.99, price_stone2: 24.5, material: 'rose-gold' }),
  necklace({ id: NECKLACE_ID, name: 'Drop Pendant', is_bracelet: true, stone_details: { Stone1: 'Opal' }, n_price_18_stone1: 40, n_price_20_stone1: 42.35, b_price_7_stone1: 30.1 }),
  bracelet({ id: BRACELET_ID, name: 'Tennis', is_adjustable: true, b_price_7_stone1: 10.05, b_price_8_stone1: 11 }),
  earring({ id: EARRING_ID, name: 'Stud', price_stone1: 0 }),
];
const catalog = new Map(products.map((p) => [p.id, p]));

const line = (productId: string, quantity: number, specifications: CheckoutLineInput['specifications'] = {}) => ({
  productId,
  quantity,
  specifications,
});

function expectCheckoutError(fn: () => unknown, code: string, status: number) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CheckoutError);
    expect((err as CheckoutError).code).toBe(code);
    expect((err as CheckoutError).status).toBe(status);
    return err as CheckoutError;
  }
  throw new Error(`expected a ${code} error`);
}

describe('priceCheckout', () => {
  it('prices each line from stone, length and style with the product pages rules', () => {
    const result = priceCheckout(
      [
        line(RING_ID, 5, { stoneType: 'stone2' }),
        line(NECKLACE_ID, 2, { stoneType: 'stone1', size: '20', style: 'necklace' }),
        line(NECKLACE_ID, 1, { style: 'bracelet' }),
      ],
      catalog,
    );
    expect(result.lines.map((l) => [l.unitPriceCents, l.quantity, l.lineTotalCents])).toEqual([
      [2450, 5, 12250],
      [4235, 2, 8470],
      [3010, 1, 3010],
    ]);
    expect(result.totalCents).toBe(12250 + 8470 + 3010);
    expect(result.currency).toBe('usd');
  });

  it('writes the specifications text with the cart labels', () => {
    const result = priceCheckout(
      [line(RING_ID, 5, { stoneType: 'stone2' }), line(NECKLACE_ID, 1, { size: '20', style: 'necklace' }), line(NECKLACE_ID, 1, { style: 'bracelet' })],
      catalog,
    );
    expect(result.lines[0]!.specificationsText).toBe('Stone: Sapphire, Material: Rose Gold');
    expect(result.lines[1]!.specificationsText).toBe('Stone: Opal, Necklace Length: 20", Material: Silver, Style: Necklace');
    expect(result.lines[2]!.specificationsText).toBe('Stone: Opal, Bracelet Size: 7", Material: Silver, Style: Bracelet');
  });

  it('rounds each unit price to cents once, so the total is the sum of the items', () => {
    const result = priceCheckout([line(BRACELET_ID, 3), line(RING_ID, 7)], catalog);
    // 10.05 × 100 is 1004.9999… in floating point; cents must still be 1005.
    expect(result.lines[0]!.unitPriceCents).toBe(1005);
    expect(result.lines[0]!.lineTotalCents).toBe(3015);
    expect(result.lines[1]!.lineTotalCents).toBe(1999 * 7);
    expect(result.totalCents).toBe(3015 + 13993);
    expect(Number.isInteger(result.totalCents)).toBe(true);
  });

  it('refuses a quantity below the MOQ or in part packs with 422: the cart never sends one', () => {
    expectCheckoutError(() => priceCheckout([line(RING_ID, 1)], catalog), 'quantity_not_allowed', 422);
    const sixes = ring({ id: RING_ID, name: 'Six Band', moq: 10, pack_size: 6, price_stone1: 10 });
    const inSixes = new Map([[RING_ID, sixes]]);
    expectCheckoutError(() => priceCheckout([line(RING_ID, 7)], inSixes), 'quantity_not_allowed', 422);
    expectCheckoutError(() => priceCheckout([line(RING_ID, 6)], inSixes), 'quantity_not_allowed', 422);
    expect(() => priceCheckout([line(RING_ID, 13)], inSixes)).toThrow('Six Band is sold in packs of 6, at least 12. Please update your cart.');
    expect(priceCheckout([line(RING_ID, 18)], inSixes).totalCents).toBe(1000 * 18);
  });

  it('names the rule of every product refused, so the checkout page can correct the cart in one go', () => {
    const sixes = ring({ id: RING_ID, name: 'Six Band', moq: 10, pack_size: 6, price_stone1: 10 });
    const tens = ring({ id: OTHER_ID, name: 'Ten Band', moq: 10, price_stone1: 10 });
    const both = new Map([[RING_ID, sixes], [OTHER_ID, tens]]);
    try {
      priceCheckout([line(RING_ID, 7), line(OTHER_ID, 3), line(RING_ID, 12)], both);
      expect.unreachable('priced a refused quantity');
    } catch (err) {
      expect(err).toMatchObject({
        code: 'quantity_not_allowed',
        details: {
          rules: [
            { productId: RING_ID, moq: 10, packSize: 6 },
            { productId: OTHER_ID, moq: 10, packSize: 1 },
          ],
        },
      });
    }
  });

  it('takes the volume break the product’s total quantity reaches, across its options, and names it', () => {
    const tiered = ring({
      id: RING_ID, name: 'Tier Band', moq: 1, stone_details: TWO_STONES, price_stone1: 20, price_stone2: 30,
      price_breaks: [{ minQuantity: 10, percentOff: 5 }, { minQuantity: 50, percentOff: 10 }],
    });
    const tiers = new Map([[RING_ID, tiered]]);
    // 9 pieces: no break.
    expect(priceCheckout([line(RING_ID, 9)], tiers).totalCents).toBe(2000 * 9);
    // 6 + 4 in two stones reach the 10-piece break together: 5 % off each line's own price.
    const mixed = priceCheckout([line(RING_ID, 6), line(RING_ID, 4, { stoneType: 'stone2' })], tiers);
    expect(mixed.lines.map((l) => [l.unitPriceCents, l.percentOff])).toEqual([[1900, 5], [2850, 5]]);
    expect(mixed.totalCents).toBe(1900 * 6 + 2850 * 4);
    expect(mixed.lines[0]!.specificationsText).toMatch(/, Volume −5%$/);
    const deep = priceCheckout([line(RING_ID, 50)], tiers);
    expect(deep.lines[0]!.unitPriceCents).toBe(1800);
    expect(deep.lines[0]!.specificationsText).toMatch(/Volume −10%$/);
  });

  it('ignores a price sent by the browser', () => {
    const tampered = checkoutRequestSchema.parse({
      lines: [{ productId: RING_ID, quantity: 5, price: 0.01, selectedPrice: 0.01, unitPriceCents: 1, specifications: { stoneType: 'stone1', price: 1 } }],
    });
    expect(JSON.stringify(tampered)).not.toContain('0.01');
    expect(priceCheckout(tampered.lines, catalog).totalCents).toBe(1999 * 5);
  });

  it('uses the 16-inch rule for adjustable necklaces and the 7 default for bracelets', () => {
    const adjustable = necklace({ id: NECKLACE_ID, is_adjustable: true, n_price_16_stone1: 33, n_price_24_stone1: 99 });
    const result = priceCheckout([line(NECKLACE_ID, 1, { size: '24' })], new Map([[NECKLACE_ID, adjustable]]));
    expect(result.lines[0]!.unitPriceCents).toBe(3300);
    expect(normalizeSelection(products[2]!, {})).toEqual({ stoneType: 'stone1', size: '7', style: 'bracelet' });
  });

  it('stores only an offered size: an adjustable necklace keeps a real length, never what the browser made up', () => {
    const adjustable = necklace({ id: NECKLACE_ID, is_adjustable: true, n_price_16_stone1: 33 });
    const catalogOf = new Map([[NECKLACE_ID, adjustable]]);
    for (const bad of ['999', '17', '-16', '16abc', '1e1', ' ']) {
      expectCheckoutError(() => priceCheckout([line(NECKLACE_ID, 1, { size: bad })], catalogOf), 'option_unavailable', 422);
    }
    const priced = priceCheckout([line(NECKLACE_ID, 1, { size: '24.0' })], catalogOf).lines[0]!;
    expect(priced.specifications.size).toBe('24');
    expect(priced.specificationsText).toContain('Necklace Length: 24"');
    expect(priced.unitPriceCents).toBe(3300);
    expect(normalizeSelection(products[2]!, { size: '6.50' })).toEqual({ stoneType: 'stone1', size: '6.5', style: 'bracelet' });
  });

  it('refuses an unknown product', () => {
    const err = expectCheckoutError(() => priceCheckout([line('aaaaaaaa-0000-4000-8000-0000000000ff', 1)], catalog), 'unknown_product', 422);
    expect(err.message).toBe('An item in your cart is no longer available. Please remove it from your cart.');
  });

  it('refuses options without a price: a missing size, a style the product lacks, stone 2 without a second stone', () => {
    expectCheckoutError(() => priceCheckout([line(NECKLACE_ID, 1, { size: '30' })], catalog), 'option_unavailable', 422);
    expectCheckoutError(() => priceCheckout([line(NECKLACE_ID, 1, { size: '99' })], catalog), 'option_unavailable', 422);
    expectCheckoutError(() => priceCheckout([line(BRACELET_ID, 1, { style: 'necklace' })], catalog), 'option_unavailable', 422);
    expectCheckoutError(() => priceCheckout([line(NECKLACE_ID, 1, { stoneType: 'stone2' })], catalog), 'option_unavailable', 422);
    expectCheckoutError(() => priceCheckout([line(EARRING_ID, 1)], catalog), 'option_unavailable', 422);
  });

  it('treats an empty cart as empty', () => {
    const err = expectCheckoutError(() => priceCheckout([], catalog), 'empty_cart', 400);
    expect(err.message).toBe(EMPTY_CART_MESSAGE);
  });

  it('refuses a total above what one card payment can take', () => {
    const pricey = ring({ id: RING_ID, price_stone1: 999.99 });
    expect(MAX_CHARGE_CENTS).toBe(99_999_999);
    expectCheckoutError(() => priceCheckout([line(RING_ID, 1001)], new Map([[RING_ID, pricey]])), 'amount_too_large', 422);
    expect(priceCheckout([line(RING_ID, 1000)], new Map([[RING_ID, pricey]])).totalCents).toBe(99_999_000);
  });
});

describe('checkoutRequestSchema', () => {
  it('accepts cart lines and rejects malformed ones', () => {
    expect(checkoutRequestSchema.safeParse({ lines: [] }).success).toBe(true);
    expect(checkoutRequestSchema.safeParse({ lines: [line(RING_ID, 2)] }).success).toBe(true);
    for (const bad of [
      {},
      { lines: [line('not-a-uuid', 1)] },
      { lines: [line(RING_ID, 0)] },
      { lines: [line(RING_ID, 1.5)] },
      { lines: [line(RING_ID, 1, { stoneType: 'stone3' as never })] },
      { lines: [line(RING_ID, 1, { style: 'anklet' as never })] },
      { lines: Array.from({ length: 501 }, () => line(RING_ID, 1)) },
    ]) {
      expect(checkoutRequestSchema.safeParse(bad).success).toBe(false);
    }
  });
});
