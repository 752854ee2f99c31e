import { describe, expect, it } from 'vitest';
import {
  bandFor,
  bandsSchema,
  chooseRate,
  methodPrice,
  methodReaches,
  parcelGrams,
  ratesFor,
  shortOfMinimum,
  zoneCovers,
  zonesSchema,
  type ShippingMethod,
} from '@/lib/shipping/rates';

const ground: ShippingMethod = {
  id: 'ground',
  name: 'Ground',
  zones: ['US'],
  basis: 'value',
  bands: [{ from: 0, cents: 1500 }, { from: 25_000, cents: 2500 }, { from: 100_000, cents: 3500 }],
  freeOverCents: 150_000,
  handlingCents: 0,
};
const air: ShippingMethod = {
  id: 'air',
  name: '2nd Day Air',
  zones: ['US'],
  basis: 'value',
  bands: [{ from: 0, cents: 3500 }, { from: 100_000, cents: 5500 }],
  freeOverCents: null,
  handlingCents: 500,
};
const world: ShippingMethod = {
  id: 'world',
  name: 'Worldwide',
  zones: ['CA', 'GB'],
  basis: 'weight',
  bands: [{ from: 0, cents: 6500 }, { from: 1000, cents: 9500 }, { from: 5000, cents: 16_000 }],
  freeOverCents: null,
  handlingCents: 1000,
};
const illinois: ShippingMethod = { ...ground, id: 'local', name: 'Local courier', zones: ['US-IL', 'US-WI'], freeOverCents: null };
const parcel = (goodsCents: number, grams = 0) => ({ goodsCents, grams });

describe('bands', () => {
  it('prices by value: the band with the largest start at or below the goods', () => {
    expect(methodPrice(ground, parcel(0))).toEqual({ cents: 1500, free: false });
    expect(methodPrice(ground, parcel(24_999))).toEqual({ cents: 1500, free: false });
    expect(methodPrice(ground, parcel(25_000))).toEqual({ cents: 2500, free: false });
    expect(methodPrice(ground, parcel(100_000))).toEqual({ cents: 3500, free: false });
  });

  it('prices by weight, whatever the goods are worth', () => {
    expect(methodPrice(world, parcel(900_000, 999))).toEqual({ cents: 7500, free: false });
    expect(methodPrice(world, parcel(100, 1000))).toEqual({ cents: 10_500, free: false });
    expect(methodPrice(world, parcel(100, 5000))).toEqual({ cents: 17_000, free: false });
  });

  it('takes the bands in any order', () => {
    expect(bandFor([{ from: 500, cents: 2 }, { from: 0, cents: 1 }], 700)).toEqual({ from: 500, cents: 2 });
    expect(bandFor([{ from: 500, cents: 2 }], 100)).toBeNull();
  });

  it('is free exactly at the threshold, and one cent below is not', () => {
    expect(methodPrice(ground, parcel(150_000))).toEqual({ cents: 0, free: true });
    expect(methodPrice(ground, parcel(149_999))).toEqual({ cents: 3500, free: false });
    // Never free without a threshold.
    expect(methodPrice(air, parcel(10_000_000)).free).toBe(false);
  });

  it('adds the handling fee to the band, not to a free parcel', () => {
    expect(methodPrice(air, parcel(10_000))).toEqual({ cents: 4000, free: false });
    expect(methodPrice(air, parcel(100_000))).toEqual({ cents: 6000, free: false });
    expect(methodPrice({ ...ground, handlingCents: 300 }, parcel(150_000))).toEqual({ cents: 0, free: true });
  });

  it('checks staff’s bands: the first at 0, each above the one before', () => {
    expect(bandsSchema.safeParse([{ from: 0, cents: 100 }, { from: 10, cents: 50 }]).success).toBe(true);
    expect(bandsSchema.safeParse([{ from: 5, cents: 100 }]).error?.issues[0]?.message).toBe('The first band must start at 0.');
    expect(bandsSchema.safeParse([{ from: 0, cents: 1 }, { from: 0, cents: 2 }]).error?.issues[0]?.message).toBe(
      'Each band must start above the one before it.',
    );
  });
});

