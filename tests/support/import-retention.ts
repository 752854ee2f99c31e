// Run in a process of its own (tests/unit/csv-stream.test.ts): node --expose-gc --conditions=react-server --import tsx
// tests/support/import-retention.ts. Reads a 40,000-row file through the server's row checker, as an import does, and
// prints how much heap (MB) stays in use afterwards while the checker lives, and the file's size. The SKUs are longer
// than 12 characters: the engine copies shorter slices, and keeps a longer one as a view of the text it came from.
import { CATALOG_CSV } from '../../lib/admin/catalog/csv-file';
import { rowChecker } from '../../lib/admin/catalog/import-rows';
import { readCsvRecords } from '../../lib/core/csv-stream';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

function bigFile(): Uint8Array {
  const filler = 'A long description of the bracelet to make each row weigh what a real one does. '.repeat(4);
  const rows = Array.from({ length: 40_000 }, (_, i) => `BRACELET-SKU-${String(i).padStart(8, '0')},Bracelet ${i},${filler}`);
  return new TextEncoder().encode(`sku,name,description\n${rows.join('\n')}\n`);
}

const file = bigFile();
gc();
const before = process.memoryUsage().heapUsed;
const check = rowChecker('bracelets', { imagePrefix: 'http://127.0.0.1:54321/storage/v1/object/public/product-images/' });
let good = 0;
const read = await readCsvRecords(file, CATALOG_CSV, (record, index, shape) => {
  if (check(record, index, shape).kind === 'good') good++;
});
gc();
const keptMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
const again = check({ sku: 'BRACELET-SKU-00000007' }, 40_001, undefined);
console.log(JSON.stringify({ ok: read.ok, good, keptMb, fileMb: file.length / 1024 / 1024, again: again.kind === 'bad' ? again.bad.reason : again.kind }));
