import 'server-only';
// The Stripe invoice that collects an order placed on terms (ARCHITECTURE.md, "Payment terms"), and the one way the
// shop records what Stripe says of it.
//   - makeStripeInvoice: the account's Stripe customer, a draft invoice with the order's lines, shipping and tax (one
//     add_lines call), then finalized and sent. Every call has an idempotency key named after the order, and each step is recorded as it
//     succeeds, so a run cut short (Stripe down, a crash) is finished by the next (the maintenance sweep).
//   - syncTermsInvoice: the invoice as Stripe has it now, written onto the order's terms_invoices row under its lock.
//     Webhooks, staff actions and the sweep all end here; as it records state and not events, a replayed or
//     out-of-order event (paid before finalized) changes nothing twice, and each mail has its dedupe key.
import { asServiceRole, type DbRow, type Tx } from '../core/db';
import { logWarn } from '../core/log';
import type { DocumentSnapshot } from '../documents/types';
import { enqueueMails, type QueuedMail } from '../mail/outbox';
import { stripe, type Stripe } from '../payments/stripe';
import { statusRank, type TermsInvoiceStatus } from './rules';

interface MakeRow {
  order_id: string;
  account_id: string;
  terms_days: number;
  amount_cents: string;
  status: TermsInvoiceStatus;
  stripe_invoice_id: string | null;
  stripe_customer_id: string | null;
  business_name: string;
  customer_email: string | null;
  order_reference: string;
  purchase_order: string | null;
  shipping_method: string | null;
  shipping_cents: string;
  tax_cents: string;
  currency: string;
  snapshot: DocumentSnapshot | null;
}

const lineText = (l: DocumentSnapshot['lines'][number]) => `${l.sku} ${l.name}${l.options ? ` (${l.options})` : ''} × ${l.quantity}`;

/** What the invoice bills: each line at its total, then shipping and tax; their sum is the order's total. */
export function invoiceItems(row: Pick<MakeRow, 'snapshot' | 'shipping_method' | 'shipping_cents' | 'tax_cents'>): { description: string; amount: number }[] {
  const items = (row.snapshot?.lines ?? []).map((l) => ({ description: lineText(l), amount: l.lineTotalCents }));
  const shipping = Number(row.shipping_cents);
  const tax = Number(row.tax_cents);
  if (shipping > 0) items.push({ description: `Shipping${row.shipping_method ? `: ${row.shipping_method}` : ''}`, amount: shipping });
  if (tax > 0) items.push({ description: 'Sales tax', amount: tax });
  return items;
}

async function readForMaking(orderId: string): Promise<MakeRow | undefined> {
  return asServiceRole(async (tx) => {
    const [row] = await tx<MakeRow[]>`
      select t.order_id, t.account_id, t.terms_days, t.amount_cents, t.status, t.stripe_invoice_id,
             a.stripe_customer_id, a.business_name, o.customer_email, o.order_reference, o.purchase_order,
             o.shipping_method, o.shipping_cents, o.tax_cents, 'usd' as currency, i.snapshot
        from public.terms_invoices t
        join public.trade_accounts a on a.id = t.account_id
        join public.orders o on o.id = t.order_id
        left join public.invoices i on i.order_id = t.order_id
       where t.order_id = ${orderId}`;
    return row;
  });
}

