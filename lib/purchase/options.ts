// Option rules of the product detail page (stone, style, size, quantity, details list). Pure functions shared by the
// page's client components and the tests; prices come from pricing.ts so the checkout charges what the page shows.
import { withInchMark } from './labels';
import type { CartSpecifications } from './types';
import { materialLabel } from '../catalog/categories';
import {
  availableStyles,
  defaultProductSize,
  defaultSizeFor,
  defaultStyle,
  ringSizing,
  hasSecondStone,
  sizesFor,
  stoneName,
  unitPrice,
  type StoneChoice,
  type Style,
} from './pricing';
import { effectiveMoq } from './quantity';
import { formatDollars } from '../core/format/money';
import { ringSizesWords } from '../catalog/ring-sizes';
import type { Product } from '../catalog/types';

export interface ProductSelection {
  stoneType: StoneChoice;
  /** Necklace length, bracelet size or ring size; null for adjustable rings, earrings and body jewelry. */
  size: string | null;
  /** Necklace or bracelet; null for the other categories. */
  style: Style | null;
}

/** What the page opens with: stone 1, the page's own style, and that style's default size (18 in, 7 in, ring 7). */
export function initialSelection(product: Product): ProductSelection {
  const style = defaultStyle(product);
  return { stoneType: 'stone1', style, size: style ? defaultSizeFor(style) : defaultProductSize(product) };
}

export function selectionPrice(product: Product, selection: ProductSelection): number | null {
  return unitPrice(product, selection);
}

/**
 * Add to Cart needs a price for the current selection. The rule is written for rings; it holds for every category, because
 * the checkout cannot charge a line without a price.
 */
export function canAddToCart(product: Product, selection: ProductSelection): boolean {
  return selectionPrice(product, selection) !== null;
}

// ── Stone ───────────────────────────────────────────────────────────────────────────────────────────────────────────

export interface StoneOption {
  value: StoneChoice;
  /** What the buyer reads: the stone's name, never the shop's 'Stone 1' and 'Stone 2'. */
  label: string;
  /** The stone's name (from stone_details); null for the second choice of a piece with one stone. */
  name: string | null;
  disabled: boolean;
}

/** The disabled second choice of a piece with one stone (SPEC.md's Stone 2, said in a buyer's words). */
export const NO_SECOND_STONE = 'No other stone';

/**
 * The two stone choices by their names (the second enabled only when the product has a second stone); a piece
 * without a stone offers no choice at all.
 */
export function stoneOptions(product: Product): StoneOption[] {
  const first = stoneName(product, 'stone1');
  if (!first) return [];
  const second = hasSecondStone(product) ? stoneName(product, 'stone2') : null;
  return [
    { value: 'stone1', label: first, name: first, disabled: false },
    second
      ? { value: 'stone2', label: second, name: second, disabled: false }
      : { value: 'stone2', label: NO_SECOND_STONE, name: null, disabled: true },
  ];
}

export function selectStone(product: Product, selection: ProductSelection, stone: StoneChoice): ProductSelection {
  if (stone === 'stone2' && !hasSecondStone(product)) return selection;
  if (stone !== 'stone1' && stone !== 'stone2') return selection;
  return { ...selection, stoneType: stone };
}

// ── Style ───────────────────────────────────────────────────────────────────────────────────────────────────────────

export interface StyleOption {
  value: Style;
  label: string;
}

/** Necklaces flagged is_bracelet and bracelets flagged is_necklace can be bought in either style. */
export function styleOptions(product: Product): StyleOption[] {
  const styles = availableStyles(product);
  return styles.length > 1 ? styles.map((value) => ({ value, label: styleLabel(value) })) : [];
}

export function styleLabel(style: Style): string {
  return style === 'necklace' ? 'Necklace' : 'Bracelet';
}

/** Switching style resets the size to that style's default: necklace 18 in, bracelet 7 in. */
export function selectStyle(product: Product, selection: ProductSelection, style: Style): ProductSelection {
  if (!availableStyles(product).includes(style) || selection.style === style) return selection;
  return { ...selection, style, size: defaultSizeFor(style) };
}

// ── Size / length ───────────────────────────────────────────────────────────────────────────────────────────────────

export interface SizeOption {
  value: string;
  /** With the inch mark, e.g. 18". */
  label: string;
  price: number | null;
  /** A size without a price cannot be chosen. */
  disabled: boolean;
}

/** Necklace lengths or bracelet sizes for the selected style and stone, or a ring's sizes; others have none. */
export function sizeOptions(product: Product, selection: ProductSelection): SizeOption[] {
  const style = selection.style;
  if (product.category === 'rings' && !style) {
    return ringSizing(product).sizes.map((size) => {
      const price = unitPrice(product, { ...selection, size });
      return { value: size, label: size, price, disabled: price === null };
    });
  }
  if (!style || !availableStyles(product).includes(style)) return [];
  return sizesFor(style).map((size) => {
    const price = unitPrice(product, { ...selection, size });
    return { value: size, label: formatInches(size), price, disabled: price === null };
  });
}

/** The size group's legend: a style's, or a ring's (style null). */
export function sizeLegend(style: Style | null): 'Necklace Length' | 'Bracelet Size' | 'Ring Size' {
  if (!style) return 'Ring Size';
  return style === 'necklace' ? 'Necklace Length' : 'Bracelet Size';
}

/** Under a ring's sizes: what the surcharge adds and from which size ('Size 10 and up: +$2.00 a piece.'). */
export function ringSizeHint(product: Product): string | undefined {
  if (product.category !== 'rings') return undefined;
  const { surcharge, surchargeFrom } = ringSizing(product);
  return surcharge !== null && surchargeFrom !== null ? `Size ${surchargeFrom} and up: +${formatDollars(surcharge)} a piece.` : undefined;
}

