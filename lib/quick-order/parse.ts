// Reading quick-order lines a buyer pastes or uploads: `SKU quantity`, `SKU,quantity`, cells copied from a
// spreadsheet (tab-separated), or a CSV file with a `sku` and a `quantity` column and optional option columns. Pure:
// the page reads them in the browser, and the server's resolver takes the same lines.
import { readCsvFile, type Checked, type CsvFileRules } from '../core/csv';

/** The most lines one quick order resolves: one SQL round trip answers them. */
export const MAX_QUICK_ORDER_LINES = 500;
/** A quick-order CSV: 500 lines with options fit in far less. */
export const QUICK_ORDER_MAX_BYTES = 512 * 1024;

export function tooManyLinesMessage(count: number): string {
  return `Quick order takes up to ${MAX_QUICK_ORDER_LINES} lines at a time, and this has ${count.toLocaleString('en-US')}. Split it into smaller lists: nothing was added.`;
}

/** One line as typed: the options are words the buyer wrote ('Stone 2', '18"', 'bracelet'), matched later. */
export interface QuickOrderEntry {
  sku: string;
  /** Null when the line gave none (or not a whole number): the product's smallest quantity is used. */
  quantity: number | null;
  stone?: string;
  size?: string;
  style?: string;
  material?: string;
}

export interface ParsedLines {
  entries: QuickOrderEntry[];
  /** Lines that hold no SKU and quantity, by their line number (1-based), with the reason. */
  unreadable: { line: number; text: string; reason: string }[];
}

const HEADER_WORDS = /^(sku|item|code|product)$/i;

function toQuantity(text: string | undefined, cell: boolean): number | null {
  if (text === undefined) return null;
  // '1,200' and '1 200' are thousands in a spreadsheet's cell; on a typed line a space separates words.
  const digits = cell ? text.trim().replace(/[,\s\u00a0]/g, '') : text.trim();
  if (!/^\d{1,7}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 1 ? n : null;
}

/**
 * Splits one pasted line into a SKU and a quantity. Tab-separated cells (a spreadsheet's copy) take the first two
 * cells; otherwise a comma or semicolon, otherwise the last run of spaces: SKUs have no spaces, but buyers type
 * 'RNG-1001   12' and 'RNG-1001 x 12'.
 */
function splitLine(line: string): [sku: string, quantity: string | undefined, cell: boolean] {
  if (line.includes('\t')) {
    const [sku = '', quantity] = line.split('\t').map((cell) => cell.trim());
    return [sku, quantity, true];
  }
  const separated = /^(.*?)\s*[,;]\s*(.*)$/.exec(line);
  if (separated) return [separated[1]!.trim(), separated[2]!.trim() || undefined, true];
  const spaced = /^(\S+)(?:\s+[x×*]?\s*(.+))?$/i.exec(line.trim());
  return spaced ? [spaced[1]!, spaced[2]?.trim(), false] : [line.trim(), undefined, false];
}

/** Pasted text → entries. Windows and old Mac line ends, blank lines, quotes and a header line are all fine. */
export function parsePastedLines(text: string): ParsedLines {
  const entries: QuickOrderEntry[] = [];
  const unreadable: ParsedLines['unreadable'] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = raw.replace(/\u00a0/g, ' ').trim();
    if (line === '') return;
    const [rawSku, rawQuantity, cell] = splitLine(line);
    const sku = rawSku.replace(/^["']|["']$/g, '').trim();
    if (index === 0 && HEADER_WORDS.test(sku)) return;
    if (sku === '' || /\s/.test(sku)) {
      unreadable.push({ line: index + 1, text: line, reason: 'Write a SKU, then the quantity.' });
      return;
    }
    const quantity = toQuantity(rawQuantity?.replace(/^["']|["']$/g, ''), cell);
    if (rawQuantity !== undefined && quantity === null) {
      unreadable.push({ line: index + 1, text: line, reason: `“${rawQuantity}” is not a quantity.` });
      return;
    }
    entries.push({ sku, quantity });
  });
  return { entries, unreadable };
}

const QUICK_ORDER_CSV: CsvFileRules = {
  maxBytes: QUICK_ORDER_MAX_BYTES,
  tooLarge: 'The file is too large (512 KB at most). Split it into smaller files.',
  empty: 'The file has no lines to add.',
  required: { column: 'sku', missing: 'The file has no "sku" column. The first line must name the columns: sku, quantity.' },
};

/** The columns a quick-order CSV may have beside sku and quantity (length is the necklace word for size). */
const OPTION_COLUMNS = { stone: ['stone'], size: ['size', 'length'], style: ['style'], material: ['material'] } as const;

/**
 * A CSV file → entries. Every cell is read as text, so a formula cell ('=HYPERLINK(…)') is a SKU nobody sells, never
 * something run.
 */
export function parseQuickOrderCsv(bytes: Uint8Array): Checked<ParsedLines> {
  const table = readCsvFile(bytes, QUICK_ORDER_CSV);
  if (!table.ok) return table;
  const entries: QuickOrderEntry[] = [];
  const unreadable: ParsedLines['unreadable'] = [];
  table.value.records.forEach((record, index) => {
    const line = index + 2;
    const sku = (record.sku ?? '').trim();
    const rawQuantity = record.quantity?.trim() || undefined;
    if (!sku) {
      if (Object.values(record).some((cell) => cell?.trim())) unreadable.push({ line, text: Object.values(record).join(','), reason: 'The row has no SKU.' });
      return;
    }
    const quantity = toQuantity(rawQuantity, true);
    if (rawQuantity !== undefined && quantity === null) {
      unreadable.push({ line, text: `${sku},${rawQuantity}`, reason: `“${rawQuantity}” is not a quantity.` });
      return;
    }
    const entry: QuickOrderEntry = { sku, quantity };
    for (const [key, columns] of Object.entries(OPTION_COLUMNS) as [keyof typeof OPTION_COLUMNS, readonly string[]][]) {
      const value = columns.map((c) => record[c]?.trim()).find(Boolean);
      if (value) entry[key] = value;
    }
    entries.push(entry);
  });
  return { ok: true, value: { entries, unreadable } };
}
