// What a shopper chose for one line (stone, size or length, material, style) and the product facts a cart line
// keeps for display. The cart stores them; the server prices from the product rows, never from these.
import type { Category } from '../catalog/categories';
import type { PriceBreak } from '../catalog/types';
import type { StoneChoice, Style } from './pricing';

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
  /** Bought in multiples of this; carts stored before pack sizes have none (1). */
  packSize?: number;
  /** Volume tiers; carts stored before them have none. */
  priceBreaks?: PriceBreak[];
  /** Display price of the product (the normalised `price`). */
  price: number | null;
}
