import 'server-only';
// A PaymentIntent paid with another amount than its checkout record (changed at Stripe after the shop priced it)
// gives no order. Left alone the buyer's money would sit with the shop and the confirmation page would say
// 'processing' for ever: the shop refunds the charge in full, once (Stripe's idempotency key is the PaymentIntent),
// and notes the refund and the reason on the checkout record. The webhook and the confirmation page both call this.
import type Stripe from 'stripe';
import { asServiceRole } from '../core/db';
import { formatCents } from '../core/format/money';
import { logWarn } from '../core/log';
import { stripe } from '../payments/stripe';

export interface MismatchRefund {
  refundId: string;
  reason: string;
}

type PaidIntent = Pick<Stripe.PaymentIntent, 'id' | 'amount_received' | 'currency'>;

export async function refundMismatchedPayment(pi: PaidIntent): Promise<MismatchRefund | null> {
  const [checkout] = await asServiceRole(
    (tx) => tx<{ id: string; amount: string; currency: string; refund_id: string | null; refund_reason: string | null }[]>`
      select id, amount, currency, refund_id, refund_reason from public.checkout_sessions
       where payment_intent_id = ${pi.id} and status = 'amount_mismatch'`,
  );
  if (!checkout) return null;
  if (checkout.refund_id) return { refundId: checkout.refund_id, reason: checkout.refund_reason ?? '' };
  const reason =
    `Amount mismatch: ${formatCents(pi.amount_received)} ${pi.currency.toUpperCase()} was paid for a checkout of ` +
    `${formatCents(Number(checkout.amount))} ${checkout.currency.toUpperCase()}; refunded in full, no order placed.`;
  const refund = await stripe().refunds.create(
    { payment_intent: pi.id, metadata: { checkout_id: checkout.id, reason: 'amount_mismatch' } },
    { idempotencyKey: `amount-mismatch-refund-${pi.id}` },
  );
  await asServiceRole(
    (tx) => tx`
      update public.checkout_sessions set refund_id = ${refund.id}, refund_reason = ${reason}, refunded_at = now()
       where id = ${checkout.id} and refund_id is null`,
  );
  logWarn('fulfilment: mismatched payment refunded', { paymentIntent: pi.id, refund: refund.id, reason });
  return { refundId: refund.id, reason };
}
