// What the product modal holds while the admin types: every field as text or a tick, keyed by the table's column
// (plus stone1, has_stone2 and stone2, the stone_details names). Pure: built from a stored row, and turned into the values the schema checks.
import type { Category } from '../../catalog/categories';
import { CATEGORY_FIELDS, flagFields, priceColumns } from './fields';
import { plainAmount } from '../../core/format/money';
import type { PriceBreak } from '../../purchase/volume-pricing';
import { formatPriceBreaks } from '../../purchase/price-breaks-text';
import { isProductStatus, NEW_PRODUCT_STATUS } from '../../catalog/status';
import { DEFAULT_RING_SIZES, formatRingSizes } from '../../catalog/ring-sizes';
import { DEFAULT_LEAD_TIME, readLeadTime, type LeadTime } from '../../catalog/lead-time';

export type FormValues = Record<string, string | boolean>;

/** A stored product row as the editor reads it (numeric columns as numbers or numeric text). */
export type EditableRow = Record<string, unknown> & { id: string };

const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A lead time as the modal's fields hold it. */
export function leadTimeFormValues(lt: LeadTime): FormValues {
  return { lead_time_kind: lt.kind, lead_time_min: String(lt.min), lead_time_max: String(lt.max) };
}
/** 12.5 → '12.50': prices and weights show their two decimals. */

function textColumns(category: Category): string[] {
  const f = CATEGORY_FIELDS[category];
  return ['name', 'sku', 'description', 'material', 'stone', 'stone1', 'stone2', ...(f.hasNecklaceType ? ['necklace_type'] : []), ...f.texts.map((t) => t.column)];
}

/**
 * The empty form of a new product: a draft, MOQ 1, packs of 1, no price breaks, in stock in 2 days, nothing ticked; a ring offers US 5 to 9
 * (the run rings are given when nothing else is said), without a surcharge. Sizes are held as the readable list.
 */
export function emptyFormValues(category: Category): FormValues {
  const values: FormValues = { status: NEW_PRODUCT_STATUS, has_stone2: false, weight: '', moq: '1', pack_size: '1', price_breaks: '', ...leadTimeFormValues(DEFAULT_LEAD_TIME) };
  for (const c of textColumns(category)) values[c] = '';
  for (const x of flagFields(category)) values[x.column] = false;
  for (const c of priceColumns(category)) values[c] = '';
  if (CATEGORY_FIELDS[category].ringSizes) Object.assign(values, { sizes: formatRingSizes(DEFAULT_RING_SIZES), size_surcharge: '', size_surcharge_from: '' });
  return values;
}

/** The form of a stored product. */
export function formValuesFromRow(category: Category, row: EditableRow): FormValues {
  const values = emptyFormValues(category);
  for (const c of textColumns(category)) if (c in row) values[c] = asText(row[c]);
  const details = (row.stone_details ?? null) as { Stone1?: string | null; Stone2?: string | null } | null;
  values.stone1 = asText(details?.Stone1);
  values.stone2 = asText(details?.Stone2);
  values.has_stone2 = Boolean(details?.Stone2);
  values.status = isProductStatus(row.status) ? row.status : 'active';
  values.weight = plainAmount(row.weight);
  values.moq = asText(row.moq ?? 1);
  values.pack_size = asText(row.pack_size ?? 1);
  // Held as the CSV spells them ('10:5;50:10'), which the schema reads back.
  values.price_breaks = formatPriceBreaks(Array.isArray(row.price_breaks) ? (row.price_breaks as PriceBreak[]) : []);
  Object.assign(values, leadTimeFormValues(readLeadTime(row) ?? DEFAULT_LEAD_TIME));
  for (const x of flagFields(category)) values[x.column] = row[x.column] === true;
  for (const c of priceColumns(category)) values[c] = plainAmount(row[c]);
  if (CATEGORY_FIELDS[category].ringSizes) {
    values.sizes = formatRingSizes(Array.isArray(row.sizes) ? (row.sizes as string[]) : []);
    values.size_surcharge = plainAmount(row.size_surcharge);
    values.size_surcharge_from = asText(row.size_surcharge_from);
  }
  return values;
}

/**
 * The values sent on save. Stone 2 fields are disabled while 'Has Stone 2' is unticked, and a ring's sizes while
 * Adjustable is ticked: they are kept in the form (so ticking again brings them back) but not sent, so the product is
 * saved without a second stone, or without sizes.
 */
export function submittedValues(category: Category, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  if (!values.has_stone2) {
    out.stone2 = '';
    for (const p of CATEGORY_FIELDS[category].prices) if (p.stone === 2) out[p.column] = '';
  }
  if (CATEGORY_FIELDS[category].ringSizes && values.is_adjustable === true) Object.assign(out, { sizes: '', size_surcharge: '', size_surcharge_from: '' });
  return out;
}
