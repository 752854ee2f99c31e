import type { ProductSummary } from '../catalog/types';

/** Whether a card's quick add has a price to add at (the opening selection's price). Kept apart from lines.ts so a
 * card can ask without loading the cart rules, which load after the page. */
export function hasQuickAddPrice(summary: Pick<ProductSummary, 'default_price'>): boolean {
  return summary.default_price !== null && summary.default_price > 0;
}
