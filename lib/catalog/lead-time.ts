// When a product ships: in stock, in N business days; or made to order, in N to M weeks. The same limits as the
// tables' check (supabase/migrations/20261210000200_catalog.sql). Pure: forms, the CSV, pages and documents.

export const LEAD_TIME_KINDS = ['in_stock', 'made_to_order'] as const;
export type LeadTimeKind = (typeof LEAD_TIME_KINDS)[number];

export interface LeadTime {
  kind: LeadTimeKind;
  /** Business days in stock (min = max), weeks made to order. */
  min: number;
  max: number;
}

export const DEFAULT_LEAD_TIME: LeadTime = { kind: 'in_stock', min: 2, max: 2 };
/** What the form offers on switching to made to order: the Shipping & Returns page's 10 to 15 business days. */
export const DEFAULT_MADE_TO_ORDER: LeadTime = { kind: 'made_to_order', min: 2, max: 3 };
export const MAX_LEAD_DAYS = 30;
export const MAX_LEAD_WEEKS = 52;

export const LEAD_TIME_KIND_LABELS: Record<LeadTimeKind, string> = { in_stock: 'In stock', made_to_order: 'Made to order' };

export const LEAD_DAYS_PROBLEM = `Ships in must be a whole number of days from 1 to ${MAX_LEAD_DAYS}`;
export const LEAD_WEEKS_PROBLEM = `Weeks must be whole numbers from 1 to ${MAX_LEAD_WEEKS}`;
export const LEAD_WEEKS_ORDER_PROBLEM = 'The longest time cannot be shorter than the shortest';
export const LEAD_TIME_CELL_PROBLEM = "Lead time must be days or weeks, like '2 days' or '3-4 weeks'";

export function isLeadTimeKind(v: unknown): v is LeadTimeKind {
  return typeof v === 'string' && (LEAD_TIME_KINDS as readonly string[]).includes(v);
}

/** Why these values are not a lead time, or null. */
export function leadTimeProblem(lt: LeadTime): string | null {
  const whole = (n: number, top: number) => Number.isInteger(n) && n >= 1 && n <= top;
  if (lt.kind === 'in_stock') return whole(lt.min, MAX_LEAD_DAYS) ? null : LEAD_DAYS_PROBLEM;
  if (!whole(lt.min, MAX_LEAD_WEEKS) || !whole(lt.max, MAX_LEAD_WEEKS)) return LEAD_WEEKS_PROBLEM;
  return lt.max < lt.min ? LEAD_WEEKS_ORDER_PROBLEM : null;
}

/** A row's lead time (the product tables' or order_items' columns); null when the row has none or a broken one. */
export function readLeadTime(from: object): LeadTime | null {
  const row = from as { lead_time_kind?: unknown; lead_time_min?: unknown; lead_time_max?: unknown };
  if (!isLeadTimeKind(row.lead_time_kind)) return null;
  const lt: LeadTime = { kind: row.lead_time_kind, min: Number(row.lead_time_min), max: Number(row.lead_time_max) };
  if (lt.kind === 'in_stock') lt.max = lt.min;
  return leadTimeProblem(lt) ? null : lt;
}

/** A product's lead time; a row read without the columns (or a broken one) is the default. */
export function productLeadTime(product: object): LeadTime {
  return readLeadTime(product) ?? DEFAULT_LEAD_TIME;
}

/** The columns a lead time is stored in. */
export function leadTimeColumns(lt: LeadTime): { lead_time_kind: LeadTimeKind; lead_time_min: number; lead_time_max: number } {
  return { lead_time_kind: lt.kind, lead_time_min: lt.min, lead_time_max: lt.kind === 'in_stock' ? lt.min : lt.max };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const weeks = (lt: LeadTime) => (lt.min === lt.max ? plural(lt.min, 'week') : `${lt.min}–${lt.max} weeks`);

/** The product page's words: 'Ships in 2 days', 'Made to order: ships in 3–4 weeks'. */
export function leadTimeLabel(lt: LeadTime): string {
  return lt.kind === 'in_stock' ? `Ships in ${plural(lt.min, 'day')}` : `Made to order: ships in ${weeks(lt)}`;
}

/** A line's words (cart, checkout, confirmation, invoice): 'Ships in 2 days', 'Made to order, 3–4 weeks'. */
export function leadTimeShort(lt: LeadTime): string {
  return lt.kind === 'in_stock' ? `Ships in ${plural(lt.min, 'day')}` : `Made to order, ${weeks(lt)}`;
}

/** The CSV cell: '2 days', '3-4 weeks' (ASCII, as typed). */
export function formatLeadTimeCell(lt: LeadTime): string {
  if (lt.kind === 'in_stock') return plural(lt.min, 'day');
  return lt.min === lt.max ? plural(lt.min, 'week') : `${lt.min}-${lt.max} weeks`;
}

/**
 * A CSV cell: '2 days' or '2' is in stock, '3-4 weeks' or '3 weeks' made to order (a dash or 'to' between; any case).
 * Blank is the default, in stock in 2 days, as a blank MOQ is 1.
 */
export function parseLeadTimeCell(raw: string): { ok: true; leadTime: LeadTime } | { ok: false; error: string } {
  const s = raw.trim().toLowerCase();
  if (s === '') return { ok: true, leadTime: DEFAULT_LEAD_TIME };
  const days = /^(\d{1,3})(?:\s*(?:business\s+)?days?)?$/.exec(s);
  const wks = /^(\d{1,3})(?:\s*(?:-|–|to)\s*(\d{1,3}))?\s*weeks?$/.exec(s);
  let lt: LeadTime;
  if (days) lt = { kind: 'in_stock', min: Number(days[1]), max: Number(days[1]) };
  else if (wks) lt = { kind: 'made_to_order', min: Number(wks[1]), max: Number(wks[2] ?? wks[1]) };
  else return { ok: false, error: LEAD_TIME_CELL_PROBLEM };
  const problem = leadTimeProblem(lt);
  return problem ? { ok: false, error: problem } : { ok: true, leadTime: lt };
}
