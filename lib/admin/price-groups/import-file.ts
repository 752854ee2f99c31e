import 'server-only';
// The server's side of a price list import, as the catalog's (lib/admin/catalog/import-file.ts): the file is read
// twice, row by row, never held as text or as rows. Once to see that it can be read (a 4xx before anything is
// written) and to count its rows; then inside the transaction, where each row's form is checked, and a batch at a
// time its SKUs are looked up (one statement), its options checked against each product, and its good rows written
// (one statement). A batch's lookup goes to the database as soon as the batch is full, behind the write before it,
// so the database does not wait on the server between batches. Held meanwhile: the file's bytes (outside the
// JavaScript heap), each fixed price's key once (to refuse a second row for it), the refused rows and one batch.
import { readCsvRecords } from '../../core/csv-stream';
import type { Checked } from '../../core/csv';
import type { Tx } from '../../core/db';
import { headerProblem, priceRowChecker, PRICE_LIST_CSV, type BadPriceRow, type PriceImportCounts, type PriceRow } from './csv-rows';
import { ROW_PROBLEMS } from './labels';
import { lockGroups, lookUpSkus, PRICE_IMPORT_BATCH, writePriceBatch, type PriceWrite } from './import-write';
import { optionProblem } from './options';

export interface CheckedPriceList {
  bytes: Uint8Array;
  /** Every row of the file: each is checked, then written or refused. */
  rows: number;
}

export async function checkPriceListFile(bytes: Uint8Array): Promise<Checked<CheckedPriceList>> {
  const read = await readCsvRecords(bytes, PRICE_LIST_CSV, () => {});
  if (!read.ok) return read;
  const problem = headerProblem(read.value.fields);
  if (problem) return { ok: false, error: problem };
  return { ok: true, value: { bytes, rows: read.value.records } };
}

export interface PriceListOutcome {
  counts: PriceImportCounts;
  /** In row order. */
  bad: BadPriceRow[];
  /** The groups whose fixed prices changed: their cache tags are dropped once the import commits. */
  changedGroups: Set<string>;
}

/** The batch's rows whose product and option are right, as writes; the others refused into `bad`. */
function judge(rows: readonly PriceRow[], products: Awaited<ReturnType<typeof lookUpSkus>>, groups: Map<string, string>, bad: BadPriceRow[]): PriceWrite[] {
  const writes: PriceWrite[] = [];
  for (const r of rows) {
    const refuse = (reason: string) => void bad.push({ row: r.row, group: r.group, sku: r.sku, reason });
    const found = products.get(r.sku.toLowerCase()) ?? [];
    // A SKU given in the product's own case names that product when others share it but for its case.
    const exact = found.length > 1 ? found.filter((p) => p.sku === r.sku) : found;
    if (found.length === 0) refuse(ROW_PROBLEMS.skuUnknown);
    else if (exact.length !== 1) refuse(ROW_PROBLEMS.skuAmbiguous);
    else {
      const product = exact[0]!;
      const problem = optionProblem(product, r);
      if (problem) refuse(problem);
      else writes.push({ groupId: groups.get(r.groupKey)!, productId: product.id, category: product.category, stone: r.stone, style: r.style, size: r.size, price: r.price });
    }
  }
  return writes;
}

/**
 * Checks every row and writes the good ones in the caller's transaction; `progress(checked)` after each batch. A
 * failure anywhere rejects, and the caller's transaction rolls every batch back.
 */
export async function writePriceListFile(tx: Tx, file: CheckedPriceList, progress: (checked: number) => void): Promise<PriceListOutcome> {
  const counts: PriceImportCounts = { created: 0, updated: 0, removed: 0, unchanged: 0 };
  const changedGroups = new Set<string>();
  const bad: BadPriceRow[] = [];
  const groups = await lockGroups(tx);
  const check = priceRowChecker((key) => groups.has(key));
  let batch: PriceRow[] = [];
  let checked = 0;
  let reported = 0;
  const report = (upTo: number) => {
    reported = upTo;
    progress(upTo);
  };
  let writing: Promise<void> = Promise.resolve();
  /** Sends the batch's lookup at once and queues its write behind the batch before; resolves when that one is done. */
  const flush = () => {
    const [rows, upTo, before] = [batch, checked, writing];
    batch = [];
    const looked = lookUpSkus(tx, [...new Set(rows.map((r) => r.sku.toLowerCase()))]);
    writing = Promise.all([looked, before]).then(async ([products]) => {
      for (const id of await writePriceBatch(tx, judge(rows, products, groups, bad), counts)) changedGroups.add(id);
      report(upTo);
    });
    // Awaited later (by the next batch or at the end); this only keeps a failure from counting as unhandled meanwhile.
    writing.catch(() => {});
    return before;
  };
  const read = await readCsvRecords(file.bytes, PRICE_LIST_CSV, (record, index, shapeError) => {
    const result = check(record, index, shapeError);
    checked++;
    if (result.kind === 'bad') return void bad.push(result.bad);
    batch.push(result.row);
    if (batch.length === PRICE_IMPORT_BATCH) return flush();
  });
  if (!read.ok) throw new Error(`The price list read differently the second time: ${read.error}`);
  if (batch.length > 0) void flush();
  await writing;
  if (reported < checked) report(checked);
  bad.sort((a, b) => a.row - b.row);
  return { counts, bad, changedGroups };
}
