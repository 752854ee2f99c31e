// Pieces in the cart: the header badge's number. Apart from the totals (totals.ts), which price lines with volume
// breaks: the frame on every page needs only this count.
import type { CartItem } from './types';

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
