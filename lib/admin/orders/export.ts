import 'server-only';
// Orders as CSV for the screen's current filter and order, streamed: each pull reads the next 1,000 orders from an
// index (keyset on created_at, id), so the whole table is never in memory. Cells that a spreadsheet would run as a
// formula (=, +, -, @ …) are escaped.
import Papa from 'papaparse';
import { withActor, type DbActor } from '../../core/db';
import { orderReference } from '../../orders/reference';
import type { OrdersQuery } from './params';
import { plainAmountFromCents } from '../../core/format/money';
import { formatFileDateTime } from '../../core/format/date';

const BATCH = 1000;

// Total is goods + shipping + tax; Goods of an order from before charges is its total.
export const ORDER_CSV_COLUMNS = [
  'Order Ref', 'Order ID', 'Date', 'Customer', 'Email', 'Phone', 'Status', 'Items', 'Total', 'Goods', 'Shipping', 'Shipping Method', 'Tax',
  'Refunded', 'Transaction ID', 'City', 'State', 'Country', 'Carrier', 'Tracking Number', 'Company', 'PO Number',
] as const;

interface Row {
  id: string;
  order_reference: string | null;
  created_at: Date;
  /** created_at to the microsecond (a Date keeps milliseconds), where the next batch starts. */
  at: string;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  company_name: string | null;
  purchase_order: string | null;
  status: string;
  carrier: string | null;
  tracking_number: string | null;
  total_amount: string;
  goods: string;
  shipping_cents: string;
  shipping_method: string | null;
  tax_cents: string;
  units: number;
  refunded: string;
  payment: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
}


async function batch(actor: DbActor, query: Pick<OrdersQuery, 'status' | 'sort'>, after: Row | null): Promise<Row[]> {
  return withActor(actor, (tx) => {
    const filter = query.status ? tx`o.status = ${query.status}` : tx`true`;
    const oldest = query.sort === 'oldest';
    const cursor = after
      ? oldest
        ? tx`(o.created_at, o.id) > (${after.at}::text::timestamptz, ${after.id}::uuid)`
        : tx`(o.created_at, o.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)`
      : tx`true`;
    const direction = tx.unsafe(oldest ? 'asc' : 'desc');
    return tx<Row[]>`
      select o.id, o.order_reference, o.created_at, o.created_at::text as at,
             o.customer_name, o.customer_email, o.customer_phone, o.company_name, o.purchase_order, o.status, o.total_amount, o.carrier, o.tracking_number,
             coalesce(o.goods_cents, o.total_amount) as goods, o.shipping_cents, o.shipping_method, o.tax_cents,
             (select coalesce(sum(i.quantity), 0)::int from public.order_items i where i.order_id = o.id) as units,
             (select coalesce(sum(t.amount), 0) from public.transactions t
               where t.order_id = o.id and t.kind = 'refund' and t.status in ('pending', 'succeeded')) as refunded,
             (select t.provider_transaction_id from public.transactions t
               where t.order_id = o.id and t.kind = 'payment' order by t.created_at desc limit 1) as payment,
             o.shipping_address ->> 'city' as city, o.shipping_address ->> 'state' as state, o.shipping_address ->> 'country' as country
        from public.orders o
       where ${filter} and ${cursor}
       order by o.created_at ${direction}, o.id ${direction}
       limit ${BATCH}`;
  });
}

function toCsv(rows: Row[], header: boolean, timeZone: string): string {
  const data = rows.map((r) => [
    orderReference(r), r.id, formatFileDateTime(r.created_at, timeZone), r.customer_name ?? '', r.customer_email ?? '', r.customer_phone ?? '', r.status, r.units,
    plainAmountFromCents(r.total_amount), plainAmountFromCents(r.goods), plainAmountFromCents(r.shipping_cents), r.shipping_method ?? '',
    plainAmountFromCents(r.tax_cents), plainAmountFromCents(r.refunded), r.payment ?? '', r.city ?? '', r.state ?? '', r.country ?? '',
    r.carrier ?? '', r.tracking_number ?? '', r.company_name ?? '', r.purchase_order ?? '',
  ]);
  const csv = Papa.unparse({ fields: [...ORDER_CSV_COLUMNS], data }, { header, escapeFormulae: true, newline: '\r\n' });
  return csv ? `${csv}\r\n` : '';
}

/** The CSV file, produced batch by batch as the client reads it. */
export function ordersCsvStream(actor: DbActor, query: Pick<OrdersQuery, 'status' | 'sort'>, timeZone: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | null = null;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await batch(actor, query, last);
      if (first) {
        // The byte-order mark tells spreadsheet programs the file is UTF-8.
        controller.enqueue(encoder.encode(`\ufeff${rows.length ? toCsv(rows, true, timeZone) : `${ORDER_CSV_COLUMNS.join(',')}\r\n`}`));
        first = false;
      } else if (rows.length) {
        controller.enqueue(encoder.encode(toCsv(rows, false, timeZone)));
      }
      if (rows.length < BATCH) controller.close();
      else last = rows.at(-1)!;
    },
  });
}
