import 'server-only';
// Reading issued documents, in the caller's transaction and under the caller's RLS actor: the owner and admins read
// their orders' documents (the tables' policies), the service role any (the paying browser, a signed order link).
import type { Tx } from '../core/db';
import { isUuid } from '../core/validation/text';
import { creditNotePath, CREDIT_NOTE_NUMBER, invoicePath, type DocumentRef } from './paths';

export type { DocumentRef } from './paths';
import type { DocumentKind, DocumentSnapshot, IssuedDocument } from './types';

interface DocumentRow {
  id: string;
  number: string;
  order_id: string;
  issued_at: Date;
  amount: string;
  snapshot: DocumentSnapshot;
}

const toDocument = (kind: DocumentKind, row: DocumentRow): IssuedDocument => ({
  kind,
  id: row.id,
  number: row.number,
  orderId: row.order_id,
  issuedAt: row.issued_at.toISOString(),
  amountCents: Number(row.amount),
  snapshot: row.snapshot,
});

/** The order's invoice as issued, or null (none, or not the caller's to read). */
export async function readInvoice(tx: Tx, orderId: string): Promise<IssuedDocument | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await tx<DocumentRow[]>`
    select id, number, order_id, issued_at, total_amount as amount, snapshot from public.invoices where order_id = ${orderId}`;
  return row ? toDocument('invoice', row) : null;
}

/** One credit note of the order by its number, or null. */
export async function readCreditNote(tx: Tx, orderId: string, number: string): Promise<IssuedDocument | null> {
  if (!isUuid(orderId) || !CREDIT_NOTE_NUMBER.test(number)) return null;
  const [row] = await tx<DocumentRow[]>`
    select id, number, order_id, issued_at, amount, snapshot from public.credit_notes
     where order_id = ${orderId} and number = ${number}`;
  return row ? toDocument('credit_note', row) : null;
}

/** The invoice and credit notes of each order, oldest first (one query for a page of orders). */
export async function listDocumentsForOrders(tx: Tx, orderIds: readonly string[]): Promise<Map<string, DocumentRef[]>> {
  const byOrder = new Map<string, DocumentRef[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx<{ kind: DocumentKind; order_id: string; number: string; issued_at: Date; amount: string }[]>`
    select 'invoice' as kind, order_id, number, issued_at, total_amount as amount
      from public.invoices where order_id = any(${[...orderIds]}::uuid[])
    union all
    select 'credit_note', order_id, number, issued_at, amount
      from public.credit_notes where order_id = any(${[...orderIds]}::uuid[])
    order by issued_at, number`;
  for (const r of rows) {
    const list = byOrder.get(r.order_id) ?? [];
    list.push({
      kind: r.kind,
      number: r.number,
      issuedAt: r.issued_at.toISOString(),
      amountCents: Number(r.amount),
      href: r.kind === 'invoice' ? invoicePath(r.order_id) : creditNotePath(r.order_id, r.number),
    });
    byOrder.set(r.order_id, list);
  }
  return byOrder;
}

/** The order's invoice and credit notes, for links. */
export async function listDocuments(tx: Tx, orderId: string): Promise<DocumentRef[]> {
  if (!isUuid(orderId)) return [];
  return (await listDocumentsForOrders(tx, [orderId])).get(orderId) ?? [];
}