export function selectSize(product: Product, selection: ProductSelection, size: string): ProductSelection {
  const option = sizeOptions(product, selection).find((o) => o.value === size);
  if (!option || option.disabled) return selection;
  return { ...selection, size };
}

/** Adjustable necklaces are priced at 16 in whatever length is chosen; the page says so. */
export function isAdjustableNecklace(product: Product, selection: ProductSelection): boolean {
  return (
    selection.style === 'necklace' &&
    (product.category === 'necklaces' || product.category === 'bracelets') &&
    product.is_adjustable
  );
}

/** '18' → 18", '6.5' → 6.5"; anything that is not a plain number (or fraction) is shown as stored. */
export function formatInches(size: string | number | null | undefined): string {
  if (size === null || size === undefined) return '';
  return withInchMark(String(size));
}

/** '16' → 16G; values with their own unit ('16g', '14 gauge') are shown as stored. */
export function formatGauge(gauge: string | number | null | undefined): string {
  if (gauge === null || gauge === undefined) return '';
  const text = String(gauge).trim();
  return /^\d+(\.\d+)?$/.test(text) ? `${text}G` : text;
}

// ── Cart specifications ─────────────────────────────────────────────────────────────────────────────────────────────

/** The cart line's specifications for a selection (stoneType, stoneName, size, material, style). */
export function cartSpecifications(product: Product, selection: ProductSelection): CartSpecifications {
  return {
    stoneType: selection.stoneType,
    stoneName: stoneName(product, selection.stoneType),
    size: selection.style || product.category === 'rings' ? selection.size : null,
    material: product.material,
    style: selection.style,
  };
}

// ── Details list ────────────────────────────────────────────────────────────────────────────────────────────────────

export interface DetailEntry {
  label: string;
  value: string;
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

function formatWeight(weight: number | null): string | null {
  if (weight === null || weight === undefined || !Number.isFinite(Number(weight))) return null;
  return `${Number(weight)} g`;
}

/**
 * The details the buyer's selection decides: the stone, the length or size, and the style where there are two. Shown
 * first in the Details list, so it never says one length while another is chosen.
 */
export function selectionDetails(product: Product, selection: ProductSelection): DetailEntry[] {
  const entries: DetailEntry[] = [];
  const stone = stoneName(product, selection.stoneType);
  if (stone) entries.push({ label: 'Stone', value: stone });
  if (selection.style && selection.size) {
    entries.push({ label: sizeLegend(selection.style), value: formatInches(selection.size) });
    if (availableStyles(product).length > 1) entries.push({ label: 'Style', value: styleLabel(selection.style) });
  } else if (product.category === 'rings' && selection.size) {
    entries.push({ label: sizeLegend(null), value: selection.size });
  }
  return entries;
}

/**
 * The details list under the options: every known attribute of the product that no selection changes, empty ones
 * left out (selectionDetails goes before them). A necklace's own chain length is not listed: its length is chosen.
 */
export function detailsList(product: Product): DetailEntry[] {
  // SKU and MOQ are shown beside the name and the quantity, so they are not repeated here.
  const entries: Array<[string, string | null | undefined]> = [['Material', materialLabel(product.material)]];
  switch (product.category) {
    case 'rings':
      entries.push(['Adjustable', yesNo(product.is_adjustable)]);
      if (product.sizes?.length) entries.push(['Sizes', ringSizesWords(product.sizes)]);
      break;
    case 'necklaces':
      entries.push(['Type', product.necklace_type], ['Clasp', product.clasp_type], ['Adjustable', yesNo(product.is_adjustable)]);
      if (product.is_bracelet) entries.push(['Also Available As', 'Bracelet']);
      break;
    case 'bracelets':
      entries.push(['Clasp', product.clasp_type], ['Adjustable', yesNo(product.is_adjustable)]);
      if (product.is_necklace) entries.push(['Also Available As', 'Necklace']);
      break;
    case 'earrings':
      entries.push(['Type', product.earring_type], ['Closure', product.closure_type]);
      break;
    case 'body_jewelry':
      entries.push(['Type', product.jewelry_type], ['Size', product.size], ['Gauge', formatGauge(product.gauge)]);
      break;
  }
  entries.push(['Weight', formatWeight(product.weight)]);
  return entries
    .map(([label, value]) => ({ label, value: typeof value === 'string' ? value.trim() : '' }))
    .filter((e) => e.value !== '');
}

// ── Page description ────────────────────────────────────────────────────────────────────────────────────────────────

const DESCRIPTION_MAX = 160;

/** The meta description: the product's own text cut at a word near 160 characters, or a summary of its facts. */
export function metaDescription(product: Product, category: { singular: string }): string {
  const own = product.description?.replace(/\s+/g, ' ').trim();
  if (own) {
    if (own.length <= DESCRIPTION_MAX) return own;
    const cut = own.slice(0, DESCRIPTION_MAX - 1);
    const space = cut.lastIndexOf(' ');
    return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s.,;:–—-]+$/, '')}…`;
  }
  const material = materialLabel(product.material).toLowerCase();
  const stone = stoneName(product, 'stone1');
  const parts = [
    `${product.name}: wholesale ${material ? `${material} ` : ''}${category.singular}${stone ? ` with ${stone}` : ''}.`,
    product.sku ? `SKU ${product.sku}.` : '',
    `Minimum order ${effectiveMoq(product.moq)}.`,
  ];
  return parts.filter(Boolean).join(' ');
}
