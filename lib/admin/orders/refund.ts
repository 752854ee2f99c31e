import 'server-only';
// A refund through Stripe, made by an admin inside the action's transaction (as that admin, under RLS):
//   1. the order row is locked, so two requests for one order (a double click, two admins, the webhook recording the
//      same refund) take turns;
//   2. a request whose idempotency key is already recorded answers with that refund: one key, one refund;
//   3. the amount is the one asked for, or the server's own sum of the lines and shipping chosen (refund-rules.ts
//      planLineRefund, never the browser's), and is checked against what is left of the card payment (or of an order
//      on terms, credited on its Stripe invoice instead: lib/terms/credit.ts);
//   4. Stripe is asked with the same key as its Idempotency-Key, so a retry after a lost answer gets the same refund;
//   5. the refund is recorded as a transaction (kind 'refund', with its reason and the tax of the lines; a trigger
//      writes the order's history), what it credited as refund_lines (its credit note lists them), and the status
//      follows refundStatus (refund-rules.ts): a partial refund leaves it alone, a full one sets Refunded, and a
//      refund made while cancelling sets Cancelled; all in the same transaction.
import Stripe from 'stripe';
import { ActionError } from '../../core/action-result';
import type { DbRow, Tx } from '../../core/db';
import { formatCents } from '../../core/format/money';
import { stripe } from '../../payments/stripe';
import type { OrderStatus } from '../../orders/status';
import { documentRefunds } from '../../orders/refund-documents';
import { REFUND_REASONS, type RefundReason } from '../../documents/labels';
import { planLineRefund, refundableCents, refundStatus, type MoneyRow, type RefundBase, type RefundPlan } from './refund-rules';
import { creditTermsInvoice, type TermsCreditLine } from '../../terms/credit';

/** A free amount (the amount path: the status control's cancel-with-refund, older callers), or chosen lines and shipping. */
export type RefundRequest = {
  orderId: string;
  idempotencyKey: string;
  /** The refund comes with cancelling the order (the status control's Cancelled). */
  cancel?: boolean;
  /** Why: required with lines, optional for an amount. */
  reason?: RefundReason;
  note?: string | null;
} & ({ amountCents: number; lines?: undefined; shippingCents?: undefined } | { amountCents?: undefined; lines: { itemId: string; quantity: number }[]; shippingCents: number });

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

type TransactionRow = DbRow<'transactions', 'provider' | 'provider_transaction_id' | 'amount' | 'status' | 'payment_method'> & {
  kind: 'payment' | 'refund';
};

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
  let amountCents: number;
  let plan: RefundPlan | null = null;
  let base: RefundBase | null = null;
  if (req.lines) {
    base = await refundBase(tx, order.id);
    const planned = planLineRefund(base, { lines: req.lines, shippingCents: req.shippingCents });
    if (!planned.ok) throw new ActionError(planned.error, 409);
    plan = planned.plan;
    amountCents = plan.amountCents;
    if (amountCents > left) {
      throw new ActionError(`This refund comes to ${formatCents(amountCents)}, more than the ${formatCents(left)} left of the payment.`, 409);
    }
  } else {
    amountCents = req.amountCents;
    if (amountCents > left) {
      const message = `The refund cannot be more than ${formatCents(left)}, what is left of the payment.`;
      throw new ActionError(message, 400, { amountCents: message });
    }
  }

  // An order on terms is credited on its Stripe invoice (lib/terms/credit.ts); a card order refunded on its payment.
  const refund =
    payment.provider === 'stripe_invoice'
      ? {
          ...(await creditTermsInvoice(tx, order.id, amountCents, req.idempotencyKey, {
            lines: plan && base ? termsCreditLines(plan, base) : null,
            reason: req.reason ?? null,
            memo: req.reason ? reasonText(req.reason, req.note ?? null) : null,
          })),
          status: 'succeeded',
        }
      : await createStripeRefund(payment.provider_transaction_id, amountCents, order.id, req.idempotencyKey);
  // A refund the webhook recorded first (its event can only be handled after this transaction) is already there.
  const [recorded] = await tx<{ id: string }[]>`
    insert into public.transactions
      (order_id, provider, provider_transaction_id, amount, status, payment_method, kind, idempotency_key, created_by,
       refund_reason, refund_note, tax_cents)
    values (${order.id}, ${payment.provider}, ${refund.id}, ${refund.amount}, ${refund.status ?? 'pending'}, ${payment.payment_method},
            'refund', ${req.idempotencyKey}, ${adminId}, ${req.reason ?? null}, ${req.note || null}, ${plan ? plan.taxCents : null})
    on conflict do nothing
    returning id`;
  if (recorded && plan) await recordRefundLines(tx, order.id, recorded.id, plan);
  const remaining = left - refund.amount;
  const status = refundStatus(order.status, remaining, req.cancel ?? false);
  if (status !== order.status) await tx`update public.orders set status = ${status} where id = ${order.id}`;
  // A refund Stripe made at once gets its credit note and the buyer's mail now; a pending one when the webhook
  // reports it succeeded.
  await documentRefunds(tx, order.id);
  return { refundId: refund.id, amountCents: refund.amount, replayed: false, previousStatus: order.status, status, refundableCents: remaining };
}

