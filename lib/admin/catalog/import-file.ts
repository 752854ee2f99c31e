import 'server-only';
// The server's side of an import. The file is read twice, row by row, and never held as text or as rows: once to
// see that it can be read (the answer to a file that cannot be is a 4xx before anything is written), to count its
// rows and to look up the images it names; then inside the transaction, where each row is checked (rowChecker, the
// product schema) and the good ones written a batch at a time as they are read. Rows are checked once: the check is
// most of an import's work outside the database. Held in memory meanwhile: the file's bytes (outside the JavaScript
// heap), each SKU once, the images named, the refused rows and one batch. ARCHITECTURE.md: catalog import.
import type { Category } from '../../catalog/categories';
import { readCsvRecords, type CsvRecordHandler } from '../../core/csv-stream';
import type { DbActor, Tx } from '../../core/db';
import { publicImagePrefix } from '../../storage/image-rules';
import { CATALOG_CSV, ownText, unescapeCell, type Checked } from './csv-file';
import { beginImport, IMPORT_BATCH_SIZE, writeImportBatch, type ImportCounts } from './import';
import { IMAGE_NOT_IN_BUCKET, missingImages } from './import-images';
import { checkImageUrl, rowChecker, type BadRow, type ImportRow } from './import-rows';

const readCatalogCsv = (bytes: Uint8Array, onRecord: CsvRecordHandler) => readCsvRecords(bytes, CATALOG_CSV, onRecord);

/** A file that has been read once: what writing it will go through. */
export interface CheckedImport {
  category: Category;
  bytes: Uint8Array;
  imagePrefix: string;
  /** Rows with a sku: each is checked, then written or refused. */
  rows: number;
  /** Rows without a sku. */
  skipped: number;
  /** Every row of the file. */
  total: number;
  /** Images the file names that the bucket does not hold. */
  missingImages: Set<string>;
}

export async function checkImportFile(actor: DbActor, category: Category, bytes: Uint8Array, supabaseUrl: string): Promise<Checked<CheckedImport>> {
  const imagePrefix = publicImagePrefix(supabaseUrl);
  const images = new Set<string>();
  let rows = 0;
  const read = await readCatalogCsv(bytes, (record) => {
    if (!unescapeCell(record.sku ?? '').trim()) return;
    rows++;
    const image = checkImageUrl(unescapeCell(record.image_url ?? ''), imagePrefix);
    if (image.ok && image.url) images.add(ownText(image.url));
  });
  if (!read.ok) return read;
  const total = read.value.records;
  return { ok: true, value: { category, bytes, imagePrefix, rows, skipped: total - rows, total, missingImages: await missingImages(actor, images, supabaseUrl) } };
}

/**
 * Checks every row and writes the good ones in the caller's transaction; `progress(checked)` after each batch. A
 * batch is written while the next one is read and checked, so the server's work and the database's overlap; reading
 * waits when a full batch finds the one before it still being written.
 */
export async function writeImportFile(tx: Tx, file: CheckedImport, progress: (checked: number) => void): Promise<{ counts: ImportCounts; bad: BadRow[] }> {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0 };
  const check = rowChecker(file.category, { imagePrefix: file.imagePrefix });
  const bad: BadRow[] = [];
  let batch: ImportRow[] = [];
  let checked = 0;
  let writing: Promise<void> = beginImport(tx).then(() => {});
  /** Queues the batch behind the one being written; resolves when that one is done. */
  const flush = () => {
    const [rows, upTo, before] = [batch, checked, writing];
    batch = [];
    writing = before.then(async () => {
      await writeImportBatch(tx, file.category, rows, counts);
      progress(upTo);
    });
    // Awaited later (by the next batch or at the end); this only keeps a failure from counting as unhandled meanwhile.
    writing.catch(() => {});
    return before;
  };
  const read = await readCatalogCsv(file.bytes, (record, index, shapeError) => {
    const result = check(record, index, shapeError);
    if (result.kind === 'skipped') return;
    checked++;
    if (result.kind === 'bad') return void bad.push(result.bad);
    const { row, sku, imageUrl } = result.row;
    if (imageUrl && file.missingImages.has(imageUrl)) return void bad.push({ row, sku, reason: IMAGE_NOT_IN_BUCKET });
    batch.push(result.row);
    if (batch.length === IMPORT_BATCH_SIZE) return flush();
  });
  if (!read.ok) throw new Error(`The import file read differently the second time: ${read.error}`);
  if (batch.length > 0) void flush();
  await writing;
  return { counts, bad };
}
