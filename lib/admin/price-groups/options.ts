// Which options of a product a fixed price may name, what list prices it replaces and how it reads. '' in stone,
// style or size means every one. A fixed price must match at least one option the product sells (one with a list
// price, as the product page's rules in lib/purchase/pricing.ts decide), so no group can price what nobody may buy.
// Pure.
import { BRACELET_SIZES, CATEGORY_INFO, NECKLACE_LENGTHS } from '../../catalog/categories';
import { formatRingSizes } from '../../catalog/ring-sizes';
import type { Product } from '../../catalog/types';
import { availableStyles, hasSecondStone, ringSizing, sizesFor, unitPrice, type StoneChoice, type Style } from '../../purchase/pricing';
import { withInchMark } from '../../purchase/labels';
import { OPTION_WORDS, PRICE_TEXT, ROW_PROBLEMS } from './labels';

export type StoneKey = '' | StoneChoice;
export type StyleKey = '' | Style;

export interface PriceOption {
  stone: StoneKey;
  style: StyleKey;
  /** '' or a size as the catalog writes it ('7', '6.5', '18'). */
  size: string;
}

interface Sold extends PriceOption {
  stone: StoneChoice;
  price: number | null;
}

/** Every stone, style and size the product can be chosen in, with its list price (null: not sold). */
function choices(product: Product): Sold[] {
  const stones: StoneChoice[] = hasSecondStone(product) ? ['stone1', 'stone2'] : ['stone1'];
  let shapes: { style: StyleKey; size: string }[];
  if (product.category === 'rings') {
    const sizes = ringSizing(product).sizes;
    shapes = sizes.length > 0 ? sizes.map((size) => ({ style: '', size })) : [{ style: '', size: '' }];
  } else if (product.category === 'necklaces' || product.category === 'bracelets') {
    shapes = availableStyles(product).flatMap((style) => sizesFor(style).map((size) => ({ style, size })));
  } else {
    shapes = [{ style: '', size: '' }];
  }
  return stones.flatMap((stone) =>
    shapes.map(({ style, size }) => ({ stone, style, size, price: unitPrice(product, { stoneType: stone, style: style || null, size: size || null }) })),
  );
}

const matches = (option: PriceOption, choice: PriceOption) =>
  (option.stone === '' || option.stone === choice.stone) && (option.style === '' || option.style === choice.style) && (option.size === '' || option.size === choice.size);

const styleSizes = (style: Style) => (style === 'necklace' ? NECKLACE_LENGTHS : BRACELET_SIZES);

/** Why the product cannot have a fixed price for this option, or null. */
export function optionProblem(product: Product, option: PriceOption): string | null {
  const singular = CATEGORY_INFO[product.category].singular;
  if (option.stone === 'stone2' && !hasSecondStone(product)) return ROW_PROBLEMS.noSecondStone;
  const styles = availableStyles(product);
  if (option.style && styles.length === 0) return ROW_PROBLEMS.noStyles;
  if (option.style && !styles.includes(option.style)) return ROW_PROBLEMS.notSoldAs(singular, option.style);
  if (option.size) {
    if (product.category === 'rings') {
      const sizes = ringSizing(product).sizes;
      if (sizes.length === 0) return ROW_PROBLEMS.adjustableRing;
      if (!sizes.includes(option.size)) return ROW_PROBLEMS.ringSize(option.size, formatRingSizes(sizes));
    } else if (styles.length === 0) {
      return ROW_PROBLEMS.noSizes(CATEGORY_INFO[product.category].label.toLowerCase());
    } else {
      const asked = option.style ? [option.style] : styles;
      if (!asked.some((s) => styleSizes(s).includes(option.size as never))) {
        const what = asked.map((s) => (s === 'necklace' ? 'necklace length' : 'bracelet size')).join(' or ');
        const sizes = asked.map((s) => styleSizes(s).join(', ')).join('; ');
        return ROW_PROBLEMS.familySize(option.size, what, sizes);
      }
    }
  }
  return choices(product).some((c) => c.price !== null && matches(option, c)) ? null : ROW_PROBLEMS.noListPrice;
}

/** The lowest and highest list price among the options a fixed price covers; null when none is sold. */
export function listPriceRange(product: Product, option: PriceOption): { min: number; max: number } | null {
  const prices = choices(product)
    .filter((c) => c.price !== null && matches(option, c))
    .map((c) => c.price!);
  return prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null;
}

/** 'Stone 2 (Onyx) · Bracelet · 7"', 'Size 9', or 'Every option'. */
export function optionWords(option: PriceOption, product: Pick<Product, 'category' | 'stone' | 'stone_details'> | null): string {
  const parts: string[] = [];
  if (option.stone) {
    const name = option.stone === 'stone2' ? product?.stone_details?.Stone2 : (product?.stone_details?.Stone1 ?? product?.stone);
    parts.push(name?.trim() ? `${OPTION_WORDS[option.stone]} (${name.trim()})` : OPTION_WORDS[option.stone]);
  }
  if (option.style) parts.push(OPTION_WORDS[option.style]);
  if (option.size) parts.push(product?.category === 'rings' ? OPTION_WORDS.ringSize(option.size) : withInchMark(option.size));
  return parts.length ? parts.join(' · ') : PRICE_TEXT.everyOption;
}
