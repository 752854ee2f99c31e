// Stripe webhook: verifies the signature on the raw body (read through a 1 MB cap), then treats the event as a
// notice only: the PaymentIntent (or, for refunds, the charge and its refunds) is retrieved from Stripe and the shop
// acts on Stripe's own status, amount and currency, so a signed but invented event (a leaked secret) cannot mint an
// order or a refund; invoice events on payment terms likewise (lib/terms/events.ts). A non-2xx makes Stripe retry,
// so a failed write never leaves a paid buyer without an order; a bad signature is refused with 400.

import { revalidateAfterCommit } from '@/lib/core/cache/revalidate';
import type { Stripe } from '@/lib/payments/stripe';
import { stripe } from '@/lib/payments/stripe';
import { retrieveOrNull } from '@/lib/payments/missing';
import { env } from '@/lib/core/env';
import { readTextCapped, MB } from '@/lib/core/request-body';
import { HttpError } from '@/lib/core/errors';
import { logWarn } from '@/lib/core/log';
import { defineRoute } from '@/lib/entry/define-route';
import { fulfilPaymentIntent, recordPaymentFailure } from '@/lib/orders/fulfilment';
import { recordStripeRefunds } from '@/lib/orders/refunds';
import { reverseRefundedTax } from '@/lib/tax/record';
import { refundMismatchedPayment } from '@/lib/orders/mismatch-refund';
import { ADMIN_DASHBOARD_TAG } from '@/lib/core/cache/tags';
import { wakeMailSender } from '@/lib/mail/sender';
import { isTermsInvoiceEvent, recordInvoiceEvent } from '@/lib/terms/events';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const MAX_WEBHOOK_BODY_BYTES = 1 * MB;

const json = (status: number, body: object) => Response.json(body, { status });

/** A signed event about something Stripe does not have: logged and acknowledged, nothing recorded. */
function unknownObject(event: Stripe.Event, requestId: string): Response {
  logWarn('stripe webhook names an unknown object', { requestId, event: event.id, type: event.type });
  return json(200, { received: true, ignored: 'unknown_object' });
}

export const POST = defineRoute({ name: 'stripe.webhook', access: 'public', failure: 'Fulfilment failed' }, async (request, ctx) => {
  const signature = request.headers.get('stripe-signature');
  if (!signature) throw new HttpError(400, 'Invalid signature', 'invalid_signature');
  const body = await readTextCapped(request, MAX_WEBHOOK_BODY_BYTES);
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(body, signature, env().STRIPE_WEBHOOK_SECRET);
  } catch (err) {
    logWarn('stripe webhook rejected', { requestId: ctx.requestId, reason: err instanceof Error ? err.message.split('\n')[0] : String(err) });
    throw new HttpError(400, 'Invalid signature', 'invalid_signature');
  }

  switch (event.type) {
    case 'payment_intent.succeeded': {
      // The event says which PaymentIntent to look at; Stripe says what happened to it.
      const intent = await retrieveOrNull(stripe().paymentIntents.retrieve(event.data.object.id));
      if (!intent) return unknownObject(event, ctx.requestId);
      // Refusals (amount mismatch, not paid, unknown payment) are answered 200: a retry cannot change them.
      const result = await fulfilPaymentIntent(intent);
      // Paid with another amount than the checkout: refunded (a failure here answers 5xx, so Stripe retries it).
      if (result.outcome === 'amount_mismatch') return json(200, { received: true, ...result, refund: await refundMismatchedPayment(intent) });
      // A new order (or one the confirmation page wrote first) joins the dashboard's figures now, not in 5 minutes.
      if (result.outcome === 'fulfilled' || result.outcome === 'already_fulfilled') revalidateAfterCommit([ADMIN_DASHBOARD_TAG]);
      // Its confirmation and the shop's notice were queued with it: sent now rather than at the next poll.
      if (result.outcome === 'fulfilled') wakeMailSender();
      return json(200, { received: true, ...result });
    }
    case 'payment_intent.payment_failed': {
      const intent = await retrieveOrNull(stripe().paymentIntents.retrieve(event.data.object.id));
      if (!intent) return unknownObject(event, ctx.requestId);
      const result = intent.status === 'succeeded' ? await fulfilPaymentIntent(intent) : await recordPaymentFailure(intent);
      if ('outcome' in result && result.outcome === 'fulfilled') wakeMailSender();
      if ('outcome' in result && result.outcome === 'amount_mismatch') {
        return json(200, { received: true, ...result, refund: await refundMismatchedPayment(intent) });
      }
      return json(200, { received: true, ...result });
    }
    case 'charge.refunded':
    case 'charge.refund.updated': {
      // Refunds, including those made in Stripe's dashboard: the charge and its refunds as Stripe has them now.
      const object = event.data.object;
      const chargeId = object.object === 'charge' ? object.id : typeof object.charge === 'string' ? object.charge : object.charge?.id;
      if (!chargeId) return json(200, { received: true, ignored: event.type });
      const charge = await retrieveOrNull(stripe().charges.retrieve(chargeId));
      if (!charge) return unknownObject(event, ctx.requestId);
      const refunds = await stripe().refunds.list({ charge: chargeId, limit: 100 });
      const result = await recordStripeRefunds(charge, refunds.data);
      if (result.outcome === 'recorded') {
        revalidateAfterCommit([ADMIN_DASHBOARD_TAG]);
        // A refund that went through has its refund mail queued.
        wakeMailSender();
        // Its share of the tax is reported to Stripe Tax (the admin's refunds come this way too); a failure is retried.
        await reverseRefundedTax(result.orderId);
      }
      return json(200, { received: true, ...result });
    }
    default: {
      if (!isTermsInvoiceEvent(event.type)) return json(200, { received: true, ignored: event.type });
      // An invoice on payment terms (lib/terms): recorded as Stripe has it now; a refusal is answered 200, as above.
      const result = await recordInvoiceEvent(event);
      if (result.outcome === 'unknown_object') return unknownObject(event, ctx.requestId);
      if (result.outcome === 'recorded' && result.changed) {
        revalidateAfterCommit([ADMIN_DASHBOARD_TAG]);
        wakeMailSender();
      }
      return json(200, { received: true, ...result });
    }
  }
});