/** The order's lines and shipping with what earlier refunds (pending or succeeded) took of them, read under the order's lock. */
async function refundBase(tx: Tx, orderId: string): Promise<RefundBase> {
  const [order] = await tx<{ shipping_cents: string; tax_cents: string; total_amount: string; shipping_refunded: string }[]>`
    select o.shipping_cents, o.tax_cents, o.total_amount,
           (select coalesce(sum(l.amount_cents), 0) from public.refund_lines l join public.transactions t on t.id = l.refund_id
             where l.order_id = o.id and l.kind = 'shipping' and t.status in ('pending', 'succeeded')) as shipping_refunded
      from public.orders o where o.id = ${orderId}`;
  const lines = await tx<{ id: string; name: string | null; quantity: number; unit_price: string; refunded: string }[]>`
    select i.id, p.name, i.quantity, i.unit_price,
           (select coalesce(sum(l.quantity), 0) from public.refund_lines l join public.transactions t on t.id = l.refund_id
             where l.order_item_id = i.id and l.kind = 'item' and t.status in ('pending', 'succeeded')) as refunded
      from public.order_items i left join public.catalog_products p on p.id = i.product_id
     where i.order_id = ${orderId} order by i.created_at, i.id`;
  return {
    lines: lines.map((l) => ({ id: l.id, name: l.name ?? 'Product Unavailable', quantity: l.quantity, unitPriceCents: Number(l.unit_price), refundedQuantity: Number(l.refunded) })),
    shippingCents: Number(order!.shipping_cents),
    shippingRefundedCents: Number(order!.shipping_refunded),
    taxCents: Number(order!.tax_cents),
    totalCents: Number(order!.total_amount),
  };
}

async function recordRefundLines(tx: Tx, orderId: string, refundId: string, plan: RefundPlan): Promise<void> {
  const rows = [
    ...plan.lines.map((l) => ({ refund_id: refundId, order_id: orderId, kind: 'item', order_item_id: l.itemId, quantity: l.quantity, amount_cents: l.amountCents })),
    ...(plan.shippingCents > 0 ? [{ refund_id: refundId, order_id: orderId, kind: 'shipping', order_item_id: null, quantity: null, amount_cents: plan.shippingCents }] : []),
  ];
  if (rows.length) await tx`insert into public.refund_lines ${tx(rows, 'refund_id', 'order_id', 'kind', 'order_item_id', 'quantity', 'amount_cents')}`;
}

/** The Stripe credit note's lines: the same goods, shipping and tax, so their sum is the refund's amount. */
function termsCreditLines(plan: RefundPlan, base: RefundBase): TermsCreditLine[] {
  const names = new Map(base.lines.map((l) => [l.id, l]));
  return [
    ...plan.lines.map((l) => ({ description: names.get(l.itemId)?.name ?? 'Item', quantity: l.quantity, unitAmountCents: names.get(l.itemId)!.unitPriceCents })),
    ...(plan.shippingCents > 0 ? [{ description: 'Shipping', quantity: 1, unitAmountCents: plan.shippingCents }] : []),
    ...(plan.taxCents > 0 ? [{ description: 'Sales tax', quantity: 1, unitAmountCents: plan.taxCents }] : []),
  ];
}

const reasonText = (reason: RefundReason, note: string | null) => (note ? `${REFUND_REASONS[reason]}: ${note}` : REFUND_REASONS[reason]);

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
