// The orders screen's words, written once and used by its components and tests. Pure.
import { formatCents } from '../../core/format/money';

export const STATUS_SUCCESS = 'Order status updated successfully';
export const STATUS_FAILURE = 'Failed to update order status';
export const REFUND_FAILURE = 'Failed to refund the order';

/** How long a status change can be undone from its toast. */
export const UNDO_SECONDS = 8;

/** The refund action's toast. */
export function refundDone(amountCents: number, replayed: boolean): string {
  return replayed ? `This refund of ${formatCents(amountCents)} was already made` : `Refunded ${formatCents(amountCents)} through Stripe`;
}
