// How much of an order's card payment can still be refunded, what a refund request may ask for, and what a refund
// does to the order's status. Pure: the refund dialog, the orders list and the server's refund action apply the same
// rules. Refunds are an action, not a status: a partial refund leaves the status alone; a full one sets Refunded.
import { formatCents } from '../../core/format/money';

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

// --- A refund of chosen lines and shipping --------------------------------------------------------------------------
// Each line is its unit price × the quantity chosen, never more than was bought less what earlier refunds (pending or
// succeeded) took of it; shipping up to what was charged less what was refunded of it. Where the order was taxed, the
// refund carries the tax of what it credits: the share set_refund_tax_share() would take from the refund's amount
// (tax ÷ total), so goods + shipping + tax of a whole order come back to its total exactly.

export interface RefundableLine {
  id: string;
  /** For messages: 'Checkout Ring'. */
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** Taken by earlier refunds that are pending or succeeded. */
  refundedQuantity: number;
}

export interface RefundBase {
  lines: readonly RefundableLine[];
  shippingCents: number;
  shippingRefundedCents: number;
  taxCents: number;
  /** goods + shipping + tax. */
  totalCents: number;
}

export interface RefundSelection {
  lines: readonly { itemId: string; quantity: number }[];
  shippingCents: number;
}

export interface RefundPlan {
  lines: { itemId: string; quantity: number; amountCents: number }[];
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  /** goods + shipping + tax: what the refund gives back. */
  amountCents: number;
}

export type RefundPlanResult = { ok: true; plan: RefundPlan } | { ok: false; error: string };

export const NOTHING_CHOSEN = 'Choose at least one line or the shipping to refund.';

/** How many of a line can still be refunded. */
export const lineLeft = (line: RefundableLine): number => Math.max(0, line.quantity - line.refundedQuantity);

/** How much of the shipping can still be refunded. */
export const shippingLeft = (base: Pick<RefundBase, 'shippingCents' | 'shippingRefundedCents'>): number =>
  Math.max(0, base.shippingCents - base.shippingRefundedCents);

/** The tax share of `netCents` of goods and shipping, rounded half-up, never more than the order's tax. */
export function lineTaxCents(netCents: number, base: Pick<RefundBase, 'taxCents' | 'totalCents'>): number {
  const untaxed = base.totalCents - base.taxCents;
  if (base.taxCents <= 0 || untaxed <= 0 || netCents <= 0) return 0;
  return Math.min(base.taxCents, Math.floor((2 * netCents * base.taxCents + untaxed) / (2 * untaxed)));
}

/** What a refund of the chosen lines and shipping credits, or why it cannot be made. */
export function planLineRefund(base: RefundBase, selection: RefundSelection): RefundPlanResult {
  const byId = new Map(base.lines.map((l) => [l.id, l]));
  const seen = new Set<string>();
  const lines: RefundPlan['lines'] = [];
  for (const chosen of selection.lines) {
    if (chosen.quantity <= 0) continue;
    const line = byId.get(chosen.itemId);
    if (!line) return { ok: false, error: 'One of the chosen lines is not on this order.' };
    if (seen.has(line.id)) return { ok: false, error: 'Each line can be chosen once.' };
    seen.add(line.id);
    const left = lineLeft(line);
    if (left === 0) return { ok: false, error: `${line.name} has already been refunded in full.` };
    if (chosen.quantity > left) return { ok: false, error: `Only ${left} of ${line.name} can still be refunded.` };
    lines.push({ itemId: line.id, quantity: chosen.quantity, amountCents: line.unitPriceCents * chosen.quantity });
  }
  const shipping = Math.max(0, selection.shippingCents);
  const shipLeft = shippingLeft(base);
  if (shipping > shipLeft) {
    return { ok: false, error: shipLeft > 0 ? `At most ${formatCents(shipLeft)} of the shipping can still be refunded.` : 'The shipping has already been refunded.' };
  }
  const goodsCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (goodsCents + shipping <= 0) return { ok: false, error: NOTHING_CHOSEN };
  const taxCents = lineTaxCents(goodsCents + shipping, base);
  return { ok: true, plan: { lines, goodsCents, shippingCents: shipping, taxCents, amountCents: goodsCents + shipping + taxCents } };
}
