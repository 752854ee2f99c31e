// Is a product ready to go active: a name, a price above zero, an image and a description. Staff may publish anyway,
// but only by saying so (publishAnyway in the action's input). Pure: the form's dialog, the bulk bar and the server
// actions read the same rule; readySql (readiness-check.ts) is its SQL twin for whole targets.
import type { Category } from '../../catalog/categories';
import { priceColumns } from './fields';

export const READINESS_GAPS = ['name', 'price', 'image', 'description'] as const;
export type ReadinessGap = (typeof READINESS_GAPS)[number];

/** How each gap is named in "Missing: an image, a description". */
export const GAP_LABELS: Record<ReadinessGap, string> = {
  name: 'a name',
  price: 'a price',
  image: 'an image',
  description: 'a description',
};

export interface ReadinessFacts {
  name: unknown;
  description: unknown;
  /** Every price of the product; only prices above zero count. */
  prices: readonly unknown[];
  hasImage: boolean;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const positive = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0;
};

/** What the product lacks, in the order staff read it; empty when it is ready. */
export function readinessGaps(facts: ReadinessFacts): ReadinessGap[] {
  const gaps: ReadinessGap[] = [];
  if (!filled(facts.name)) gaps.push('name');
  if (!facts.prices.some(positive)) gaps.push('price');
  if (!facts.hasImage) gaps.push('image');
  if (!filled(facts.description)) gaps.push('description');
  return gaps;
}

/** The facts of a product's values (a form's or a saved row's), keyed by its table's columns. */
export function productFacts(category: Category, values: Record<string, unknown>, hasImage: boolean): ReadinessFacts {
  return { name: values.name, description: values.description, prices: priceColumns(category).map((c) => values[c]), hasImage };
}

/** A check is only asked for when a product goes active: one already active, or staying a draft, is left alone. */
export function goesActive(from: string | null, to: string): boolean {
  return to === 'active' && from !== 'active';
}

/** "Missing: an image, a description". */
export function missingText(gaps: readonly ReadinessGap[]): string {
  return `Missing: ${gaps.map((g) => GAP_LABELS[g]).join(', ')}`;
}

/** The form's field the server's refusal names, so the form opens its dialog rather than marking a field. */
export const READINESS_FIELD = 'publish';
export const NOT_READY_TITLE = 'This product is not ready for the shop';
export const NOT_READY_NOTE = 'Buyers will see it as it is. You can publish it anyway, or go back and add what is missing.';
export const PUBLISH_ANYWAY = 'Publish anyway';
export const GO_BACK = 'Go back';

const products = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;

/** The bulk bar's question when some of the products to publish are not ready. */
export function bulkNotReadyTitle(notReady: number, total: number): string {
  return notReady === total
    ? total === 1
      ? 'The product is not ready for the shop'
      : `None of the ${products(total)} is ready for the shop`
    : `${notReady.toLocaleString('en-US')} of ${products(total)} ${notReady === 1 ? 'is' : 'are'} not ready for the shop`;
}
export const BULK_NOT_READY_NOTE = 'A product is ready when it has a name, a price, an image and a description.';
export const PUBLISH_READY_ONLY = 'Publish only the ready ones';

/** The server's refusal of a bulk publish that did not say what to do with the products that are not ready. */
export function bulkNotReadyRefusal(notReady: number): string {
  return `${products(notReady)} ${notReady === 1 ? 'is' : 'are'} not ready for the shop. Nothing was changed: publish anyway, or only the ready ones.`;
}

/** The toast of a bulk publish of the ready ones only. */
export function publishedReadyOnly(published: number, skipped: number): string {
  return `${products(published)} published; ${products(skipped)} not ready ${skipped === 1 ? 'was' : 'were'} left as ${skipped === 1 ? 'it was' : 'they were'}`;
}

/** A short hint beside a product in the back office's lists. */
export const NOT_READY_HINT = 'Not ready';
