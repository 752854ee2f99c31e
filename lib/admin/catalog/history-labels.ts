// A product's history as the modal shows it: readable field names and values for each change. Pure.
import { materialLabel, type Category } from '../../catalog/categories';
import { isProductStatus, PRODUCT_STATUS_LABELS } from '../../catalog/status';
import { formatDollars } from '../../core/format/money';
import type { PriceBreak } from '../../purchase/volume-pricing';
import { formatPriceBreaks } from '../../purchase/price-breaks-text';
import { CATEGORY_FIELDS, flagFields, writeColumns } from './fields';
import { formatRingSizes } from '../../catalog/ring-sizes';
import { RING_SIZING_LABELS } from './ring-sizing';
import { isLeadTimeKind, LEAD_TIME_KIND_LABELS } from '../../catalog/lead-time';

export type ProductEventKind = 'created' | 'updated' | 'deleted';

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const EMPTY = '(empty)';
const LONG_TEXT = 80;

const COMMON_LABELS: Record<string, string> = {
  name: 'Name',
  sku: 'SKU',
  description: 'Description',
  material: 'Material',
  stone: 'Stone',
  stone_details: 'Stone names',
  weight: 'Weight (grams)',
  moq: 'MOQ',
  pack_size: 'Pack size',
  price_breaks: 'Volume price breaks',
  lead_time_kind: 'Lead time',
  lead_time_min: 'Lead time from (days or weeks)',
  lead_time_max: 'Lead time to (weeks)',
  status: 'Status',
  image_url: 'Primary image',
  necklace_type: 'Necklace Type',
  created_at: 'Created',
  ...RING_SIZING_LABELS,
};

const ITEM_NAMES = { necklace: 'Necklace', bracelet: 'Bracelet' } as const;

/** 'Price (Stone 1)', 'Necklace 18" (Stone 2)', 'New Arrival', or the column in words. */
export function fieldLabel(category: Category, column: string): string {
  if (COMMON_LABELS[column]) return COMMON_LABELS[column];
  const f = CATEGORY_FIELDS[category];
  const price = f.prices.find((p) => p.column === column);
  if (price) return price.itemType ? `${ITEM_NAMES[price.itemType]} ${price.label} (Stone ${price.stone})` : `Price (Stone ${price.stone})`;
  const named = [...f.texts, ...flagFields(category)].find((x) => x.column === column);
  if (named) return named.label;
  const words = column.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value in words: prices in dollars, ticks as Yes or No, ring sizes as their list ('5-9, 10'), long text shortened. */
export function valueLabel(category: Category, column: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (column === 'status' && isProductStatus(value)) return PRODUCT_STATUS_LABELS[value];
  if (column === 'material' && typeof value === 'string') return materialLabel(value);
  if (column === 'lead_time_kind' && isLeadTimeKind(value)) return LEAD_TIME_KIND_LABELS[value];
  if (CATEGORY_FIELDS[category].prices.some((p) => p.column === column) && Number.isFinite(Number(value))) return formatDollars(Number(value));
  if (column === 'stone_details' && typeof value === 'object') {
    const d = value as { Stone1?: string; Stone2?: string };
    return [d.Stone1 && `Stone 1: ${d.Stone1}`, d.Stone2 && `Stone 2: ${d.Stone2}`].filter(Boolean).join('; ') || EMPTY;
  }
  if (column === 'price_breaks' && Array.isArray(value)) return formatPriceBreaks(value as PriceBreak[]) || EMPTY;
  if (column === 'sizes' && Array.isArray(value)) return formatRingSizes(value.map(String)) || EMPTY;
  if (column === 'size_surcharge' && Number.isFinite(Number(value))) return formatDollars(Number(value));
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text;
}

/** An update's `{ column: [before, after] }` as readable changes, status first, then in the modal's field order. */
export function describeChanges(category: Category, changes: Record<string, unknown>): FieldChange[] {
  const order = ['status', ...writeColumns(category), 'image_url'];
  const rank = (c: string) => (order.indexOf(c) === -1 ? order.length : order.indexOf(c));
  return Object.entries(changes)
    .filter((entry): entry is [string, [unknown, unknown]] => Array.isArray(entry[1]) && entry[1].length === 2)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([column, [before, after]]) => ({
      field: fieldLabel(category, column),
      before: valueLabel(category, column, before),
      after: valueLabel(category, column, after),
    }));
}

/** 'Created as Draft', 'Updated', 'Deleted'. */
export function eventTitle(kind: ProductEventKind, changes: Record<string, unknown>): string {
  if (kind === 'created') return isProductStatus(changes.status) ? `Created as ${PRODUCT_STATUS_LABELS[changes.status]}` : 'Created';
  return kind === 'deleted' ? 'Deleted' : 'Updated';
}

/** Who made a change: the admin's e-mail address, or the system (the seed, a maintenance job). */
export function actorLabel(email: string | null, actorId: string | null): string {
  return email ?? (actorId ? 'A former admin' : 'System');
}
