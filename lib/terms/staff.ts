import 'server-only';
// What staff do to an invoice on terms: record a payment made by other means (a check or a wire: Stripe's
// paid_out_of_band) or void it. Stripe is asked first, then its answer is recorded as every webhook is
// (syncTermsInvoice), so the event that follows changes nothing.
import Stripe from 'stripe';
import { ActionError } from '../core/action-result';
import { asServiceRole } from '../core/db';
import { stripe } from '../payments/stripe';
import { syncTermsInvoice } from './stripe-invoice';

async function invoiceOf(orderId: string): Promise<string> {
  const [row] = await asServiceRole((tx) => tx<{ stripe_invoice_id: string | null; status: string }[]>`
    select stripe_invoice_id, status from public.terms_invoices where order_id = ${orderId}`);
  if (!row) throw new ActionError('This order is not paid by invoice.', 404);
  if (!row.stripe_invoice_id || row.status === 'pending' || row.status === 'draft') {
    throw new ActionError('The invoice has not been sent yet. Please try again in a minute.', 409);
  }
  if (row.status !== 'open') throw new ActionError(`The invoice is ${row.status} already.`, 409);
  return row.stripe_invoice_id;
}

async function askStripe(call: () => Promise<Stripe.Invoice>): Promise<Stripe.Invoice> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
      throw new ActionError('Stripe did not answer, so nothing was recorded. Please try again.', 503);
    }
    if (err instanceof Stripe.errors.StripeError) throw new ActionError(`Stripe refused: ${err.message}`, 502);
    throw err;
  }
}

/** A check or wire received: the invoice is paid out of band at Stripe, then recorded. */
export async function markTermsInvoicePaid(orderId: string): Promise<void> {
  const id = await invoiceOf(orderId);
  await syncTermsInvoice(await askStripe(() => stripe().invoices.pay(id, { paid_out_of_band: true }, { idempotencyKey: `terms-oob-${orderId}` })));
}

/** The invoice is voided at Stripe (nothing more is owed), then recorded. */
export async function voidTermsInvoice(orderId: string): Promise<void> {
  const id = await invoiceOf(orderId);
  await syncTermsInvoice(await askStripe(() => stripe().invoices.voidInvoice(id, {}, { idempotencyKey: `terms-void-${orderId}` })));
}
