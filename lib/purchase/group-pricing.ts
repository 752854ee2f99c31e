// The one price resolver (ARCHITECTURE.md, "Trade accounts and price groups"). A buyer in a price group pays the
// group's price for a selection: the group's fixed price for it where one is set (the most specific row: for
// the product, its stone, style or size), otherwise the list price less the group's percentage. A volume break
// takes its percent off the list price. The line is charged the better of the two, never both. Every surface that
// shows or charges a price (product page, cards, search, quick order, cart, checkout, reorder) prices through
// `resolveUnitCents`. Pure, and small enough to travel to the browser.
import { ringSizePrice, type RingSizing } from '../catalog/ring-sizes';
import { ringSizing, unitPrice, type StoneChoice, type Style } from './pricing';
import type { Product } from '../catalog/types';
import { breakFor, discountedCents, nextBreak, type PriceBreak } from './volume-pricing';

/** A fixed price of a group for one product: '' in stone, style or size means every one. */
export interface FixedPrice {
  stone: '' | StoneChoice;
  style: '' | Style;
  size: string;
  /** Dollars. */
  price: number;
}

/** What a buyer's group charges: its percentage off list prices and its fixed prices by product id. */
export interface GroupTerms {
  id: string;
  name: string;
  percentOff: number;
  fixed: ReadonlyMap<string, readonly FixedPrice[]>;
}

/** How a line was priced, as its order line records it. */
export type PriceRule = 'list' | 'group_percent' | 'group_fixed' | 'break';

export interface SelectionKey {
  stoneType: StoneChoice;
  style: Style | null;
  size: string | null;
}

/** The fixed price row that applies to a selection: the most specific match, or null. */
export function matchFixedPrice(rows: readonly FixedPrice[] | undefined, selection: SelectionKey): FixedPrice | null {
  let best: FixedPrice | null = null;
  let bestScore = -1;
  for (const row of rows ?? []) {
    if (row.stone && row.stone !== selection.stoneType) continue;
    if (row.style && row.style !== (selection.style ?? '')) continue;
    if (row.size && row.size !== (selection.size ?? '')) continue;
    // A size names one option most narrowly, then a style, then a stone.
    const score = (row.size ? 4 : 0) + (row.style ? 2 : 0) + (row.stone ? 1 : 0);
    if (score > bestScore) {
      best = row;
      bestScore = score;
    }
  }
  return best;
}

export interface GroupPrice {
  cents: number;
  rule: 'group_percent' | 'group_fixed';
}

/**
 * The group's unit price for a selection whose list unit price is `listDollars`, or null without a group. A ring's
 * fixed price set without a size is its base price: the size surcharge still applies above it, as on the list.
 */
export function groupUnitPrice(
  terms: GroupTerms | null,
  productId: string,
  selection: SelectionKey,
  listDollars: number,
  ringSizing?: RingSizing | null,
): GroupPrice | null {
  if (!terms) return null;
  const fixed = matchFixedPrice(terms.fixed.get(productId.toLowerCase()), selection);
  if (fixed) {
    const dollars = !fixed.size && ringSizing ? ringSizePrice(fixed.price, ringSizing, selection.size) : fixed.price;
    return { cents: toWholeCents(dollars), rule: 'group_fixed' };
  }
  return { cents: discountedCents(toWholeCents(listDollars), terms.percentOff), rule: 'group_percent' };
}

export interface ResolvedPrice {
  unitCents: number;
  rule: PriceRule;
  /** The volume break charged, when the break won. */
  percentOff: number | null;
}

/**
 * The unit price charged: the better of the group's price and the volume break reached by the product's total
 * quantity, never both. A tie goes to the group's price (no break named on the line).
 */
export function resolveUnitCents(input: {
  listCents: number;
  group: GroupPrice | null;
  totalQuantity: number;
  breaks: readonly PriceBreak[] | null | undefined;
}): ResolvedPrice {
  const reached = breakFor(input.totalQuantity, input.breaks);
  const breakCents = reached ? discountedCents(input.listCents, reached.percentOff) : null;
  if (input.group && (breakCents === null || input.group.cents <= breakCents)) {
    return { unitCents: input.group.cents, rule: input.group.rule, percentOff: null };
  }
  if (reached && breakCents !== null) return { unitCents: breakCents, rule: 'break', percentOff: reached.percentOff };
  return { unitCents: input.listCents, rule: 'list', percentOff: null };
}

/** Dollars to whole cents (lib/core/format/money's rule, without importing the server's formatters). */
function toWholeCents(dollars: number): number {
  return Math.round(Number((dollars * 100).toFixed(6)));
}

/**
 * A card's 'From' price for a group: the lowest of the list 'From' less the group's percentage and the product's
 * fixed prices; a fixed price for every option replaces the list altogether.
 */
export function groupFromPrice(terms: GroupTerms, productId: string, listFrom: number | null): number | null {
  const rows = terms.fixed.get(productId.toLowerCase()) ?? [];
  const everyOption = rows.find((r) => !r.stone && !r.style && !r.size);
  if (everyOption) return Math.min(...rows.map((r) => r.price));
  const candidates = rows.map((r) => r.price);
  if (listFrom !== null) candidates.push(discountedCents(toWholeCents(listFrom), terms.percentOff) / 100);
  return candidates.length ? Math.min(...candidates) : null;
}

/**
 * The browser's side of the rule: a unit price as the product page, the size run and the cart show it. `price` is
 * the selection's price as the page gave it (the group's price where the buyer has a group, with `listPrice` beside
 * it; else the list price alone).
 */
export function shownUnitCents(
  price: number,
  listPrice: number | null | undefined,
  totalQuantity: number,
  breaks: readonly PriceBreak[] | null | undefined,
): ResolvedPrice {
  const group: GroupPrice | null = listPrice != null ? { cents: toWholeCents(price), rule: 'group_percent' } : null;
  return resolveUnitCents({ listCents: toWholeCents(listPrice ?? price), group, totalQuantity, breaks });
}

/** The next break worth naming: one whose price beats what the buyer pays now ('Add {n} more for {p}% off'). */
export function nextUsefulBreak(
  price: number,
  listPrice: number | null | undefined,
  totalQuantity: number,
  breaks: readonly PriceBreak[] | null | undefined,
): { more: number; percentOff: number } | null {
  if (listPrice == null) return nextBreak(totalQuantity, breaks);
  const paying = shownUnitCents(price, listPrice, totalQuantity, breaks).unitCents;
  const listCents = toWholeCents(listPrice);
  let best: PriceBreak | null = null;
  for (const b of breaks ?? []) {
    if (b.minQuantity > totalQuantity && discountedCents(listCents, b.percentOff) < paying && (!best || b.minQuantity < best.minQuantity)) best = b;
  }
  return best ? { more: best.minQuantity - totalQuantity, percentOff: best.percentOff } : null;
}

/**
 * One line's unit price from the product row, as checkout charges it and the cart's estimate counts it: the list
 * price of the selection (null: the selection has none), the group's price and the better of it and the break.
 */
export function priceProductLine(
  product: Product,
  selection: SelectionKey,
  totalQuantity: number,
  terms: GroupTerms | null,
): { listDollars: number; group: GroupPrice | null; resolved: ResolvedPrice } | null {
  const listDollars = unitPrice(product, selection);
  if (listDollars === null) return null;
  const group = groupUnitPrice(terms, product.id, selection, listDollars, product.category === 'rings' ? ringSizing(product) : null);
  const resolved = resolveUnitCents({ listCents: toWholeCents(listDollars), group, totalQuantity, breaks: product.price_breaks });
  return { listDollars, group, resolved };
}
