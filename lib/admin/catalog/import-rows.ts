// The rows of an import file turned into products, every one checked before anything is written: rows
// without a sku are skipped; a blank name is 'Untitled Product'; a weight that is not a number is empty; an MOQ that
// is not a number is 1; a tick is true for true, 1 or yes in any case; then the table's own schema, as the product
// modal uses it. Rows that fail are listed with their row number and the reason. Pure: the browser previews a file
// with it and the server checks and imports with it, row by row (lib/admin/catalog/import-file.ts).
import type { Category } from '../../catalog/categories';
import { ownText, rowNumber, unescapeCell, type CsvTable } from './csv-file';
import { CATEGORY_FIELDS, csvColumns, flagFields, IMAGE_URL_MAX, UNTITLED_PRODUCT } from './fields';
import { PRODUCT_SCHEMAS, type ProductWrite } from './schema';
import { ringSizingFromCells } from './ring-sizing';
import { DEFAULT_RING_SIZES, formatRingSizes } from '../../catalog/ring-sizes';
import { DEFAULT_LEAD_TIME, leadTimeColumns, parseLeadTimeCell } from '../../catalog/lead-time';

export interface ImportRow {
  row: number;
  sku: string;
  product: ProductWrite;
  /** Attached as the product's primary image. */
  imageUrl: string | null;
}

export interface BadRow {
  row: number;
  sku: string;
  reason: string;
}

export interface ImportPlan {
  rows: ImportRow[];
  bad: BadRow[];
  /** Rows without a sku. */
  skipped: number;
  /** Every row of the file. */
  total: number;
  /** Columns of the file that the import does not read. */
  ignoredColumns: string[];
}

export interface ImportOptions {
  /** Public URL prefix of the product-images bucket: the only images a row may name. */
  imagePrefix: string;
}

const TRUE_WORDS = /^(true|1|yes)$/i;
const NUMBER_LIKE = /^\s*-?\s*(\d+\.?\d*|\.\d+)\s*$/;

/** One CSV record as the fields the product schema reads. */
export function recordToValues(category: Category, record: Record<string, string | undefined>): Record<string, unknown> {
  return readRecord(category, record).values;
}

/**
 * The record's fields, and the reasons of cells that cannot become a field (a ring's surcharge, one cell for two
 * columns), each as `column: reason`.
 */
function readRecord(category: Category, record: Record<string, string | undefined>): { values: Record<string, unknown>; problems: string[] } {
  const cell = (column: string) => unescapeCell(record[column] ?? '');
  const f = CATEGORY_FIELDS[category];
  const values: Record<string, unknown> = {};
  for (const column of ['sku', 'description', 'material', 'stone', 'stone1', 'stone2', ...(f.hasNecklaceType ? ['necklace_type'] : []), ...f.texts.map((t) => t.column)]) {
    values[column] = cell(column);
  }
  values.name = cell('name').trim() === '' ? UNTITLED_PRODUCT : cell('name');
  values.has_stone2 = cell('stone2').trim() !== '';
  values.weight = NUMBER_LIKE.test(cell('weight')) ? cell('weight') : null;
  values.moq = NUMBER_LIKE.test(cell('moq')) ? cell('moq') : null;
  values.pack_size = cell('pack_size');
  values.price_breaks = cell('price_breaks');
  values.status = cell('status');
  for (const x of flagFields(category)) values[x.column] = TRUE_WORDS.test(cell(x.column).trim());
  for (const p of f.prices) values[p.column] = cell(p.column);
  const problems: string[] = [];
  // One cell for three columns; blank (or a file from before lead times) is in stock, 2 days.
  const lead = parseLeadTimeCell(cell('lead_time'));
  Object.assign(values, leadTimeColumns(lead.ok ? lead.leadTime : DEFAULT_LEAD_TIME));
  if (!lead.ok) problems.push(`lead_time: ${lead.error}`);
  if (f.ringSizes) {
    // A file from before ring sizes has no sizes column: its rings keep the run every ring was given then (US 5 to 9;
    // none when adjustable), not none.
    const sizes = record.sizes === undefined && !values.is_adjustable ? formatRingSizes(DEFAULT_RING_SIZES) : cell('sizes');
    const sizing = ringSizingFromCells(sizes, cell('size_surcharge'));
    Object.assign(values, sizing.values);
    if (sizing.problem) problems.push(`size_surcharge: ${sizing.problem}`);
  }
  return { values, problems };
}

/** The CSV has one cell for the surcharge and its starting size, and one for the lead time: a problem is the cell's. */
const csvColumnOf = (field: string) => (field === 'size_surcharge_from' ? 'size_surcharge' : field.startsWith('lead_time_') ? 'lead_time' : field);

/** The image a row names, or why it cannot be used. */
export function checkImageUrl(raw: string, imagePrefix: string): { ok: true; url: string | null } | { ok: false; reason: string } {
  const url = raw.trim();
  if (!url) return { ok: true, url: null };
  const refused = { ok: false, reason: `image_url: must be an image stored in the shop's product-images bucket (${imagePrefix}…)` } as const;
  if (url.length > IMAGE_URL_MAX || /[\s"'<>\\]/.test(url)) return refused;
  // Checked as a browser will read it: the URL parser resolves '.', '..' and their encoded forms ('%2e%2e'). A URL
  // that this changes is not one Storage gave out, and is refused rather than guessed at.
  let normalised: URL;
  try {
    normalised = new URL(url);
  } catch {
    return refused;
  }
  const prefix = new URL(imagePrefix).href;
  const href = normalised.href;
  if (href !== url || normalised.search || normalised.hash || !href.startsWith(prefix) || href.length === prefix.length) return refused;
  const segments = href.slice(prefix.length).split('/');
  const decoded = segments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return null;
    }
  });
  if (decoded.some((d) => d === null || d === '' || d === '.' || d === '..' || /[/\\\u0000-\u001f]/.test(d))) return refused;
  return { ok: true, url: href };
}

