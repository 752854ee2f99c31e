// Size runs: several sizes or lengths of one product chosen at once on the product page, each its own cart line.
// Every line keeps the MOQ and pack rules (steps.ts); the volume break counts the run's pieces with the cart's other
// lines of the product, as the cart and the checkout count them. Pure, and loaded only with the panel that uses it.
import type { PriceBreak } from '../catalog/types';
import { roundUp, stepDown, stepUp, type Steps } from './steps';
import { shownUnitCents } from './group-pricing';

/** A size the page offers for the current stone and style (selection.ts's PurchaseOption). */
export interface SizeRunOption {
  value: string;
  /** '7' for a ring, '18"' for a length. */
  label: string;
  disabled?: boolean;
}

/** The size group's legend (options.ts: sizeLegend), which decides how sizes are named. */
export type SizeRunLegend = 'Ring Size' | 'Necklace Length' | 'Bracelet Size' | (string & {});

export interface SizeRunLine {
  size: string;
  label: string;
  /** The pieces asked for. */
  wanted: number;
  /** The pieces the cart line gets: whole packs, at least the smallest quantity. */
  quantity: number;
  /** What the rounding changed, said for this size; null when the wanted quantity is bought as it is. */
  note: string | null;
}

export interface SizeRun {
  /** In the page's order of sizes, only those with a quantity. */
  lines: SizeRunLine[];
  /** Pieces over all lines. */
  total: number;
  /** Why nothing can be added yet (no size has a quantity); null when the run can be added. */
  refusal: string | null;
}

const isLength = (legend: SizeRunLegend) => legend === 'Necklace Length';
const isRing = (legend: SizeRunLegend) => legend === 'Ring Size';

/** 'size' or 'length', as the size group calls them. */
export function sizeNoun(legend: SizeRunLegend, count = 2): string {
  return `${isLength(legend) ? 'length' : 'size'}${count === 1 ? '' : 's'}`;
}

/** A size in a sentence: a ring's 'size 7', a length or bracelet size by its label, '18"'. */
export function sizeName(label: string, legend: SizeRunLegend): string {
  return isRing(legend) ? `size ${label}` : label;
}

/** The accessible name of a size's quantity field: 'Quantity of size 7', 'Quantity of 18"'. */
export function sizeQuantityLabel(label: string, legend: SizeRunLegend): string {
  return `Quantity of ${sizeName(label, legend)}`;
}

/** A field's text as a wanted quantity: blank or anything but a whole number is none (0). */
export function wantedFromText(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : 0;
}

const wholeOrNone = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** One step up from a size's quantity: none becomes the smallest quantity, then one pack at a time. */
export function runStepUp(quantity: number, steps: Steps): number {
  return wholeOrNone(quantity) === 0 ? steps.min : stepUp(quantity, steps);
}

/** One step down: one pack at a time, and from the smallest quantity back to none. */
export function runStepDown(quantity: number, steps: Steps): number {
  const q = wholeOrNone(quantity);
  return q === 0 || roundUp(q, steps) <= steps.min ? 0 : stepDown(q, steps);
}

function roundingNote(name: string, wanted: number, quantity: number, { min, pack }: Steps): string | null {
  if (wanted === quantity) return null;
  const rule = pack > 1 ? `sold in packs of ${pack}${min > pack ? `, at least ${min}` : ''}` : `the minimum order is ${min}`;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}: ${rule}, rounded up to ${quantity}.`;
}

/**
 * The cart lines of a run: each offered size with a quantity (disabled and unknown sizes left out), its quantity
 * rounded up to whole packs and at least the smallest quantity, and the rounding said where it changed anything.
 */
export function sizeRun(
  options: readonly SizeRunOption[],
  wanted: Readonly<Record<string, number | undefined>>,
  steps: Steps,
  legend: SizeRunLegend,
): SizeRun {
  const lines: SizeRunLine[] = [];
  for (const option of options) {
    if (option.disabled) continue;
    const asked = wholeOrNone(wanted[option.value]);
    if (asked === 0) continue;
    const quantity = roundUp(asked, steps);
    const note = roundingNote(sizeName(option.label, legend), asked, quantity, steps);
    lines.push({ size: option.value, label: option.label, wanted: asked, quantity, note });
  }
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  return { lines, total, refusal: lines.length === 0 ? `Enter a quantity for at least one ${sizeNoun(legend, 1)}.` : null };
}

/** '24 pieces in 2 lengths', '1 piece in 1 size'. */
export function sizeRunSummary(run: SizeRun, legend: SizeRunLegend): string {
  const sizes = run.lines.length;
  return `${run.total} ${run.total === 1 ? 'piece' : 'pieces'} in ${sizes} ${sizeNoun(legend, sizes)}`;
}

/** The run's add button: 'Add 24 pieces to cart'; 'Add sizes to cart' while nothing is chosen. */
export function sizeRunAddLabel(run: SizeRun, legend: SizeRunLegend): string {
  if (run.total === 0) return `Add ${sizeNoun(legend)} to cart`;
  return `Add ${run.total} ${run.total === 1 ? 'piece' : 'pieces'} to cart`;
}

/**
 * What the run costs: each size at its own unit price (dollars; a ring's surcharge, a length's price), less the
 * break the product reaches with the run and the pieces of it already in the cart, or the group's price where that
 * is better. Cents, as the cart sums them.
 */
export function sizeRunPrice(
  run: SizeRun,
  prices: Readonly<Record<string, number | null | undefined>>,
  inCart: number,
  breaks: readonly PriceBreak[] | null | undefined,
  /** List prices beside a group's prices, by size (lib/purchase/group-pricing.ts). */
  listPrices?: Readonly<Record<string, number | null | undefined>>,
): { totalCents: number; percentOff: number | null } {
  let percentOff: number | null = null;
  const totalCents = run.lines.reduce((sum, line) => {
    const resolved = shownUnitCents(prices[line.size] ?? 0, listPrices?.[line.size], inCart + run.total, breaks);
    percentOff ??= resolved.percentOff;
    return sum + resolved.unitCents * line.quantity;
  }, 0);
  return { totalCents, percentOff };
}

/** The toast's words: '3 × Halo Ring (Ring Size: 5), 3 × Halo Ring (Ring Size: 6)'. */
export function sizeRunAdded(run: SizeRun, productName: string, legend: SizeRunLegend): string {
  return run.lines.map((line) => `${line.quantity} × ${productName} (${legend}: ${line.label})`).join(', ');
}
