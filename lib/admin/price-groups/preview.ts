// The browser's look at a price list before it is sent: the file read (the same refusals as the server's), its
// header, and every row's form checked a slice at a time, so a large file leaves the page responsive and shows a
// percentage. SKUs and options are the server's to check: it has the catalog. Pure apart from yielding to the page.
import { readCsvFile, rowNumber, type Checked, type CsvTable } from '../../core/csv';
import { headerProblem, priceRowChecker, PRICE_LIST_COLUMNS, PRICE_LIST_CSV, type BadPriceRow } from './csv-rows';

export interface PricePreview {
  table: CsvTable;
  /** Rows whose form is right. */
  ready: number;
  bad: BadPriceRow[];
  total: number;
  ignoredColumns: string[];
}

/** The file's rows, or why it cannot be imported. */
export function readPriceList(bytes: Uint8Array): Checked<CsvTable> {
  const table = readCsvFile(bytes, PRICE_LIST_CSV);
  if (!table.ok) return table;
  const problem = headerProblem(table.value.fields);
  return problem ? { ok: false, error: problem } : table;
}

/** Ends the current task, so the page paints the progress before the next slice (a message, not a 4 ms timer). */
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

const SLICE_ROWS = 1000;

/** Every row checked against the groups the page knows; null when `cancelled` says stop. */
export async function previewPriceList(
  table: CsvTable,
  groupNames: readonly string[],
  progress: (checked: number, total: number) => void,
  cancelled: () => boolean,
): Promise<PricePreview | null> {
  const known = new Set(groupNames.map((n) => n.toLowerCase()));
  const check = priceRowChecker((key) => known.has(key));
  const total = table.records.length;
  const preview: PricePreview = {
    table,
    ready: 0,
    bad: [],
    total,
    ignoredColumns: table.fields.filter((f) => !(PRICE_LIST_COLUMNS as readonly string[]).includes(f)),
  };
  for (let start = 0; start < total; start += SLICE_ROWS) {
    if (cancelled()) return null;
    const end = Math.min(start + SLICE_ROWS, total);
    for (let index = start; index < end; index++) {
      const result = check(table.records[index]!, index, table.shapeErrors.get(rowNumber(index)));
      if (result.kind === 'bad') preview.bad.push(result.bad);
      else preview.ready++;
    }
    progress(end, total);
    if (end < total) await yieldToPage();
  }
  return cancelled() ? null : preview;
}

/** The refused rows as a file to fix and import again: their own columns plus import_error. */
export function badRowsFile(table: CsvTable, bad: readonly BadPriceRow[]): { fields: string[]; rows: string[][] } {
  const fields = [...table.fields, 'import_error'];
  const rows = bad.map((b) => {
    const record = table.records[b.row - 2] ?? {};
    return [...table.fields.map((f) => record[f] ?? ''), b.reason];
  });
  return { fields, rows };
}
