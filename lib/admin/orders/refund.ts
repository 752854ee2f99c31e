import 'server-only';
// A refund through Stripe, made by an admin inside the action's transaction (as that admin, under RLS):
//   1. the order row is locked, so two requests for one order (a double click, two admins, the webhook recording the
//      same refund) take turns;
//   2. a request whose idempotency key is already recorded answers with that refund: one key, one refund;
//   3. the amount is checked against what is left of the card payment (or of an order on terms, credited on its
//      Stripe invoice instead: lib/terms/credit.ts);
//   4. Stripe is asked with the same key as its Idempotency-Key, so a retry after a lost answer gets the same refund;
//   5. the refund is recorded as a transaction (kind 'refund'; a trigger writes the order's history) and the status
//      follows refundStatus (refund-rules.ts): a partial refund leaves it alone, a full one sets Refunded, and a
//      refund made while cancelling sets Cancelled; all in the same transaction.
import Stripe from 'stripe';
import { ActionError } from '../../core/action-result';
import type { Tx } from '../../core/db';
import { formatCents } from '../../core/format/money';
import { stripe } from '../../payments/stripe';
import type { OrderStatus } from '../../orders/status';
import { documentRefunds } from '../../orders/refund-documents';
import { refundableCents, refundStatus, type MoneyRow } from './refund-rules';
import { creditTermsInvoice } from '../../terms/credit';

export interface RefundRequest {
  orderId: string;
  amountCents: number;
  idempotencyKey: string;
  /** The refund comes with cancelling the order (the status control's Cancelled). */
  cancel?: boolean;
}

export interface RefundOutcome {
  refundId: string;
  amountCents: number;
  /** The same request had been made before: nothing new was refunded. */
  replayed: boolean;
  /** The order's status before and after the refund. */
  previousStatus: OrderStatus;
  status: OrderStatus;
  /** What is left of the card payment after it. */
  refundableCents: number;
}

interface TransactionRow {
  kind: 'payment' | 'refund';
  provider: string;
  provider_transaction_id: string;
  amount: string;
  status: string;
  payment_method: string | null;
}

export async function refundOrder(tx: Tx, adminId: string, req: RefundRequest): Promise<RefundOutcome> {
  const [order] = await tx<{ id: string; status: OrderStatus }[]>`
    select id, status from public.orders where id = ${req.orderId} for update`;
  if (!order) throw new ActionError('That order does not exist.', 404);

  const [earlier] = await tx<{ order_id: string; provider_transaction_id: string; amount: string }[]>`
    select order_id, provider_transaction_id, amount from public.transactions where idempotency_key = ${req.idempotencyKey}`;
  if (earlier) {
    if (earlier.order_id !== order.id) throw new ActionError('This refund request was already used for another order.', 409);
    return {
      refundId: earlier.provider_transaction_id,
      amountCents: Number(earlier.amount),
      replayed: true,
      previousStatus: order.status,
      status: order.status,
      refundableCents: await leftOf(tx, order.id),
    };
  }

  const rows = await tx<TransactionRow[]>`
    select kind, provider, provider_transaction_id, amount, status, payment_method from public.transactions
     where order_id = ${order.id} order by created_at, id`;
  const money: MoneyRow[] = rows.map((r) => ({ kind: r.kind, provider: r.provider, amountCents: Number(r.amount), status: r.status }));
  const payment = rows.filter((r) => r.kind === 'payment' && (r.provider === 'stripe' || r.provider === 'stripe_invoice') && r.status === 'completed').at(-1);
  if (!payment) throw new ActionError('This order has no card payment to refund.', 409);
  const left = refundableCents(money);
  if (left <= 0) throw new ActionError('This order has already been refunded in full.', 409);
  if (req.amountCents > left) {
    const message = `The refund cannot be more than ${formatCents(left)}, what is left of the payment.`;
    throw new ActionError(message, 400, { amountCents: message });
  }

  // An order on terms is credited on its Stripe invoice (lib/terms/credit.ts); a card order refunded on its payment.
  const refund =
    payment.provider === 'stripe_invoice'
      ? { ...(await creditTermsInvoice(tx, order.id, req.amountCents, req.idempotencyKey)), status: 'succeeded' }
      : await createStripeRefund(payment.provider_transaction_id, req.amountCents, order.id, req.idempotencyKey);
  // A refund the webhook recorded first (its event can only be handled after this transaction) is already there.
  await tx`
    insert into public.transactions
      (order_id, provider, provider_transaction_id, amount, status, payment_method, kind, idempotency_key, created_by)
    values (${order.id}, ${payment.provider}, ${refund.id}, ${refund.amount}, ${refund.status ?? 'pending'}, ${payment.payment_method},
            'refund', ${req.idempotencyKey}, ${adminId})
    on conflict do nothing`;
  const remaining = left - refund.amount;
  const status = refundStatus(order.status, remaining, req.cancel ?? false);
  if (status !== order.status) await tx`update public.orders set status = ${status} where id = ${order.id}`;
  // A refund Stripe made at once gets its credit note and the buyer's mail now; a pending one when the webhook
  // reports it succeeded.
  await documentRefunds(tx, order.id);
  return { refundId: refund.id, amountCents: refund.amount, replayed: false, previousStatus: order.status, status, refundableCents: remaining };
}

async function leftOf(tx: Tx, orderId: string): Promise<number> {
  const rows = await tx<{ kind: 'payment' | 'refund'; provider: string; amount: string; status: string }[]>`
    select kind, provider, amount, status from public.transactions where order_id = ${orderId}`;
  return refundableCents(rows.map((r) => ({ kind: r.kind, provider: r.provider, amountCents: Number(r.amount), status: r.status })));
}

async function createStripeRefund(paymentIntent: string, amount: number, orderId: string, key: string): Promise<Stripe.Refund> {
  try {
    return await stripe().refunds.create(
      { payment_intent: paymentIntent, amount, metadata: { order_id: orderId } },
      { idempotencyKey: `shop-refund-${key}` },
    );
  } catch (err) {
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
      throw new ActionError('Stripe did not answer, so nothing was recorded. Please try again: the same request never refunds twice.', 503);
    }
    if (err instanceof Stripe.errors.StripeError) {
      throw new ActionError(`Stripe did not make the refund: ${err.message}`, 502);
    }
    throw err;
  }
}
