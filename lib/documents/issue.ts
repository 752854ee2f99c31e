import 'server-only';
// Issuing documents, inside the transaction of the event that calls for them: the fulfilment issues the order's
// invoice; a refund that has succeeded gets its credit note. Numbers come from one gapless sequence per kind and
// year (the year in the shop's time zone), through public.issue_document(), which also adds the seller (the shop
// settings as they are now) and answers an order's existing invoice instead of a second one. A credit note takes its
// number at once; an invoice takes its number as the transaction commits (a deferred trigger), so the yearly
// counter's row lock, which every payment fulfilled at that moment needs, is held for the commit alone. The
// snapshot never changes after (the table refuses updates).
import type { Tx } from '../core/db';
import { env } from '../core/env';
import { yearIn } from '../core/format/date';
import { orderReference } from '../checkout/order-reference';
import { isCategory } from '../catalog/categories';
import { choicesText, readLineChoices } from '../purchase/line-choices';
import { readCharges, type OrderCharges } from './charges';
import { readOrderRow } from './order-row';
import { isRefundReason, REFUND_REASONS } from './labels';
import type { DocumentLine, DocumentSnapshot } from './types';

export interface InvoiceInput {
  orderId: string;
  reference: string;
  /** The buyer's PO number, when given at checkout. */
  purchaseOrder?: string | null;
  placedAt: Date;
  buyer: DocumentSnapshot['buyer'];
  lines: DocumentLine[];
  /** goods + shipping + tax. */
  totalCents: number;
  currency: string;
  /** Goods, shipping and tax apart; absent: the invoice bills goods alone (its subtotal is its total). */
  charges?: OrderCharges;
}

export interface Issued {
  id: string;
  number: string;
}

/** An invoice as issued: its number is null until the transaction that issued it commits. */
export type IssuedInvoice = Omit<Issued, 'number'> & { number: string | null };

/** A snapshot as the caller gives it: issue_document() adds the seller. */
type UnsignedSnapshot = Omit<DocumentSnapshot, 'seller'>;

async function issue<Row extends IssuedInvoice>(
  tx: Tx, kind: 'invoice' | 'credit_note', orderId: string, refundId: string | null, amountCents: number, snapshot: UnsignedSnapshot,
): Promise<Row> {
  const year = yearIn(new Date(), env().SHOP_TIME_ZONE);
  const [row] = await tx<Row[]>`
    select id, number from public.issue_document(${kind}, ${year}, ${orderId}, ${refundId}, ${amountCents}, ${tx.json(snapshot as never)})`;
  return row!;
}

/** The order's invoice, issued once: a second call for the same order returns the first invoice. */
export async function issueInvoice(tx: Tx, input: InvoiceInput): Promise<IssuedInvoice> {
  const snapshot: UnsignedSnapshot = {
    buyer: input.buyer,
    order: { id: input.orderId, reference: input.reference, placedAt: input.placedAt.toISOString(), purchaseOrder: input.purchaseOrder ?? null },
    lines: input.lines,
    currency: input.currency,
    totalCents: input.totalCents,
    ...(input.charges ? { charges: snapshotCharges(input.charges) } : {}),
  };
  return issue<IssuedInvoice>(tx, 'invoice', input.orderId, null, input.totalCents, snapshot);
}

/** The charges as the snapshot keeps them: these fields alone, whatever else the caller's object holds. */
const snapshotCharges = (c: OrderCharges): OrderCharges => ({
  goodsCents: c.goodsCents,
  shippingMethod: c.shippingMethod,
  shippingCents: c.shippingCents,
  taxCents: c.taxCents,
  taxBreakdown: c.taxBreakdown.map((t) => ({ name: t.name, rate: t.rate, cents: t.cents })),
  taxExemptReason: c.taxExemptReason,
});

export interface IssuedCreditNote extends Issued {
  refundId: string;
  amountCents: number;
  /** What remains paid on the order after this refund and every earlier one. */
  remainingCents: number;
}

interface InvoiceRow {
  number: string;
  snapshot: DocumentSnapshot;
}

/**
 * A credit note for every succeeded refund of the order that has none yet, oldest first. Refunds still pending get
 * theirs when Stripe reports them succeeded (the webhook calls this again). Returns the notes issued now.
 */
