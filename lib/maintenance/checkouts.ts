import 'server-only';
// Abandoned checkouts: records left open for 24 hours are expired by the database function, and their PaymentIntents
// are canceled at Stripe here (the database cannot call Stripe). A PaymentIntent that turns out to be paid after
// all is fulfilled instead: the buyer paid, so the order is written.
import { asServiceRole } from '../core/db';
import { logError, logWarn } from '../core/log';
import { fulfilPaymentIntent } from '../orders/fulfilment';
import { wakeMailSender } from '../mail/sender';
import { stripe } from '../payments/stripe';

export const CHECKOUT_MAX_AGE_HOURS = 24;

export interface CheckoutSweep {
  /** PaymentIntents canceled now, or found already canceled. */
  canceled: number;
  /** Paid after all: fulfilled. */
  fulfilled: number;
  /** Left for the next run (Stripe unreachable, or the payment still under way). */
  deferred: number;
}

async function markCanceled(paymentIntentId: string): Promise<void> {
  await asServiceRole(
    (tx) => tx`update public.checkout_sessions set intent_canceled_at = now() where payment_intent_id = ${paymentIntentId}`,
  );
}

/** Expires open checkouts older than `maxAgeHours` and cancels their PaymentIntents. Safe to run on every server. */
export async function sweepAbandonedCheckouts(maxAgeHours = CHECKOUT_MAX_AGE_HOURS): Promise<CheckoutSweep> {
  // Service role: checkout records are server-only rows; this job acts for nobody in particular.
  const due = await asServiceRole(
    (tx) => tx<{ checkout_id: string; payment_intent_id: string }[]>`
      select checkout_id, payment_intent_id
        from public.expire_abandoned_checkouts(make_interval(hours => ${maxAgeHours}))`,
  );
  const sweep: CheckoutSweep = { canceled: 0, fulfilled: 0, deferred: 0 };
  for (const { checkout_id: checkoutId, payment_intent_id: id } of due) {
    try {
      const intent = await stripe().paymentIntents.retrieve(id);
      if (intent.status === 'succeeded') {
        if ((await fulfilPaymentIntent(intent)).outcome === 'fulfilled') wakeMailSender();
        sweep.fulfilled++;
      } else if (intent.status === 'canceled') {
        await markCanceled(id);
        sweep.canceled++;
      } else if (intent.status === 'processing' || intent.status === 'requires_capture') {
        // The payment is under way: the webhook decides; the record stays expired until it does.
        sweep.deferred++;
      } else {
        await stripe().paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
        await markCanceled(id);
        sweep.canceled++;
      }
    } catch (err) {
      logError('checkout sweep: could not settle an abandoned PaymentIntent', err, { checkoutId, paymentIntentId: id });
      sweep.deferred++;
    }
  }
  if (sweep.deferred > 0) logWarn('checkout sweep: PaymentIntents left for the next run', { deferred: sweep.deferred });
  return sweep;
}
