// How much of an order's card payment can still be refunded, and what a refund request may ask for. Pure: the
// refund dialog and the server's refund action apply the same rule.

export interface MoneyRow {
  kind: 'payment' | 'refund';
  provider: string;
  amountCents: number;
  status: string;
}

/** Refunds that hold money back from the buyer's payment (a failed or canceled refund gave nothing back). */
export const REFUND_COUNTING_STATUSES = ['pending', 'succeeded'];

/** Completed Stripe payments less the refunds made on them; never below 0. */
export function refundableCents(rows: readonly MoneyRow[]): number {
  let paid = 0;
  let refunded = 0;
  for (const r of rows) {
    if (r.provider !== 'stripe') continue;
    if (r.kind === 'payment' && r.status === 'completed') paid += r.amountCents;
    if (r.kind === 'refund' && REFUND_COUNTING_STATUSES.includes(r.status)) refunded += r.amountCents;
  }
  return Math.max(0, paid - refunded);
}
