import 'server-only';
// Refunds Stripe reports (charge.refunded, charge.refund.updated), including those made in Stripe's own dashboard:
// the webhook retrieves the charge and its refunds from Stripe (never trusting the event body) and records each
// refund as a transaction of the order that payment belongs to, once, keeping its status current. A refund the shop
// did not know of that leaves nothing of the payment marks the order refunded. Service role: the webhook acts for
// nobody in particular (like payment fulfilment); the history trigger records it without an actor.
import type { Stripe } from '../payments/stripe';
import { asServiceRole } from '../core/db';
import { documentRefunds } from './refund-documents';

export type RefundSyncResult =
  | { outcome: 'recorded'; orderId: string; recorded: number; updated: number; markedRefunded: boolean }
  /** No order holds this payment (another integration's charge). */
  | { outcome: 'unknown_payment' };

export async function recordStripeRefunds(charge: Stripe.Charge, refunds: readonly Stripe.Refund[]): Promise<RefundSyncResult> {
  const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!paymentIntent) return { outcome: 'unknown_payment' };
  return asServiceRole(async (tx) => {
    const [payment] = await tx<{ order_id: string; payment_method: string | null }[]>`
      select order_id, payment_method from public.transactions
       where provider = 'stripe' and kind = 'payment' and provider_transaction_id = ${paymentIntent}`;
    if (!payment) return { outcome: 'unknown_payment' };
    // The same lock the admin's refund takes: an admin refund in flight is recorded first, then seen here.
    const [order] = await tx<{ status: string }[]>`select status from public.orders where id = ${payment.order_id} for update`;
    let recorded = 0;
    let updated = 0;
    for (const refund of refunds) {
      const [row] = await tx<{ inserted: boolean }[]>`
        insert into public.transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, kind)
        values (${payment.order_id}, 'stripe', ${refund.id}, ${refund.amount}, ${refund.status ?? 'pending'}, ${payment.payment_method}, 'refund')
        on conflict (provider, provider_transaction_id) do update set status = excluded.status
          where transactions.status is distinct from excluded.status
        returning (xmax = 0) as inserted`;
      if (row?.inserted) recorded++;
      else if (row) updated++;
    }
    const markedRefunded = recorded > 0 && charge.refunded && order?.status !== 'refunded';
    if (markedRefunded) await tx`update public.orders set status = 'refunded' where id = ${payment.order_id}`;
    // Refunds that succeeded (now or before, if their note is missing) get their credit note and mail.
    await documentRefunds(tx, payment.order_id);
    return { outcome: 'recorded', orderId: payment.order_id, recorded, updated, markedRefunded };
  });
}