describe('zones', () => {
  it('lets a country cover every state, and a state only itself', () => {
    expect(zoneCovers('US', { country: 'US', state: 'IL' })).toBe(true);
    expect(zoneCovers('US', { country: 'US' })).toBe(true);
    expect(zoneCovers('US-IL', { country: 'US', state: 'IL' })).toBe(true);
    expect(zoneCovers('US-IL', { country: 'US', state: 'IN' })).toBe(false);
    expect(zoneCovers('US-IL', { country: 'US', state: null })).toBe(false);
    expect(zoneCovers('US', { country: 'CA' })).toBe(false);
    expect(zoneCovers('US-IL', { country: 'CA', state: 'IL' })).toBe(false);
  });

  it('reads the address’s country and state in any case and spacing', () => {
    expect(zoneCovers('US-IL', { country: ' us ', state: ' il' })).toBe(true);
    expect(methodReaches(illinois, { country: 'us', state: 'wi' })).toBe(true);
    expect(zonesSchema.parse([' us-il ', 'ca'])).toEqual(['US-IL', 'CA']);
    expect(zonesSchema.safeParse(['Illinois']).success).toBe(false);
  });

  it('lists the methods that reach the address, in the shop’s order, each priced', () => {
    const methods = [ground, illinois, air, world];
    expect(ratesFor(methods, { country: 'US', state: 'IL' }, parcel(10_000)).map((r) => [r.methodId, r.cents, r.free])).toEqual([
      ['ground', 1500, false],
      ['local', 1500, false],
      ['air', 4000, false],
    ]);
    expect(ratesFor(methods, { country: 'US', state: 'NY' }, parcel(10_000)).map((r) => r.methodId)).toEqual(['ground', 'air']);
    expect(ratesFor(methods, { country: 'GB' }, parcel(10_000, 1200))).toEqual([
      { methodId: 'world', name: 'Worldwide', cents: 10_500, free: false },
    ]);
    expect(ratesFor(methods, { country: 'BR' }, parcel(10_000))).toEqual([]);
  });
});

describe('chooseRate', () => {
  const rates = ratesFor([ground, air], { country: 'US', state: 'IL' }, parcel(10_000));

  it('keeps the buyer’s choice while it still applies', () => {
    expect(chooseRate(rates, 'air')?.methodId).toBe('air');
  });

  it('falls back to the first (the shop’s default) for no choice or one that no longer reaches', () => {
    expect(chooseRate(rates, null)?.methodId).toBe('ground');
    expect(chooseRate(rates, undefined)?.methodId).toBe('ground');
    expect(chooseRate(rates, 'world')?.methodId).toBe('ground');
    expect(chooseRate([], 'air')).toBeNull();
  });
});

describe('parcelGrams', () => {
  it('sums weight × quantity and rounds up to a whole gram', () => {
    expect(parcelGrams([{ quantity: 3, grams: 2.5 }, { quantity: 2, grams: 10 }])).toBe(28);
    expect(parcelGrams([{ quantity: 1, grams: 0.2 }])).toBe(1);
    expect(parcelGrams([{ quantity: 10, grams: 99.95 }])).toBe(1000);
  });

  it('does not round a floating-point artefact up into the next gram (and the next weight band)', () => {
    expect(parcelGrams([{ quantity: 900, grams: 1.11 }])).toBe(999);
    expect(parcelGrams([{ quantity: 300, grams: 0.07 }])).toBe(21);
  });

  it('counts a product without a weight as nothing', () => {
    expect(parcelGrams([{ quantity: 5, grams: null }, { quantity: 2, grams: 3 }])).toBe(6);
    expect(parcelGrams([])).toBe(0);
  });
});

describe('shortOfMinimum', () => {
  it('says how much is missing below the minimum, and 0 at or above it or without one', () => {
    expect(shortOfMinimum(40_000, 50_000)).toBe(10_000);
    expect(shortOfMinimum(49_999, 50_000)).toBe(1);
    expect(shortOfMinimum(50_000, 50_000)).toBe(0);
    expect(shortOfMinimum(60_000, 50_000)).toBe(0);
    expect(shortOfMinimum(0, null)).toBe(0);
  });
});
