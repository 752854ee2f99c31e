import 'server-only';
// A refund of an order on terms is a Stripe credit note on its invoice (ARCHITECTURE.md, "Payment terms"): while the
// invoice is open it lowers what is owed; once paid, the amount goes back as it came (refunded to the card that paid
// it on Stripe's page, or marked paid back outside Stripe for a check or wire). The invoice is then recorded again.
import Stripe from 'stripe';
import { ActionError } from '../core/action-result';
import type { Tx } from '../core/db';
import { stripe } from '../payments/stripe';
import { syncTermsInvoice } from './stripe-invoice';

export interface TermsCredit {
  id: string;
  amount: number;
}

/** A line of the Stripe credit note: what the refund credits, the same goods, shipping and tax as the shop's own note. */
export interface TermsCreditLine {
  description: string;
  quantity: number;
  unitAmountCents: number;
}

export interface TermsCreditDetail {
  /** Lines summing to the amount; null: one amount, as before. */
  lines: TermsCreditLine[] | null;
  /** The shop's reason key (transactions.refund_reason). */
  reason: string | null;
  /** The reason in words, shown on Stripe's credit note. */
  memo: string | null;
}

/** Stripe's own reasons: a faulty piece is product_unsatisfactory, anything else an order change. */
const stripeReason = (reason: string | null): Stripe.CreditNoteCreateParams.Reason =>
  reason === 'damaged' || reason === 'not_as_described' ? 'product_unsatisfactory' : 'order_change';

export async function creditTermsInvoice(
  tx: Tx, orderId: string, amountCents: number, key: string, detail: TermsCreditDetail = { lines: null, reason: null, memo: null },
): Promise<TermsCredit> {
  const [row] = await tx<{ stripe_invoice_id: string | null; status: string; paid_out_of_band: boolean }[]>`
    select stripe_invoice_id, status, paid_out_of_band from public.terms_invoices where order_id = ${orderId}`;
  if (!row?.stripe_invoice_id || row.status === 'pending' || row.status === 'draft') {
    throw new ActionError('The invoice has not been sent yet, so there is nothing to credit. Please try again in a minute.', 409);
  }
  if (row.status !== 'open' && row.status !== 'paid') throw new ActionError(`The invoice is ${row.status}: there is nothing to credit.`, 409);
  const back = row.status === 'paid' ? (row.paid_out_of_band ? { out_of_band_amount: amountCents } : { refund_amount: amountCents }) : {};
  let note: Stripe.CreditNote;
  try {
    note = await stripe().creditNotes.create(
      {
        invoice: row.stripe_invoice_id,
        amount: amountCents,
        reason: stripeReason(detail.reason),
        metadata: { order_id: orderId },
        ...(detail.memo ? { memo: detail.memo.slice(0, 500) } : {}),
        ...(detail.lines?.length
          ? { lines: detail.lines.map((l) => ({ type: 'custom_line_item' as const, description: l.description.slice(0, 200), quantity: l.quantity, unit_amount: l.unitAmountCents })) }
          : {}),
        ...back,
      },
      { idempotencyKey: `shop-credit-${key}` },
    );
  } catch (err) {
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
      throw new ActionError('Stripe did not answer, so nothing was recorded. Please try again: the same request never refunds twice.', 503);
    }
    if (err instanceof Stripe.errors.StripeError) throw new ActionError(`Stripe did not make the credit note: ${err.message}`, 502);
    throw err;
  }
  // Recorded on its own connection after this transaction's row lock on the order: the invoice row is another table.
  await syncTermsInvoice(await stripe().invoices.retrieve(row.stripe_invoice_id));
  return { id: note.id, amount: note.amount };
}
