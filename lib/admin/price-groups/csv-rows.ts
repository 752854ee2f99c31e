// The price list file's rows, each read on its own: group, sku, stone, style, size and price, checked for their form
// before any product is looked at. Pure: the browser previews a file with it and the server checks every row with
// it again before it looks the SKU up (lib/admin/price-groups/import-file.ts).
import type { CsvFileRules } from '../../core/csv';
import { ownText, rowNumber, unescapeCell } from '../../core/csv';
import { hasForbiddenCharacters } from '../../core/validation/text';
import { FILE_PROBLEMS, ROW_PROBLEMS } from './labels';
import type { PriceOption, StoneKey, StyleKey } from './options';

/** The columns, in the order Export writes them. */
export const PRICE_LIST_COLUMNS = ['group', 'sku', 'stone', 'style', 'size', 'price'] as const;
/** Columns a file must name; stone, style and size may be left out (every option). */
export const REQUIRED_COLUMNS = ['group', 'sku', 'price'] as const;

/** About 400,000 rows: every product of a large catalog in a few groups. */
export const PRICE_LIST_MAX_MB = 16;
export const PRICE_LIST_CSV: CsvFileRules = {
  maxBytes: PRICE_LIST_MAX_MB * 1024 * 1024,
  tooLarge: FILE_PROBLEMS.tooLarge(PRICE_LIST_MAX_MB),
  empty: FILE_PROBLEMS.empty,
  required: { column: 'sku', missing: FILE_PROBLEMS.missingSku },
};

/** The file's problem with its header (a required column missing), or null. */
export function headerProblem(fields: readonly string[]): string | null {
  const missing = REQUIRED_COLUMNS.filter((c) => !fields.includes(c));
  if (missing.length === 0) return null;
  return missing.length === 1 && missing[0] === 'sku' ? FILE_PROBLEMS.missingSku : FILE_PROBLEMS.missingColumns(missing);
}

export const GROUP_NAME_MAX = 60;
const SKU_MAX = 100;
export const PRICE_MAX = 1_000_000;

/** A row whose form is right: its product and option are still to be checked against the catalog. */
export interface PriceRow extends PriceOption {
  row: number;
  /** As written (trimmed), for messages. */
  group: string;
  /** Lower-cased: groups are matched case-insensitively. */
  groupKey: string;
  sku: string;
  /** Dollars with two decimals ('12.50'); null removes the fixed price. */
  price: string | null;
}

export interface BadPriceRow {
  row: number;
  group: string;
  sku: string;
  reason: string;
}

export type PriceRowCheck = { kind: 'bad'; bad: BadPriceRow } | { kind: 'good'; row: PriceRow };

const STONES: Record<string, StoneKey> = { '': '', '1': 'stone1', '2': 'stone2' };
const STYLES: Record<string, StyleKey> = { '': '', necklace: 'necklace', bracelet: 'bracelet' };
const SIZE = /^\d{1,2}(\.\d{1,2})?$/;
const PRICE = /^(\d{1,7}(\.\d{0,2})?|\.\d{1,2})$/;

/** '7', '7.0' and '07' are one size: the number as JavaScript writes it ('7', '6.5'), as the catalog's lists are. */
export function canonicalSize(text: string): string | null {
  return SIZE.test(text) ? String(Number(text)) : null;
}

/** '12.5' → '12.50'; a problem for anything else. A '$' in front is allowed: spreadsheets add one. */
export function parsePrice(text: string): { ok: true; price: string | null } | { ok: false; reason: string } {
  const plain = text.replace(/^\$\s*/, '');
  if (plain === '') return text === '' ? { ok: true, price: null } : { ok: false, reason: ROW_PROBLEMS.price };
  if (!PRICE.test(plain)) return { ok: false, reason: ROW_PROBLEMS.price };
  const value = Number(plain);
  if (value <= 0) return { ok: false, reason: ROW_PROBLEMS.priceZero };
  if (value >= PRICE_MAX) return { ok: false, reason: ROW_PROBLEMS.priceTooHigh };
  return { ok: true, price: value.toFixed(2) };
}

