import 'server-only';
// Fixed prices as a price list file, in the columns the import reads, so an export imports again unchanged: every
// group's (by name) or one group's. Streamed: each pull reads the next 1,000 prices of a group along its primary key
// as the admin, so no group is held in memory whole.
import { toCsv } from '../../core/csv';
import { withActor, type DbActor } from '../../core/db';
import { PRICE_LIST_COLUMNS, priceListCells } from './csv-rows';
import type { StoneKey, StyleKey } from './options';
import { skuOfPrice } from './prices';

const BATCH = 1000;

export interface ExportGroup {
  id: string;
  name: string;
}

type Row = { product_id: string; stone: StoneKey; style: StyleKey; size: string; price: string; sku: string | null };

/** The groups to export, by name; null when the one asked for does not exist. */
export async function exportGroups(actor: DbActor, groupId: string | null): Promise<ExportGroup[] | null> {
  const rows = await withActor(
    actor,
    (tx) => tx<ExportGroup[]>`
      select id, name from public.price_groups where ${groupId ? tx`id = ${groupId}` : tx`true`} order by lower(name), id`,
  );
  return groupId && rows.length === 0 ? null : rows;
}

async function batch(actor: DbActor, groupId: string, after: Row | null): Promise<Row[]> {
  return withActor(actor, (tx) => {
    const { joins, sku } = skuOfPrice(tx);
    const cursor = after
      ? tx`(p.product_id, p.stone, p.style, p.size) > (${after.product_id}::uuid, ${after.stone}, ${after.style}, ${after.size})`
      : tx`true`;
    return tx<Row[]>`
      select p.product_id, p.stone, p.style, p.size, p.price::text as price, ${sku} as sku
        from public.price_group_prices p ${joins}
       where p.group_id = ${groupId} and ${cursor}
       order by p.product_id, p.stone, p.style, p.size limit ${BATCH}`;
  });
}

/** The file, produced batch by batch as the client reads it. */
export function priceListCsvStream(actor: DbActor, groups: readonly ExportGroup[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  let last: Row | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte-order mark tells spreadsheet programs the file is UTF-8.
      controller.enqueue(encoder.encode(`\ufeff${PRICE_LIST_COLUMNS.join(',')}\r\n`));
    },
    // Each pull hands on rows or ends the file: a pull that enqueued nothing would not be called again.
    async pull(controller) {
      for (let group = groups[index]; group; group = groups[index]) {
        const rows = await batch(actor, group.id, last);
        last = rows.length < BATCH ? null : rows.at(-1)!;
        if (!last) index++;
        if (rows.length) return controller.enqueue(encoder.encode(toCsv(PRICE_LIST_COLUMNS, rows.map((r) => priceListCells({ ...r, group: group!.name })), false)));
      }
      controller.close();
    },
  });
}