/** Makes, finalizes and sends the order's Stripe invoice, from wherever an earlier run stopped. */
export async function makeStripeInvoice(orderId: string): Promise<'made' | 'already' | 'missing'> {
  const row = await readForMaking(orderId);
  if (!row) return 'missing';
  if (row.status !== 'pending' && row.status !== 'draft') return 'already';
  const api = stripe();
  let customer = row.stripe_customer_id;
  if (!customer) {
    const made = await api.customers.create(
      { name: row.business_name, email: row.customer_email ?? undefined, metadata: { trade_account_id: row.account_id } },
      { idempotencyKey: `terms-customer-${row.account_id}` },
    );
    customer = made.id;
    await asServiceRole((tx) => tx`update public.trade_accounts set stripe_customer_id = ${customer} where id = ${row.account_id} and stripe_customer_id is null`);
  }
  let invoice: Stripe.Invoice;
  if (row.stripe_invoice_id) invoice = await api.invoices.retrieve(row.stripe_invoice_id);
  else {
    invoice = await api.invoices.create(
      {
        customer,
        collection_method: 'send_invoice',
        days_until_due: row.terms_days,
        pending_invoice_items_behavior: 'exclude',
        auto_advance: false,
        currency: row.currency,
        description: `Order ${row.order_reference}`,
        custom_fields: [
          { name: 'Order', value: row.order_reference },
          ...(row.purchase_order ? [{ name: 'PO number', value: row.purchase_order }] : []),
        ],
        metadata: { order_id: row.order_id, order_reference: row.order_reference },
      },
      { idempotencyKey: `terms-invoice-${row.order_id}` },
    );
    const id = invoice.id;
    await asServiceRole((tx) => tx`
      update public.terms_invoices set stripe_invoice_id = ${id}, status = 'draft', updated_at = now()
       where order_id = ${row.order_id} and stripe_invoice_id is null`);
  }
  // Every line in one call (add_lines is all or none), so a draft has all of the order's lines or none of them.
  if (invoice.status === 'draft' && invoice.lines.data.length === 0) {
    const lines = invoiceItems(row).map((item) => ({ ...item, metadata: { order_id: row.order_id } }));
    invoice = await api.invoices.addLines(invoice.id, { lines }, { idempotencyKey: `terms-lines-${row.order_id}` });
  }
  if (invoice.status === 'draft') {
    if (invoice.total !== Number(row.amount_cents)) {
      // Never send a buyer an invoice for another sum than the order's: left as a draft for staff, and logged.
      logWarn('terms: the Stripe invoice total differs from the order', { order: row.order_id, invoice: invoice.id, invoiceCents: invoice.total, orderCents: Number(row.amount_cents) });
      return 'already';
    }
    invoice = await api.invoices.finalizeInvoice(invoice.id, { auto_advance: false }, { idempotencyKey: `terms-finalize-${row.order_id}` });
  }
  if (invoice.status === 'open') invoice = await api.invoices.sendInvoice(invoice.id, {}, { idempotencyKey: `terms-send-${row.order_id}` });
  await syncTermsInvoice(invoice);
  return 'made';
}

export type SyncOutcome =
  | { outcome: 'recorded'; orderId: string; status: TermsInvoiceStatus; changed: boolean }
  | { outcome: 'unknown_invoice' }
  | { outcome: 'amount_mismatch'; orderId: string };

type SyncRow = DbRow<'terms_invoices', 'order_id' | 'account_id' | 'amount_cents' | 'stripe_invoice_id'> &
  DbRow<'trade_accounts', 'stripe_customer_id'> &
  DbRow<'orders', 'customer_email'> & { status: TermsInvoiceStatus };

const seconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The row of this invoice: by its id, or a row not yet naming one whose order the invoice's metadata names. */
async function lockRow(tx: Tx, invoice: Stripe.Invoice): Promise<SyncRow | undefined> {
  const select = tx`
    select t.order_id, t.account_id, t.amount_cents, t.status, t.stripe_invoice_id, a.stripe_customer_id, o.customer_email
      from public.terms_invoices t join public.trade_accounts a on a.id = t.account_id join public.orders o on o.id = t.order_id`;
  const [byId] = await tx<SyncRow[]>`${select} where t.stripe_invoice_id = ${invoice.id} for update of t`;
  if (byId) return byId;
  const orderId = invoice.metadata?.order_id;
  if (!orderId || !/^[0-9a-f-]{36}$/.test(orderId)) return undefined;
  const [unnamed] = await tx<SyncRow[]>`${select} where t.order_id = ${orderId} and t.stripe_invoice_id is null for update of t`;
  // An invoice of another customer naming this order (made elsewhere in the Stripe account) is not this order's.
  return unnamed && unnamed.stripe_customer_id === idOf(invoice.customer) ? unnamed : undefined;
}

