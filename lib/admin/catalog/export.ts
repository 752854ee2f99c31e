import 'server-only';
// A category as a CSV file in the columns the import reads, streamed: each pull reads the next 1,000 products from
// the (created_at, id) index as the admin, so the table is never held in memory whole.
import type { Category } from '../../catalog/categories';
import { withActor, type DbActor } from '../../core/db';
import { toCsv } from './csv-file';
import { exportCells } from './export-row';
import { csvColumns } from './fields';
import { publicImagePrefix } from '../../storage/image-rules';
import { table } from './products';

const BATCH = 1000;

type Row = Record<string, unknown> & { id: string; created_at: string };

async function batch(actor: DbActor, category: Category, after: Row | null): Promise<Row[]> {
  return withActor(actor, async (tx) => {
    // The last row's created_at goes back as text, to the microsecond: a timestamptz parameter passes through a JS
    // Date (milliseconds), and products written in one statement (an import) share one created_at.
    const cursor = after ? tx`(t.created_at, t.id) < (${after.created_at}::text::timestamptz, ${after.id}::uuid)` : tx`true`;
    const rows = await tx<{ row: Row }[]>`
      select to_jsonb(t) - 'search_vector' as row from ${table(tx, category)} t
       where ${cursor} order by t.created_at desc, t.id desc limit ${BATCH}`;
    return rows.map((r) => r.row);
  });
}

/** The file, produced batch by batch as the client reads it; newest products first. */
export function productsCsvStream(actor: DbActor, category: Category, supabaseUrl: string): ReadableStream<Uint8Array> {
  const imagePrefix = publicImagePrefix(supabaseUrl);
  const encoder = new TextEncoder();
  const columns = csvColumns(category);
  let last: Row | null = null;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await batch(actor, category, last);
      const csv = toCsv(columns, rows.map((r) => exportCells(category, r, imagePrefix)), first);
      // The byte-order mark tells spreadsheet programs the file is UTF-8.
      if (first) controller.enqueue(encoder.encode(`\ufeff${rows.length ? csv : `${columns.join(',')}\r\n`}`));
      else if (rows.length) controller.enqueue(encoder.encode(csv));
      first = false;
      if (rows.length < BATCH) controller.close();
      else last = rows.at(-1)!;
    },
  });
}
