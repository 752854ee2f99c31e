// Price rules of the product pages, shared with the server-side checkout so a charge always equals what the product
// page showed. Pure functions: no I/O.
import { BRACELET_SIZES, NECKLACE_LENGTHS } from '../catalog/categories';
import type { BraceletPriceColumn, NecklacePriceColumn, Product, Ring } from '../catalog/types';
import { defaultRingSize, ringSizePrice, type RingSizing } from '../catalog/ring-sizes';

export type StoneChoice = 'stone1' | 'stone2';
export type Style = 'necklace' | 'bracelet';

export interface PriceSelection {
  stoneType: StoneChoice;
  /** Necklace length ('16'…'30'), bracelet size ('6'…'8.5') or ring size ('5'…'9'); ignored for the other categories. */
  size?: string | null;
  /** Only for necklaces and bracelets. */
  style?: Style | null;
}

export const DEFAULT_NECKLACE_LENGTH = '18';
export const DEFAULT_BRACELET_SIZE = '7';
export const ADJUSTABLE_NECKLACE_LENGTH = '16';

/** Only prices above zero are prices; zero, negative or missing mean "no price". */
export function positivePrice(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function hasSecondStone(product: Pick<Product, 'stone_details'>): boolean {
  return Boolean(product.stone_details?.Stone2?.trim());
}

export function stoneName(product: Pick<Product, 'stone_details' | 'stone'>, stone: StoneChoice): string | null {
  const details = product.stone_details;
  const name = stone === 'stone2' ? details?.Stone2 : (details?.Stone1 ?? product.stone);
  return name?.trim() || null;
}

/** Styles a product can be bought in: necklaces and bracelets flagged as both offer both. */
export function availableStyles(product: Product): Style[] {
  if (product.category === 'necklaces') return product.is_bracelet ? ['necklace', 'bracelet'] : ['necklace'];
  if (product.category === 'bracelets') return product.is_necklace ? ['bracelet', 'necklace'] : ['bracelet'];
  return [];
}

/** The style a page opens with: the page's own kind. */
export function defaultStyle(product: Product): Style | null {
  return availableStyles(product)[0] ?? null;
}

/** A ring's sizes and surcharge as the size rules read them. */
export function ringSizing(ring: Pick<Ring, 'sizes' | 'size_surcharge' | 'size_surcharge_from'>): RingSizing {
  return { sizes: ring.sizes ?? [], surcharge: ring.size_surcharge ?? null, surchargeFrom: ring.size_surcharge_from ?? null };
}

/** The size a product's page opens with where it has no style: a ring's default size, else none. */
export function defaultProductSize(product: Product): string | null {
  return product.category === 'rings' ? defaultRingSize(product.sizes ?? []) : null;
}

/** Size after a style switch (necklace 18, bracelet 7). */
export function defaultSizeFor(style: Style | null | undefined): string | null {
  if (style === 'necklace') return DEFAULT_NECKLACE_LENGTH;
  if (style === 'bracelet') return DEFAULT_BRACELET_SIZE;
  return null;
}

export function sizesFor(style: Style): readonly string[] {
  return style === 'necklace' ? NECKLACE_LENGTHS : BRACELET_SIZES;
}

function familyColumn(style: Style, size: string, stone: StoneChoice): NecklacePriceColumn | BraceletPriceColumn | null {
  const n = stone === 'stone2' ? 2 : 1;
  if (!sizesFor(style).includes(size)) return null;
  const key = size.replace('.', '_');
  return (style === 'necklace' ? `n_price_${key}_stone${n}` : `b_price_${key}_stone${n}`) as
    | NecklacePriceColumn
    | BraceletPriceColumn;
}

/**
 * Unit price in dollars for a selection, or null when that option has no price (the option is then disabled and
 * cannot be bought). Adjustable necklaces always use the 16-inch price; a ring's size may add its surcharge.
 */
export function unitPrice(product: Product, selection: PriceSelection): number | null {
  const stone = selection.stoneType === 'stone2' ? 'stone2' : 'stone1';
  if (stone === 'stone2' && !hasSecondStone(product)) return null;
  switch (product.category) {
    case 'rings': {
      const base = positivePrice(stone === 'stone2' ? product.price_stone2 : product.price_stone1);
      const sizing = ringSizing(product);
      // A ring with sizes is bought in one of them; an adjustable ring (no sizes) in none.
      if (base === null || (sizing.sizes.length === 0 ? Boolean(selection.size) : !sizing.sizes.includes(selection.size ?? ''))) return null;
      return ringSizePrice(base, sizing, selection.size ?? null);
    }
    case 'earrings':
    case 'body_jewelry':
      return positivePrice(stone === 'stone2' ? product.price_stone2 : product.price_stone1);
    case 'necklaces':
    case 'bracelets': {
      const styles = availableStyles(product);
      const style = selection.style ?? styles[0]!;
      if (!styles.includes(style)) return null;
      const size =
        style === 'necklace' && product.is_adjustable
          ? ADJUSTABLE_NECKLACE_LENGTH
          : (selection.size ?? defaultSizeFor(style)!);
      const column = familyColumn(style, size, stone);
      return column ? positivePrice(product[column]) : null;
    }
  }
}

/** The normalised display price: price_stone1, otherwise the 18-inch stone-1 necklace price. */
export function displayPrice(product: Product): number | null {
  if ('price_stone1' in product) return positivePrice(product.price_stone1);
  return positivePrice(product.n_price_18_stone1);
}
