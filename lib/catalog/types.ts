// Row shapes of the product tables as the server reads them (numeric columns arrive as strings from Postgres and are
// converted to numbers by the catalog data module before they reach components).
import type { Category } from './categories';
import type { LeadTimeKind } from './lead-time';

export interface StoneDetails {
  Stone1?: string | null;
  Stone2?: string | null;
}

/** A volume tier: buying `minQuantity` or more of the product takes `percentOff` off (lib/purchase/volume-pricing.ts). */
export type PriceBreak = {
  minQuantity: number;
  /** 0 < percentOff <= 90, at most two decimals. */
  percentOff: number;
};

export interface ProductBase {
  id: string;
  category: Category;
  name: string;
  sku: string | null;
  description: string | null;
  material: string | null;
  stone: string | null;
  stone_details: StoneDetails | null;
  weight: number | null;
  moq: number;
  /** Bought in multiples of this (1: any quantity from the MOQ). */
  pack_size: number;
  /** Volume tiers, ascending; empty for none. */
  price_breaks: PriceBreak[];
  /** When it ships (lib/catalog/lead-time.ts: productLeadTime); absent from rows built without them. */
  lead_time_kind?: LeadTimeKind;
  lead_time_min?: number;
  lead_time_max?: number;
  is_new_arrival: boolean;
  is_mens_jewelry: boolean;
  created_at: string;
  image_url: string | null;
  price_from: number | null;
}

type StonePrices = { price_stone1: number | null; price_stone2: number | null };

type LengthKey = '16' | '18' | '20' | '22' | '24' | '26' | '28' | '30';
type SizeKey = '6' | '6_5' | '7' | '7_5' | '8' | '8_5';
export type NecklacePriceColumn = `n_price_${LengthKey}_stone${1 | 2}`;
export type BraceletPriceColumn = `b_price_${SizeKey}_stone${1 | 2}`;
type FamilyPrices = { [K in NecklacePriceColumn | BraceletPriceColumn]: number | null };

export interface Ring extends ProductBase, StonePrices {
  category: 'rings';
  is_adjustable: boolean;
  /** US sizes offered, ascending ('5', '5.5', …); none for an adjustable ring (lib/catalog/ring-sizes.ts). */
  sizes: string[];
  /** Dollars added from `size_surcharge_from` up; both null for none. */
  size_surcharge: number | null;
  size_surcharge_from: string | null;
}
export interface Necklace extends ProductBase, FamilyPrices {
  category: 'necklaces';
  necklace_type: 'Chain' | 'Pendant' | null;
  chain_length: string | null;
  clasp_type: string | null;
  is_adjustable: boolean;
  is_bracelet: boolean;
}
export interface Bracelet extends ProductBase, FamilyPrices {
  category: 'bracelets';
  clasp_type: string | null;
  is_adjustable: boolean;
  is_necklace: boolean;
}
export interface Earring extends ProductBase, StonePrices {
  category: 'earrings';
  earring_type: string | null;
  closure_type: string | null;
}
export interface BodyJewelry extends ProductBase, StonePrices {
  category: 'body_jewelry';
  jewelry_type: string | null;
  size: string | null;
  gauge: string | null;
}

export type Product = Ring | Necklace | Bracelet | Earring | BodyJewelry;

export interface ProductImage {
  id: string;
  image_url: string;
  is_primary: boolean;
  display_order: number;
}

/** One card in a listing or search result: the cross-category view's normalised columns. */
export interface ProductSummary {
  id: string;
  category: Category;
  name: string;
  sku: string | null;
  moq: number;
  pack_size: number;
  material: string | null;
  /** The first stone's name (stone_details.Stone1, else stone), or null for a piece without a stone. */
  stone_name: string | null;
  image_url: string | null;
  price_from: number | null;
  /** Price of the product page's opening selection; null when that selection has no price. */
  default_price: number | null;
  /** A ring's opening size (lib/catalog/ring-sizes.ts); null for the other categories and adjustable rings. */
  default_size: string | null;
  /** What the opening size's surcharge adds to default_price (dollars; 0 without one). */
  opening_surcharge?: number;
  /** Where the buyer's group prices the card: the list price of the opening selection beside its default_price. */
  list_price?: number | null;
  /** Where the shop hides prices from this visitor: what they must do to see them (lib/purchase/price-view.ts). */
  price_gate?: 'sign_in' | 'apply';
  created_at: string;
}
