// How much of an order's card payment can still be refunded, what a refund request may ask for, and what a refund
// does to the order's status. Pure: the refund dialog, the orders list and the server's refund action apply the same
// rules. Refunds are an action, not a status: a partial refund leaves the status alone; a full one sets Refunded.

export interface MoneyRow {
  kind: 'payment' | 'refund';
  provider: string;
  amountCents: number;
  status: string;
}

/** Refunds that hold money back from the buyer's payment (a failed or canceled refund gave nothing back). */
export const REFUND_COUNTING_STATUSES = ['pending', 'succeeded'];

/** Payments through Stripe: a card, or an invoice on payment terms (credited on the invoice). */
const REFUNDABLE_PROVIDERS = ['stripe', 'stripe_invoice'];

/** Completed Stripe payments less the refunds made on them; never below 0. */
export function refundableCents(rows: readonly MoneyRow[]): number {
  let paid = 0;
  let refunded = 0;
  for (const r of rows) {
    if (!REFUNDABLE_PROVIDERS.includes(r.provider)) continue;
    if (r.kind === 'payment' && r.status === 'completed') paid += r.amountCents;
    if (r.kind === 'refund' && REFUND_COUNTING_STATUSES.includes(r.status)) refunded += r.amountCents;
  }
  return Math.max(0, paid - refunded);
}

/** The status after a refund that leaves `remainingCents` of the payment: cancelling sets Cancelled; else a full refund sets Refunded. */
export function refundStatus<S extends string>(current: S, remainingCents: number, cancel: boolean): S | 'cancelled' | 'refunded' {
  if (cancel) return 'cancelled';
  return remainingCents <= 0 ? 'refunded' : current;
}

export interface OrderMoney {
  /** Completed card payments. */
  paidCents: number;
  /** Refunds that gave money back (pending or succeeded). */
  refundedCents: number;
  /** Paid less refunded. */
  netCents: number;
}

/** What the buyer paid, what went back and what the shop keeps, from the order's transactions (any provider). */
export function orderMoney(rows: readonly MoneyRow[]): OrderMoney {
  let paidCents = 0;
  let refundedCents = 0;
  for (const r of rows) {
    if (r.kind === 'payment' && r.status === 'completed') paidCents += r.amountCents;
    if (r.kind === 'refund' && REFUND_COUNTING_STATUSES.includes(r.status)) refundedCents += r.amountCents;
  }
  return { paidCents, refundedCents, netCents: paidCents - refundedCents };
}

/** The list's note under the total: 'Partially refunded $100.00', 'Refunded $2,794.80', or nothing. */
export function refundNote(money: OrderMoney, formatCents: (cents: number) => string): string | null {
  if (money.refundedCents <= 0) return null;
  const whole = money.paidCents > 0 && money.refundedCents >= money.paidCents;
  return `${whole ? 'Refunded' : 'Partially refunded'} ${formatCents(money.refundedCents)}`;
}
