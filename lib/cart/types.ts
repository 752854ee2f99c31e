// The cart kept in the browser's local storage under `jewelry_cart` (SPEC §3). The server re-prices every line at
// checkout; `selectedPrice` and the product snapshot are for display only.
import type { Category } from '../catalog/categories';
import type { StoneChoice, Style } from '../purchase/pricing';

export const CART_STORAGE_KEY = 'jewelry_cart';

export interface CartSpecifications {
  stoneType?: StoneChoice;
  stoneName?: string | null;
  size?: string | null;
  material?: string | null;
  style?: Style | null;
}

export interface CartProductSnapshot {
  name: string;
  sku: string | null;
  category: Category;
  imageUrl: string | null;
  moq: number;
  /** Display price of the product (SPEC's normalised `price`). */
  price: number | null;
}

export interface CartItem {
  /** productId plus the serialised specifications: the same product with the same choices is one line. */
  id: string;
  productId: string;
  quantity: number;
  specifications: CartSpecifications;
  selectedPrice?: number | null;
  product: CartProductSnapshot;
}
