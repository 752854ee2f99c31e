import 'server-only';
// Placing an order on terms (ARCHITECTURE.md, "Payment terms"): the checkout record becomes an order without a card,
// in one transaction that also holds the credit check, so two orders at once cannot pass the limit together: the
// account's row is locked, then what its open invoices owe is summed. The checkout's PaymentIntent is cancelled at
// Stripe inside it (holding only this checkout's and this account's rows), so no card can pay for the order too. The order is written by the same code as
// a card order (lib/orders/fulfilment.ts), with a terms_invoices row; the Stripe invoice is made after the commit
// (stripe-invoice.ts, finishOrderOnTerms), and retried by the maintenance sweep when Stripe cannot be reached.
import { asServiceRole } from '../core/db';
import { logError, logWarn } from '../core/log';
import { CheckoutError } from '../checkout/errors';
import { insertOrder, lockCheckoutRecord } from '../orders/fulfilment';
import { stripe } from '../payments/stripe';
import { retrieveOrNull } from '../payments/missing';
import { recordOrderTax } from '../tax/record';
import { readBuyerTerms } from './account';
import { TERMS_ERRORS } from './labels';
import { checkCredit } from './rules';
import { makeStripeInvoice } from './stripe-invoice';

export interface PlacedOnTerms {
  orderId: string;
  reference: string;
}

/**
 * The card payment of the checkout can no longer be taken: canceled at Stripe, or refused if it was paid. One call
 * in the usual case; Stripe refuses to cancel a paid or already canceled PaymentIntent, and then it is looked at.
 */
async function closeCardPayment(paymentIntentId: string | null): Promise<void> {
  if (!paymentIntentId) return;
  try {
    await stripe().paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey: `terms-cancel-${paymentIntentId}` });
    return;
  } catch (err) {
    const intent = await retrieveOrNull(stripe().paymentIntents.retrieve(paymentIntentId));
    if (!intent || intent.status === 'canceled') return;
    if (intent.status === 'succeeded' || intent.status === 'processing') throw new CheckoutError(409, 'checkout_closed', TERMS_ERRORS.closed);
    throw err;
  }
}

export async function placeOrderOnTerms(input: { checkoutId: string; userId: string }): Promise<PlacedOnTerms> {
  return asServiceRole(async (tx) => {
    const notFound = () => new CheckoutError(404, 'not_found', 'This checkout was not found. Please reload the page.');
    // The checkout record and the account's row, locked (the two statements go to the database together): a second
    // order of the same account waits, then sums this one's invoice too.
    const [record, terms] = await Promise.all([
      lockCheckoutRecord(tx, { checkoutId: input.checkoutId }, true),
      readBuyerTerms(tx, input.userId, { lock: true }),
    ]);
    if (!record || record.user_id !== input.userId) throw notFound();
    if (record.status !== 'open' || !record.order_reference) throw new CheckoutError(409, 'checkout_closed', TERMS_ERRORS.closed);
    if (record.quote_id) throw new CheckoutError(400, 'quote_by_card', TERMS_ERRORS.quote);
    if (!record.shipping_address) throw new CheckoutError(400, 'invalid_address', 'Please save your shipping address first.');
    if (!terms) throw new CheckoutError(403, 'no_terms', TERMS_ERRORS.noTerms);
    const amount = Number(record.amount);
    const credit = checkCredit(terms.openCents, terms.limitCents, amount);
    if (!credit.ok) {
      logWarn('terms: over the credit limit', { account: terms.accountId, openCents: credit.openCents, limitCents: credit.limitCents, orderCents: amount });
      throw new CheckoutError(409, 'credit_limit', TERMS_ERRORS.overLimit(credit.openCents, credit.limitCents, amount));
    }
    // The order and its terms row go to the database together (one round trip; the order's insert is queued first),
    // while Stripe closes the card payment: the order commits only once no card can pay this checkout too (a refusal
    // rolls everything back).
    await Promise.all([
      closeCardPayment(record.payment_intent_id),
      insertOrder(tx, record, { provider: 'stripe_invoice', transactionId: `terms-${record.order_id}`, amountCents: amount, method: 'invoice' }),
      tx`insert into public.terms_invoices (order_id, account_id, terms_days, amount_cents, due_at)
         values (${record.order_id}, ${terms.accountId}, ${terms.days}, ${amount}, now() + make_interval(days => ${terms.days}))`.execute(),
    ]);
    return { orderId: record.order_id, reference: record.order_reference };
  });
}

/**
 * After the commit, as Stripe cannot join the transaction, and after the buyer has their answer (the route runs it
 * with after()): the tax is reported to Stripe Tax and the Stripe invoice made and sent, side by side. A failure
 * leaves the order as it is; the maintenance sweep tries again.
 */
export async function finishOrderOnTerms(orderId: string): Promise<void> {
  await Promise.all([
    recordOrderTax(orderId).catch((err: unknown) => logError('terms: tax report failed', err, { order: orderId })),
    makeStripeInvoice(orderId).catch((err: unknown) => logError('terms: Stripe invoice not made yet', err, { order: orderId })),
  ]);
}
