// Shipping rates as rules: which methods reach an address (zones), what each costs for an order (value or weight
// bands, a free-shipping threshold, a handling fee). Pure: the cart's estimate, the checkout and the admin's preview
// all price with these functions (ARCHITECTURE.md, "Checkout").
import { z } from 'zod';

/** A band starts at an order value in cents ('value') or a parcel weight in grams ('weight'). */
export interface ShippingBand {
  from: number;
  cents: number;
}

export type ShippingBasis = 'value' | 'weight';

export interface ShippingMethod {
  id: string;
  name: string;
  /** 'US' (a country) or 'US-IL' (a US state). */
  zones: string[];
  basis: ShippingBasis;
  bands: ShippingBand[];
  freeOverCents: number | null;
  handlingCents: number;
}

/** What an order is priced on: its goods and the parcel's weight. */
export interface Parcel {
  goodsCents: number;
  grams: number;
}

export interface ShippingRate {
  methodId: string;
  name: string;
  cents: number;
  /** Free because the goods reached the method's threshold. */
  free: boolean;
}

export interface Destination {
  country: string;
  state?: string | null;
}

const ZONE = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

export const bandsSchema = z
  .array(z.object({ from: z.number().int().min(0).max(1e10), cents: z.number().int().min(0).max(1e8) }))
  .min(1, 'Add at least one price band.')
  .max(20, 'A method has at most 20 price bands.')
  .refine((bands) => bands[0]?.from === 0, 'The first band must start at 0.')
  .refine(
    (bands) => bands.every((b, i) => i === 0 || b.from > bands[i - 1]!.from),
    'Each band must start above the one before it.',
  );

export const zonesSchema = z
  .array(z.string().trim().toUpperCase().regex(ZONE, 'A zone is a country code (US) or a US state (US-IL).'))
  .min(1, 'Choose at least one zone.')
  .max(300);

/** Whether `zone` covers the address: a country covers all of it, 'US-IL' only Illinois. */
export function zoneCovers(zone: string, to: Destination): boolean {
  const country = to.country.trim().toUpperCase();
  const [zoneCountry, zoneState] = zone.split('-');
  if (zoneCountry !== country) return false;
  return !zoneState || zoneState === (to.state ?? '').trim().toUpperCase();
}

export function methodReaches(method: Pick<ShippingMethod, 'zones'>, to: Destination): boolean {
  return method.zones.some((zone) => zoneCovers(zone, to));
}

/** The band for `figure`: the one with the largest start at or below it. */
export function bandFor(bands: readonly ShippingBand[], figure: number): ShippingBand | null {
  let found: ShippingBand | null = null;
  for (const band of bands) if (band.from <= figure && (!found || band.from > found.from)) found = band;
  return found;
}

/** The method's price for the parcel: free at its threshold, else its band's price plus handling. */
export function methodPrice(method: ShippingMethod, parcel: Parcel): { cents: number; free: boolean } {
  if (method.freeOverCents !== null && parcel.goodsCents >= method.freeOverCents) return { cents: 0, free: true };
  const band = bandFor(method.bands, method.basis === 'weight' ? parcel.grams : parcel.goodsCents);
  return { cents: (band?.cents ?? 0) + method.handlingCents, free: false };
}

/** Every method that reaches the address, in the shop's order, with its price for the parcel. */
export function ratesFor(methods: readonly ShippingMethod[], to: Destination, parcel: Parcel): ShippingRate[] {
  return methods
    .filter((m) => methodReaches(m, to))
    .map((m) => ({ methodId: m.id, name: m.name, ...methodPrice(m, parcel) }));
}

/** The rate the buyer chose if it still applies, else the first (the shop lists its default first). */
export function chooseRate(rates: readonly ShippingRate[], wanted: string | null | undefined): ShippingRate | null {
  return rates.find((r) => r.methodId === wanted) ?? rates[0] ?? null;
}

/** A parcel's weight: the lines' product weights (grams each) times their quantities, rounded up to a gram. */
export function parcelGrams(lines: readonly { quantity: number; grams: number | null }[]): number {
  const grams = lines.reduce((sum, l) => sum + (l.grams ?? 0) * l.quantity, 0);
  // To the milligram first: 900 × 1.11 g is 999.0000000000001 in floating point, not 1,000 g.
  return Math.ceil(Math.round(grams * 1000) / 1000);
}

/** How much more is needed to reach the minimum order, or 0. */
export function shortOfMinimum(goodsCents: number, minimumCents: number | null): number {
  return minimumCents !== null && goodsCents < minimumCents ? minimumCents - goodsCents : 0;
}
