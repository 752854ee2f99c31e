// Cart money (line total = (selectedPrice or product price) × quantity). Sums run in cents so that
// 0.1 + 0.2 style float errors never reach the page.
import { toCents } from '../core/format/money';
import type { CartItem } from './types';

/** Unit price in dollars: the chosen option's price, else the product's display price, else 0. */
export function lineUnitPrice(item: Pick<CartItem, 'selectedPrice' | 'product'>): number {
  const price = item.selectedPrice ?? item.product.price;
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : 0;
}

export function lineTotalCents(item: Pick<CartItem, 'selectedPrice' | 'product' | 'quantity'>): number {
  return toCents(lineUnitPrice(item)) * item.quantity;
}

export function lineTotal(item: Pick<CartItem, 'selectedPrice' | 'product' | 'quantity'>): number {
  return lineTotalCents(item) / 100;
}

export function cartSubtotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + lineTotalCents(item), 0);
}

export function cartSubtotal(items: readonly CartItem[]): number {
  return cartSubtotalCents(items) / 100;
}

/** Pieces in the cart: the header badge's number. */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