export async function issueCreditNotes(tx: Tx, orderId: string): Promise<IssuedCreditNote[]> {
  const refunds = await tx<RefundRow[]>`
    select t.id, t.amount, t.provider_transaction_id, t.tax_cents, t.refund_reason, t.refund_note, t.provider = 'stripe_invoice' as on_terms
      from public.transactions t
     where t.order_id = ${orderId} and t.kind = 'refund' and t.status = 'succeeded'
       and not exists (select 1 from public.credit_notes c where c.refund_id = t.id)
     order by t.created_at, t.id`;
  if (refunds.length === 0) return [];
  const [invoice] = await tx<InvoiceRow[]>`select number, snapshot from public.invoices where order_id = ${orderId}`;
  const found = invoice?.snapshot ?? (await snapshotOfOrder(tx, orderId));
  if (!found) return [];
  // The invoice's seller is the one of its day; the credit note's is the shop as it is now (issue_document adds it).
  const { seller: _invoiceSeller, ...base } = found as DocumentSnapshot;
  const [paid] = await tx<{ paid: string; refunded: string }[]>`
    select coalesce(sum(amount) filter (where kind = 'payment' and status = 'completed'), 0) as paid,
           coalesce(sum(amount) filter (where kind = 'refund' and status = 'succeeded'), 0) as refunded
      from public.transactions where order_id = ${orderId}`;
  // Refunds are taken oldest first: what remains after each counts the ones before it.
  let remaining = Number(paid!.paid) - Number(paid!.refunded) + refunds.reduce((sum, r) => sum + Number(r.amount), 0);
  const issued: IssuedCreditNote[] = [];
  for (const refund of refunds) {
    const amountCents = Number(refund.amount);
    remaining -= amountCents;
    // The note lists what the refund credited: its lines and shipping, or (a refund of an amount) none.
    const credited = await readCreditedLines(tx, refund.id);
    const snapshot: UnsignedSnapshot = {
      ...base,
      lines: credited?.lines ?? [],
      refund: {
        amountCents,
        invoiceNumber: invoice?.number ?? null,
        remainingCents: Math.max(0, remaining),
        reference: refund.provider_transaction_id,
        taxCents: refund.tax_cents === null ? null : Number(refund.tax_cents),
        reason: isRefundReason(refund.refund_reason) ? REFUND_REASONS[refund.refund_reason] : null,
        note: refund.refund_note,
        ...(credited ? { credited: { shippingCents: credited.shippingCents } } : {}),
        onTerms: refund.on_terms,
      },
    };
    const note = await issue<Issued>(tx, 'credit_note', orderId, refund.id, amountCents, snapshot);
    issued.push({ ...note, refundId: refund.id, amountCents, remainingCents: Math.max(0, remaining) });
  }
  return issued;
}

interface RefundRow {
  id: string;
  amount: string;
  provider_transaction_id: string;
  tax_cents: string | null;
  refund_reason: string | null;
  refund_note: string | null;
  on_terms: boolean;
}

/** The lines and shipping a refund credited (refund_lines), or null for a refund of an amount. */
async function readCreditedLines(tx: Tx, refundId: string): Promise<{ lines: DocumentLine[]; shippingCents: number } | null> {
  const rows = await tx<(Omit<LineRow, 'quantity' | 'unit_price'> & { kind: 'item' | 'shipping'; quantity: number | null; unit_price: string | null; amount_cents: string })[]>`
    select l.kind, l.quantity, l.amount_cents, p.sku, p.name, coalesce(i.product_category, p.category) as category, i.choices, i.unit_price
      from public.refund_lines l
      left join public.order_items i on i.id = l.order_item_id
      left join public.catalog_products p on p.id = i.product_id
     where l.refund_id = ${refundId} order by l.kind, i.created_at, i.id`;
  if (rows.length === 0) return null;
  const lines = rows
    .filter((l) => l.kind === 'item')
    .map((l) => ({
      sku: l.sku,
      name: l.name ?? 'Product Unavailable',
      options: choicesText(readLineChoices(l.choices), isCategory(l.category) ? l.category : null),
      quantity: l.quantity ?? 0,
      unitPriceCents: Number(l.unit_price ?? 0),
      lineTotalCents: Number(l.amount_cents),
    }));
  const shippingCents = rows.filter((l) => l.kind === 'shipping').reduce((sum, l) => sum + Number(l.amount_cents), 0);
  return { lines, shippingCents };
}

interface LineRow {
  sku: string | null;
  name: string | null;
  category: string | null;
  choices: unknown;
  quantity: number;
  unit_price: string;
}

/** The order's lines as they are now, in the words of their stored choices (never the text summary). */
export async function readOrderLines(tx: Tx, orderId: string): Promise<DocumentLine[]> {
  const rows = await tx<LineRow[]>`
    select p.sku, p.name, coalesce(i.product_category, p.category) as category, i.choices, i.quantity, i.unit_price
      from public.order_items i left join public.catalog_products p on p.id = i.product_id
     where i.order_id = ${orderId} order by i.created_at, i.id`;
  return rows.map((l) => ({
    sku: l.sku,
    name: l.name ?? 'Product Unavailable',
    options: choicesText(readLineChoices(l.choices), isCategory(l.category) ? l.category : null),
    quantity: l.quantity,
    unitPriceCents: Number(l.unit_price),
    lineTotalCents: Number(l.unit_price) * l.quantity,
  }));
}

/** For an order without an invoice (placed before invoices were issued): its lines and buyer as they are now. */
async function snapshotOfOrder(tx: Tx, orderId: string): Promise<UnsignedSnapshot | null> {
  const order = await readOrderRow(tx, orderId);
  if (!order) return null;
  const lines = await readOrderLines(tx, orderId);
  return {
    buyer: {
      name: order.customer_name,
      company: order.company_name,
      email: order.customer_email,
      phone: order.customer_phone,
      shipping: order.shipping_address,
      billing: order.billing_address,
    },
    order: { id: order.id, reference: orderReference(order), placedAt: order.created_at.toISOString(), purchaseOrder: order.purchase_order },
    lines,
    currency: 'usd',
    totalCents: Number(order.total_amount),
    charges: readCharges(order),
  };
}