/** What the import makes of one record. */
export type RowCheck = { kind: 'skipped' } | { kind: 'bad'; bad: BadRow } | { kind: 'good'; row: ImportRow };

/**
 * Checks records one at a time, in file order, remembering only each SKU's first row (a later row with the same SKU
 * is refused). The same records give the same answers, so the server can check a file, then read it again to write.
 */
export function rowChecker(category: Category, options: ImportOptions) {
  const firstRowOfSku = new Map<string, number>();
  return (record: Record<string, string | undefined>, index: number, shapeError: string | undefined): RowCheck => {
    const row = rowNumber(index);
    const cell = unescapeCell(record.sku ?? '').trim();
    if (!cell) return { kind: 'skipped' };
    // Kept until the end of the file (the SKUs seen, the refused rows): a copy, not a slice of the file's text.
    const sku = ownText(cell);
    const refuse = (reason: string): RowCheck => ({ kind: 'bad', bad: { row, sku, reason } });
    if (shapeError) return refuse(shapeError);
    const earlier = firstRowOfSku.get(sku);
    if (earlier !== undefined) return refuse(`sku: the same SKU is in row ${earlier}`);
    firstRowOfSku.set(sku, row);

    const { values, problems } = readRecord(category, record);
    const reasons: string[] = [];
    const parsed = PRODUCT_SCHEMAS[category].safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) reasons.push(`${csvColumnOf(issue.path.map(String).join('.')) || 'row'}: ${issue.message}`);
    }
    reasons.push(...problems);
    const image = checkImageUrl(unescapeCell(record.image_url ?? ''), options.imagePrefix);
    if (!image.ok) reasons.push(image.reason);
    if (reasons.length > 0 || !parsed.success || !image.ok) return refuse(reasons.join('; '));
    return { kind: 'good', row: { row, sku, product: parsed.data, imageUrl: image.url } };
  };
}

/** An empty plan for the table, and the step that checks its row `index` into it. */
function planner(category: Category, table: CsvTable, options: ImportOptions) {
  const known = new Set(csvColumns(category));
  const plan: ImportPlan = {
    rows: [],
    bad: [],
    skipped: 0,
    total: table.records.length,
    ignoredColumns: table.fields.filter((f) => !known.has(f)),
  };
  const check = rowChecker(category, options);
  const add = (index: number) => {
    const result = check(table.records[index]!, index, table.shapeErrors.get(rowNumber(index)));
    if (result.kind === 'skipped') plan.skipped++;
    else if (result.kind === 'bad') plan.bad.push(result.bad);
    else plan.rows.push(result.row);
  };
  return { plan, add };
}

/** Every row of the file, checked: the products to write, the rows refused and why, and the rows skipped. */
export function planImport(category: Category, table: CsvTable, options: ImportOptions): ImportPlan {
  const { plan, add } = planner(category, table, options);
  for (let index = 0; index < table.records.length; index++) add(index);
  return plan;
}

/**
 * Ends the current task, so that the page handles input, renders what changed (React's own render task was queued
 * first) and paints before the next slice. A message, not setTimeout, which browsers hold back to 4 ms once nested;
 * not scheduler.yield(), whose continuation runs ahead of React's render task, so the progress never showed.
 */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Rows checked between two looks at the page: a short enough task that input is never kept waiting. */
export const PLAN_SLICE_ROWS = 200;

/**
 * planImport for the browser: a slice of rows at a time, handing the page back between slices, so that a file of
 * 100,000 rows (seconds of checks) leaves the page responsive and shows `progress(checked, total)`. `cancelled`
 * stops it between slices (the answer is then null).
 */
export async function planImportInSlices(
  category: Category,
  table: CsvTable,
  options: ImportOptions,
  progress: (checked: number, total: number) => void,
  cancelled: () => boolean = () => false,
): Promise<ImportPlan | null> {
  const { plan, add } = planner(category, table, options);
  const total = table.records.length;
  for (let start = 0; start < total; start += PLAN_SLICE_ROWS) {
    if (cancelled()) return null;
    const end = Math.min(start + PLAN_SLICE_ROWS, total);
    for (let index = start; index < end; index++) add(index);
    progress(end, total);
    if (end < total) await yieldToPage();
  }
  return cancelled() ? null : plan;
}

/** The refused rows as a file to fix and import again: their own columns plus import_error. */
export function badRowsTable(table: CsvTable, bad: readonly BadRow[]): { fields: string[]; rows: string[][] } {
  const fields = [...table.fields, 'import_error'];
  const rows = bad.map((b) => {
    const record = table.records[b.row - 2] ?? {};
    return [...table.fields.map((f) => record[f] ?? ''), b.reason];
  });
  return { fields, rows };
}

/** What the import route streams, one JSON object per line, while it writes. */
export type ImportEvent =
  /** `rows`: the rows with a sku, each checked, then written or refused. */
  | { type: 'start'; rows: number }
  /** After each batch written: how many of those rows have been checked. */
  | { type: 'progress'; checked: number; rows: number }
  | { type: 'done'; created: number; updated: number; unchanged: number; skipped: number; total: number; bad: BadRow[] }
  | { type: 'error'; error: string; requestId?: string };