/** Records the invoice as Stripe has it now; `failed`: the event reported a failed payment attempt. */
export async function syncTermsInvoice(invoice: Stripe.Invoice, opts: { failed?: boolean } = {}): Promise<SyncOutcome> {
  return asServiceRole(async (tx) => {
    const row = await lockRow(tx, invoice);
    if (!row) {
      logWarn('terms: an invoice no order placed on terms has', { invoice: invoice.id });
      return { outcome: 'unknown_invoice' };
    }
    const expected = Number(row.amount_cents);
    if (invoice.total !== expected || (invoice.currency ?? 'usd').toLowerCase() !== 'usd') {
      logWarn('terms: the invoice total differs from the order', { invoice: invoice.id, order: row.order_id, invoiceCents: invoice.total, orderCents: expected });
      return { outcome: 'amount_mismatch', orderId: row.order_id };
    }
    const status = (invoice.status ?? 'draft') as TermsInvoiceStatus;
    const credited = (invoice.pre_payment_credit_notes_amount ?? 0) + (invoice.post_payment_credit_notes_amount ?? 0);
    const outOfBand = (invoice.amount_paid_off_stripe ?? 0) > 0;
    const [changed] = await tx<{ order_id: string }[]>`
      update public.terms_invoices set
        status = ${status}, stripe_invoice_id = ${invoice.id}, number = ${invoice.number ?? null},
        hosted_invoice_url = ${invoice.hosted_invoice_url ?? null}, invoice_pdf = ${invoice.invoice_pdf ?? null},
        due_at = coalesce(${seconds(invoice.due_date)}, due_at), paid_cents = ${invoice.amount_paid},
        credited_cents = least(${credited}, amount_cents),
        paid_at = ${seconds(invoice.status_transitions?.paid_at)}, paid_out_of_band = ${outOfBand},
        last_payment_error = ${status === 'open' && opts.failed ? 'The last payment attempt failed.' : null},
        updated_at = now()
       where order_id = ${row.order_id}
         and (case status when 'open' then 1 when 'uncollectible' then 2 when 'paid' then 3 when 'void' then 3 else 0 end)
             <= ${statusRank(status)}
         and (status, stripe_invoice_id, number, hosted_invoice_url, paid_cents, credited_cents, paid_out_of_band, last_payment_error)
             is distinct from
             (${status}, ${invoice.id}, ${invoice.number ?? null}, ${invoice.hosted_invoice_url ?? null}, ${invoice.amount_paid},
              least(${credited}, amount_cents), ${outOfBand}, ${status === 'open' && opts.failed ? 'The last payment attempt failed.' : null})
       returning order_id`;
    if (changed) {
      // A void or uncollectible invoice is no sale: its booked payment leaves revenue (the dashboard's triggers).
      const booked = status === 'void' || status === 'uncollectible' ? status : 'completed';
      await tx`update public.transactions set status = ${booked}
                where order_id = ${row.order_id} and provider = 'stripe_invoice' and kind = 'payment' and status <> ${booked}`;
      const mails: QueuedMail[] = [];
      // The buyer's invoice mail once the invoice is open: it carries Stripe's link to pay it.
      if (row.customer_email && invoice.hosted_invoice_url && status === 'open') {
        mails.push({ kind: 'terms_invoice', orderId: row.order_id, to: row.customer_email, dedupeKey: `terms_invoice:${row.order_id}` });
      }
      if (mails.length) await enqueueMails(tx, mails);
    }
    return { outcome: 'recorded', orderId: row.order_id, status, changed: Boolean(changed) };
  });
}
