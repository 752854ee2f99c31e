// The cart kept in the browser's local storage under `jewelry_cart`. The server re-prices every line at
// checkout; `selectedPrice` and the product snapshot are for display only.
import type { CartProductSnapshot, CartSpecifications } from '../purchase/types';

export const CART_STORAGE_KEY = 'jewelry_cart';

export interface CartItem {
  /** productId plus the serialised specifications: the same product with the same choices is one line. */
  id: string;
  productId: string;
  quantity: number;
  specifications: CartSpecifications;
  selectedPrice?: number | null;
  /** The list price beside a group's `selectedPrice` (lib/purchase/group-pricing.ts); absent for a list price. */
  listPrice?: number | null;
  product: CartProductSnapshot;
}
