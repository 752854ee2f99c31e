import 'server-only';
// The cart's shipping estimate: the goods' value and the parcel's weight from the product rows (never from the
// browser), priced by the shop's methods for a country and postal code. The methods come from the data cache, so
// an estimate costs one products read. Checkout prices shipping again from the full address.
import { unstable_cache } from 'next/cache';
import { z } from 'zod';
import { getProductsByIds } from '../catalog/product';
import type { Product } from '../catalog/types';
import { SHOP_SETTINGS_TAG } from '../core/cache/tags';
import { asAnon } from '../core/db';
import { HttpError } from '../core/errors';
import { toCents } from '../core/format/money';
import { KB } from '../core/request-body';
import { cartLineSchema } from '../cart/line-schema';
import { displayPrice } from '../purchase/pricing';
import { priceProductLine, type GroupTerms } from '../purchase/group-pricing';
import { readActiveShippingMethods } from './methods';
import { POSTAL_CODE_MESSAGE, shippingDestination } from './postal';
import { parcelGrams, ratesFor, type Destination, type ShippingMethod, type ShippingRate } from './rates';

export const NO_SHIPPING_MESSAGE = "We don't ship to this address yet. Please contact us for a quote.";
export const UNKNOWN_PRODUCT_MESSAGE = 'An item in your cart is no longer available. Please remove it from your cart.';
export const MAX_ESTIMATE_LINES = 500;
// 500 lines of id, quantity and choices.
export const MAX_ESTIMATE_BODY_BYTES = 128 * KB;

export const estimateRequestSchema = z.object({
  lines: z.array(cartLineSchema).min(1, { error: 'Your cart is empty.' })
    .max(MAX_ESTIMATE_LINES, { error: `An estimate takes at most ${MAX_ESTIMATE_LINES} lines.` }),
  country: z.string({ error: 'Please choose a country.' }).trim().toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Please choose a country.' }),
  // Its shape is the destination's question (shippingDestination), which knows the country's words for it.
  postalCode: z.string({ error: POSTAL_CODE_MESSAGE }).max(64, { error: POSTAL_CODE_MESSAGE }).default(''),
});

export type EstimateRequest = z.infer<typeof estimateRequestSchema>;
export type EstimateLine = EstimateRequest['lines'][number];

export interface ShippingEstimate {
  /** Each method that reaches the destination, in the shop's order; none: nobody ships there. */
  rates: ShippingRate[];
  goodsCents: number;
  grams: number;
  /** NO_SHIPPING_MESSAGE when the shop has methods and none reaches the destination. */
  message: string | null;
}

/** The active methods, cached until staff change the shop's settings (tag SHOP_SETTINGS_TAG). */
export const cachedShippingMethods = unstable_cache(() => asAnon(readActiveShippingMethods), ['shipping-methods-v1'], {
  tags: [SHOP_SETTINGS_TAG],
  revalidate: 3600,
});

/**
 * The goods' value in cents, priced as the cart and checkout price a line (lib/purchase/group-pricing.ts: the
 * chosen option's list price less the break the product's total reaches, or the buyer's group price where better). A choice the product no longer prices counts at its display price:
 * checkout names that line, the estimate only needs a figure.
 */
export function goodsCents(lines: readonly EstimateLine[], products: ReadonlyMap<string, Product>, terms: GroupTerms | null = null): number {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  let sum = 0;
  for (const line of lines) {
    const product = products.get(line.productId)!;
    const spec = line.specifications;
    const selection = { stoneType: spec.stoneType ?? 'stone1', size: spec.size ?? null, style: spec.style ?? null } as const;
    const price = priceProductLine(product, selection, totals.get(line.productId) ?? line.quantity, terms);
    sum += (price?.resolved.unitCents ?? toCents(displayPrice(product) ?? 0)) * line.quantity;
  }
  return sum;
}

/** Rates for the lines' goods and weight at the destination, from methods already read (pure). */
export function estimateFrom(
  lines: readonly EstimateLine[],
  products: ReadonlyMap<string, Product>,
  methods: readonly ShippingMethod[],
  to: Destination,
  terms: GroupTerms | null = null,
): ShippingEstimate {
  const goods = goodsCents(lines, products, terms);
  const grams = parcelGrams(lines.map((l) => ({ quantity: l.quantity, grams: numberOrNull(products.get(l.productId)!.weight) })));
  const rates = ratesFor(methods, to, { goodsCents: goods, grams });
  // A shop with no methods charges no shipping at checkout, so only a shop with methods can fail to reach a place.
  return { rates, goodsCents: goods, grams, message: methods.length > 0 && rates.length === 0 ? NO_SHIPPING_MESSAGE : null };
}

const numberOrNull = (value: unknown): number | null => {
  const n = Number(value);
  return value === null || value === undefined || !Number.isFinite(n) || n < 0 ? null : n;
};

/**
 * The estimate for a parsed request. A bad postal code or a product no longer sold is a 400 naming it; the lines
 * are otherwise taken as the cart holds them (checkout holds them to the MOQ and pack sizes).
 */
export async function estimateShipping(request: EstimateRequest, terms: GroupTerms | null = null): Promise<ShippingEstimate> {
  const place = shippingDestination(request.country, request.postalCode);
  if ('error' in place) throw new HttpError(400, place.error, 'invalid_postal_code', { postalCode: place.error });
  const ids = request.lines.map((l) => l.productId.toLowerCase());
  const [products, methods] = await Promise.all([getProductsByIds(ids), cachedShippingMethods()]);
  const byId = new Map(products.map((p) => [p.id.toLowerCase(), p]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw new HttpError(400, UNKNOWN_PRODUCT_MESSAGE, 'unknown_product', { productId: missing });
  const lines = request.lines.map((l) => ({ ...l, productId: l.productId.toLowerCase() }));
  return estimateFrom(lines, byId, methods, place.destination, terms);
}
