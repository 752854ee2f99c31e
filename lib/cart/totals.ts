// Cart money (line total = (selectedPrice or product price, less the product's volume break, or the group's price
// where better) × quantity), priced as the server's checkout prices it (lib/checkout/pricing.ts). Sums run in cents so that 0.1 + 0.2 style float errors
// never reach the page.
import { shownUnitCents } from '../purchase/group-pricing';
import type { CartItem } from './types';

/** Unit price in dollars: the chosen option's price, else the product's display price, else 0. */
export function lineUnitPrice(item: Pick<CartItem, 'selectedPrice' | 'product'>): number {
  const price = item.selectedPrice ?? item.product.price;
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : 0;
}

export interface CartLinePrice {
  unitCents: number;
  totalCents: number;
  /** The volume break the line is priced at, or null. */
  percentOff: number | null;
}

/** Each line's price, in the cart's order: a break counts the product's pieces over all its lines (mix and match). */
export function cartLinePrices(items: readonly CartItem[]): CartLinePrice[] {
  const pieces = new Map<string, number>();
  for (const item of items) pieces.set(item.productId, (pieces.get(item.productId) ?? 0) + item.quantity);
  return items.map((item) => {
    const { unitCents, percentOff } = shownUnitCents(
      lineUnitPrice(item),
      item.listPrice,
      pieces.get(item.productId) ?? item.quantity,
      item.product.priceBreaks,
    );
    return { unitCents, totalCents: unitCents * item.quantity, percentOff };
  });
}

export function cartSubtotalCents(items: readonly CartItem[]): number {
  return cartLinePrices(items).reduce((sum, line) => sum + line.totalCents, 0);
}

export function cartSubtotal(items: readonly CartItem[]): number {
  return cartSubtotalCents(items) / 100;
}
