import 'server-only';
// Receivables as CSV for the screen's filter and account, streamed: each pull reads the next 1,000 open invoices in
// due order from the partial index (keyset on due_at, order_id), so the file is never held whole. Every batch ages
// the invoices against the same moment, the export's start. Cells a spreadsheet would run as a formula are escaped.
import { withActor, type DbActor } from '../../core/db';
import { toCsv } from '../../core/csv';
import { plainAmountFromCents } from '../../core/format/money';
import { AGEING_LABELS } from '../../terms/labels';
import { RECEIVABLES_CSV_COLUMNS } from './labels';
import type { ReceivablesQuery } from './params';
import { openInvoicesWhere, selectInvoices, toOpenInvoice, type InvoiceRow, type ReceivablesClock } from './query';

const BATCH = 1000;

async function batch(actor: DbActor, clock: ReceivablesClock, query: Pick<ReceivablesQuery, 'filter' | 'account'>, after: InvoiceRow | null): Promise<InvoiceRow[]> {
  return withActor(actor, (tx) => {
    const where = openInvoicesWhere(tx, clock, query);
    const cursor = after ? tx`${where} and (t.due_at, t.order_id) > (${after.due_at_text}::timestamptz, ${after.order_id}::uuid)` : where;
    return selectInvoices(tx, clock, cursor, { ascending: true, limit: BATCH, offset: 0 });
  });
}

function rowsToCsv(rows: InvoiceRow[], header: boolean, timeZone: string): string {
  return toCsv(
    RECEIVABLES_CSV_COLUMNS,
    rows.map((r) => {
      const invoice = toOpenInvoice(r, timeZone);
      return [
        invoice.businessName,
        invoice.reference,
        invoice.number ?? '',
        plainAmountFromCents(invoice.amountCents),
        plainAmountFromCents(invoice.owedCents),
        invoice.dueDay,
        Math.max(0, invoice.daysLate),
        AGEING_LABELS[invoice.bucket],
        invoice.statusText,
      ];
    }),
    header,
  );
}

/** The CSV file, produced batch by batch as the client reads it. */
export function receivablesCsvStream(actor: DbActor, query: Pick<ReceivablesQuery, 'filter' | 'account'>, clock: ReceivablesClock): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: InvoiceRow | null = null;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await batch(actor, clock, query, last);
      if (first) {
        // The byte-order mark tells spreadsheet programs the file is UTF-8.
        controller.enqueue(encoder.encode(`\ufeff${rows.length ? rowsToCsv(rows, true, clock.timeZone) : `${RECEIVABLES_CSV_COLUMNS.join(',')}\r\n`}`));
        first = false;
      } else if (rows.length) {
        controller.enqueue(encoder.encode(rowsToCsv(rows, false, clock.timeZone)));
      }
      if (rows.length < BATCH) controller.close();
      else last = rows.at(-1)!;
    },
  });
}
