import { describe, expect, it, vi } from 'vitest';

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));

import type { Product } from '@/lib/catalog/types';
import { estimateFrom, estimateRequestSchema, goodsCents, NO_SHIPPING_MESSAGE, type EstimateLine } from '@/lib/shipping/estimate';
import type { ShippingMethod } from '@/lib/shipping/rates';
import { necklace, ring, TWO_STONES } from './product-fixtures';

const RING = '11111111-1111-4111-8111-111111111111';
const CHAIN = '22222222-2222-4222-8222-222222222222';
const products = new Map<string, Product>([
  [RING, ring({ id: RING, stone_details: TWO_STONES, price_stone1: 10, price_stone2: 12.5, weight: 3.2, price_breaks: [{ minQuantity: 20, percentOff: 10 }] })],
  [CHAIN, necklace({ id: CHAIN, n_price_18_stone1: 40, n_price_20_stone1: 44, weight: null })],
]);
const line = (productId: string, quantity: number, specifications: EstimateLine['specifications'] = {}): EstimateLine => ({ productId, quantity, specifications });
const ground: ShippingMethod = {
  id: 'ground',
  name: 'Ground',
  zones: ['US'],
  basis: 'value',
  bands: [{ from: 0, cents: 1500 }],
  freeOverCents: 10_000,
  handlingCents: 0,
};

describe('goodsCents', () => {
  it('prices each line’s choice from the product row', () => {
    expect(goodsCents([line(RING, 2), line(RING, 1, { stoneType: 'stone2' })], products)).toBe(3250);
    expect(goodsCents([line(CHAIN, 1, { style: 'necklace', size: '20' })], products)).toBe(4400);
  });

  it('takes the volume break the product’s lines reach together', () => {
    // 12 + 8 pieces reach 20: 10 % off each unit.
    expect(goodsCents([line(RING, 12), line(RING, 8, { stoneType: 'stone2' })], products)).toBe(12 * 900 + 8 * 1125);
  });

  it('counts a choice the product no longer prices at its display price', () => {
    expect(goodsCents([line(CHAIN, 1, { style: 'necklace', size: '24' })], products)).toBe(4000);
  });
});

describe('estimateFrom', () => {
  it('prices the goods and the parcel’s weight (a product without one weighs nothing): Ground free from $100', () => {
    const estimate = estimateFrom([line(RING, 3), line(CHAIN, 2)], products, [ground], { country: 'US', state: 'NY' });
    expect(estimate).toEqual({
      rates: [{ methodId: 'ground', name: 'Ground', cents: 0, free: true }],
      goodsCents: 3 * 1000 + 2 * 4000,
      grams: 10,
      message: null,
    });
  });

  it('says nobody ships there only when the shop has methods', () => {
    expect(estimateFrom([line(RING, 1)], products, [ground], { country: 'BR' })).toMatchObject({ rates: [], message: NO_SHIPPING_MESSAGE });
    expect(estimateFrom([line(RING, 1)], products, [], { country: 'BR' })).toMatchObject({ rates: [], message: null });
  });
});

describe('estimateRequestSchema', () => {
  it('drops what the browser may not decide, and reads the country in any case', () => {
    const parsed = estimateRequestSchema.parse({
      lines: [{ productId: RING, quantity: 2, unitPriceCents: 1, weight: 0 }],
      country: ' ca ',
      postalCode: 'K1A 0B1',
      goodsCents: 1,
    });
    expect(parsed).toEqual({ lines: [{ productId: RING, quantity: 2, specifications: {} }], country: 'CA', postalCode: 'K1A 0B1' });
  });

  it('refuses an empty cart, a country that is no code, and a fractional quantity', () => {
    expect(estimateRequestSchema.safeParse({ lines: [], country: 'US' }).error?.issues[0]?.message).toBe('Your cart is empty.');
    expect(estimateRequestSchema.safeParse({ lines: [line(RING, 1)], country: 'Canada' }).error?.issues[0]?.message).toBe('Please choose a country.');
    expect(estimateRequestSchema.safeParse({ lines: [line(RING, 1.5)], country: 'US' }).success).toBe(false);
  });
});