/** The key a fixed price is stored under, to find a second row for the same one. */
export const priceKey = (r: Pick<PriceRow, 'groupKey' | 'sku' | 'stone' | 'style' | 'size'>) =>
  `${r.groupKey}\u0000${r.sku.toLowerCase()}\u0000${r.stone}\u0000${r.style}\u0000${r.size}`;

/**
 * Checks records one at a time, in file order, remembering each fixed price's first row (a later row for the same
 * group, SKU and option is refused). The same records give the same answers, so the browser's preview and the
 * server's two readings agree. `isGroup` knows the groups by lower-cased name, when the caller does.
 */
export function priceRowChecker(isGroup?: (groupKey: string) => boolean) {
  const firstRow = new Map<string, number>();
  return (record: Record<string, string | undefined>, index: number, shapeError?: string): PriceRowCheck => {
    const row = rowNumber(index);
    const cells = Object.fromEntries(PRICE_LIST_COLUMNS.map((c) => [c, unescapeCell(record[c] ?? '').trim()])) as Record<(typeof PRICE_LIST_COLUMNS)[number], string>;
    // Kept until the end of the file when refused: copies, not slices of the file's text.
    const group = ownText(cells.group.normalize('NFC'));
    const sku = ownText(cells.sku);
    const refuse = (reasons: string[]): PriceRowCheck => ({ kind: 'bad', bad: { row, group, sku, reason: reasons.join('; ') } });
    if (shapeError) return refuse([shapeError]);
    const reasons = PRICE_LIST_COLUMNS.filter((c) => hasForbiddenCharacters(cells[c])).map(ROW_PROBLEMS.controlCharacters);
    if (reasons.length > 0) return refuse(reasons);

    const groupKey = group.toLowerCase();
    if (!group) reasons.push(ROW_PROBLEMS.groupEmpty);
    else if (group.length > GROUP_NAME_MAX) reasons.push(ROW_PROBLEMS.groupTooLong);
    else if (isGroup && !isGroup(groupKey)) reasons.push(ROW_PROBLEMS.groupUnknown(group));
    if (!sku) reasons.push(ROW_PROBLEMS.skuEmpty);
    else if (sku.length > SKU_MAX) reasons.push(ROW_PROBLEMS.skuTooLong);
    const stone = STONES[cells.stone.toLowerCase()];
    if (stone === undefined) reasons.push(ROW_PROBLEMS.stone);
    const style = STYLES[cells.style.toLowerCase()];
    if (style === undefined) reasons.push(ROW_PROBLEMS.style);
    const size = cells.size === '' ? '' : canonicalSize(cells.size);
    if (size === null) reasons.push(ROW_PROBLEMS.size);
    const price = parsePrice(cells.price);
    if (!price.ok) reasons.push(price.reason);
    if (reasons.length > 0 || stone === undefined || style === undefined || size === null || !price.ok) return refuse(reasons);

    const good: PriceRow = { row, group, groupKey, sku, stone, style, size, price: price.price };
    const key = priceKey(good);
    const earlier = firstRow.get(key);
    if (earlier !== undefined) return refuse([ROW_PROBLEMS.duplicate(earlier)]);
    firstRow.set(key, row);
    return { kind: 'good', row: good };
  };
}

/** A stored fixed price as the file's cells, in PRICE_LIST_COLUMNS order: what the import reads back unchanged. */
export function priceListCells(r: { group: string; sku: string | null; stone: StoneKey; style: StyleKey; size: string; price: string | number }): string[] {
  const stone = r.stone === 'stone1' ? '1' : r.stone === 'stone2' ? '2' : '';
  return [r.group, r.sku ?? '', stone, r.style, r.size, Number(r.price).toFixed(2)];
}

export interface PriceImportCounts {
  created: number;
  updated: number;
  removed: number;
  /** Rows that asked for what was already stored (the same price, or the removal of a price there was not). */
  unchanged: number;
}

/** What the import route streams, one JSON object per line. */
export type PriceImportEvent =
  | { type: 'start'; rows: number }
  /** After each batch written: how many rows have been checked. */
  | { type: 'progress'; checked: number; rows: number }
  | ({ type: 'done'; total: number; bad: BadPriceRow[] } & PriceImportCounts)
  | { type: 'error'; error: string; requestId?: string };
