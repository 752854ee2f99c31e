// A CSV file as bytes and text: what is refused before any row is looked at (a spreadsheet, another encoding,
// broken quoting, a file too large), header names, and writing rows back out. Pure and shared by every CSV the
// shop reads (the catalog import, quick order), in the browser before sending and on the server again.
import Papa from 'papaparse';

/** What a reader of one kind of file says when it is too large, empty or lacks its key column. */
export interface CsvFileRules {
  maxBytes: number;
  tooLarge: string;
  empty: string;
  /** The column every row must have ('sku'), and what to say when the header lacks it. */
  required: { column: string; missing: string };
}

const SAVE_AS_CSV = 'Save it as "CSV UTF-8 (comma delimited)" and import that file.';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/** Why these bytes are refused before they are read as text (too large, empty, a spreadsheet, UTF-16), or null. */
export function csvBytesRefusal(bytes: Uint8Array, rules: CsvFileRules): string | null {
  if (bytes.byteLength > rules.maxBytes) return rules.tooLarge;
  if (bytes.byteLength === 0) return rules.empty;
  // .xlsx and .ods are ZIP archives; .xls is an OLE compound file.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return `This is a spreadsheet file, not CSV. ${SAVE_AS_CSV}`;
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return `The file is saved as UTF-16 text. ${SAVE_AS_CSV}`;
  return null;
}

export const NOT_UTF8 = `The file is not UTF-8 text (it was saved in another encoding). ${SAVE_AS_CSV}`;
export const NOT_CSV_TEXT = `The file is not a CSV text file. ${SAVE_AS_CSV}`;
export const brokenQuoting = (where: string) => `The file is not valid CSV: a quoted field is not closed properly${where}. ${SAVE_AS_CSV}`;

/** The file's text, or why it is not a CSV text file. A UTF-8 byte-order mark is dropped. */
export function decodeCsvBytes(bytes: Uint8Array, rules: CsvFileRules): Checked<string> {
  const refused = csvBytesRefusal(bytes, rules);
  if (refused) return { ok: false, error: refused };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: NOT_UTF8 };
  }
  if (text.includes('\u0000')) return { ok: false, error: NOT_CSV_TEXT };
  return { ok: true, value: text.replace(/^\ufeff/, '') };
}

/** Header names are lower-cased ('Is New Arrival' → 'is_new_arrival'). */
export function normalizeHeader(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

export interface CsvTable {
  /** Column names as normalised. */
  fields: string[];
  records: Record<string, string>[];
  /** Row number → what is wrong with its shape (too few or too many fields). */
  shapeErrors: Map<number, string>;
}

/**
 * Row numbers count as a spreadsheet shows them: the header is row 1, the first product row 2. (A quoted field that
 * spans lines is still one row.)
 */
export const rowNumber = (index: number) => index + 2;

/** What is wrong with a row whose field count is not the header's. */
export const shapeError = (code: string) => (code === 'TooFewFields' ? 'the row has fewer fields than the header' : 'the row has more fields than the header');

/** Papa Parse's options for every CSV the shop reads: a header row, blank lines skipped, header names normalised. */
export const CSV_PARSE_OPTIONS = { header: true, skipEmptyLines: 'greedy', transformHeader: normalizeHeader } as const;

/** The rows of a CSV text, or why it cannot be read (broken quoting, no header). */
export function parseCsvText(text: string, rules: CsvFileRules): Checked<CsvTable> {
  const result = Papa.parse<Record<string, string>>(text, CSV_PARSE_OPTIONS);
  const shapeErrors = new Map<number, string>();
  for (const error of result.errors) {
    if (error.type === 'Quotes') {
      const where = typeof error.row === 'number' ? ` in row ${rowNumber(error.row)}` : '';
      return { ok: false, error: brokenQuoting(where) };
    }
    if (error.type === 'FieldMismatch' && typeof error.row === 'number') {
      shapeErrors.set(rowNumber(error.row), shapeError(error.code));
    }
  }
  const fields = (result.meta.fields ?? []).filter((f) => f !== '');
  if (result.data.length === 0) return { ok: false, error: rules.empty };
  if (!fields.includes(rules.required.column)) return { ok: false, error: rules.required.missing };
  return { ok: true, value: { fields, records: result.data, shapeErrors } };
}

/** Reads and checks a whole file: bytes → text → rows. */
export function readCsvFile(bytes: Uint8Array, rules: CsvFileRules): Checked<CsvTable> {
  const text = decodeCsvBytes(bytes, rules);
  return text.ok ? parseCsvText(text.value, rules) : text;
}

/**
 * Rows as CSV text. Cells a spreadsheet would run as a formula (=, +, -, @ …) get a leading apostrophe, which the
 * import takes off again, so a file round-trips unchanged.
 */
export function toCsv(fields: readonly string[], rows: readonly (readonly unknown[])[], header = true): string {
  const csv = Papa.unparse({ fields: [...fields], data: rows.map((r) => [...r]) }, { header, escapeFormulae: true, newline: '\r\n' });
  return csv ? `${csv}\r\n` : '';
}

/** Undoes toCsv's formula guard: "'=SUM" → "=SUM", "'-5" → "-5". */
export function unescapeCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * A copy of a cell's text that holds nothing else. A cell read from a file is a slice of the file's text, and the
 * engine keeps that whole text alive for as long as the slice lives: a set of SKUs kept through an import of 100,000
 * rows held the whole file's text in the heap until the end (tests/unit/csv-stream.test.ts checks it). Use it for
 * text kept beyond its row.
 */
export function ownText(value: string): string {
  return structuredClone(value);
}
