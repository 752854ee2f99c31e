// The Product References box of the cart page: its SKUs, and what Copy References puts on the clipboard.
import type { CartItem } from './types';

/** The SKUs of the cart, each once, in cart order: the Product References box. */
export function productReferences(items: readonly CartItem[]): string[] {
  const seen = new Set<string>();
  for (const item of items) {
    const sku = item.product.sku?.trim();
    if (sku) seen.add(sku);
  }
  return [...seen];
}

/** What Copy References puts on the clipboard: one SKU per line. */
export function referencesText(items: readonly CartItem[]): string {
  return productReferences(items).join('\n');
}
