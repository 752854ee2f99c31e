// A method's preview line: what a few typical orders would pay, priced by the checkout's own rule (methodPrice), so
// staff see the effect of their bands, threshold and handling before a buyer does. Pure.
import { formatCents } from '../../core/format/money';
import { methodPrice, type ShippingMethod } from '../../shipping/rates';
import { formatGrams } from './shipping-form';

/** Order values (cents) a value-priced method is shown for. */
export const PREVIEW_ORDERS = [10_000, 50_000, 200_000] as const;
/** Parcel weights (grams) a weight-priced method is shown for, each with an order of PREVIEW_GOODS. */
export const PREVIEW_PARCELS = [500, 2_000, 10_000] as const;
export const PREVIEW_GOODS = 50_000;

const price = (p: { cents: number; free: boolean }) => (p.free ? 'free' : formatCents(p.cents));

/** '$100.00 order: $15.00 · $500.00 order: $25.00 · $2,000.00 order: free'. */
export function previewLine(method: ShippingMethod): string {
  if (method.basis === 'weight') {
    return PREVIEW_PARCELS.map((grams) => `${formatGrams(grams)} parcel: ${price(methodPrice(method, { goodsCents: PREVIEW_GOODS, grams }))}`).join(' · ');
  }
  return PREVIEW_ORDERS.map((goodsCents) => `${formatCents(goodsCents)} order: ${price(methodPrice(method, { goodsCents, grams: 0 }))}`).join(' · ');
}
