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

/** The Payment terms panel of an order placed on terms, its two confirmations and their actions. */
export const TERMS_PANEL = {
  heading: 'Payment terms',
  terms: 'Terms',
  net: (days: number) => `Net ${days}`,
  invoice: 'Invoice',
  notNumbered: 'Not sent yet',
  owed: 'Amount owed',
  openStripe: 'Open the Stripe invoice',
  pdf: 'Invoice PDF',
  lastError: 'Last payment attempt failed',
  markPaid: 'Mark paid (check or wire)',
  void: 'Void invoice',
  markPaidTitle: (reference: string) => `Mark the invoice for ${reference} paid?`,
  markPaidBody: (owedCents: number) =>
    `Record ${formatCents(owedCents)} received by check or wire. Stripe marks the invoice paid outside Stripe; nothing is charged.`,
  voidTitle: (reference: string) => `Void the invoice for ${reference}?`,
  voidBody: (owedCents: number) =>
    `The buyer will no longer owe ${formatCents(owedCents)}, and a void invoice cannot be reopened. The order’s status stays as it is.`,
  confirmPaid: 'Mark paid',
  confirmVoid: 'Void invoice',
  keep: 'Keep it open',
  working: 'Asking Stripe…',
  paidDone: (reference: string) => `The invoice for ${reference} is marked paid`,
  voidDone: (reference: string) => `The invoice for ${reference} is void`,
  paidFailed: 'Failed to mark the invoice paid',
  voidFailed: 'Failed to void the invoice',
  notOnTerms: 'This order is not paid by invoice.',
  /** The payment line of an order on terms, in place of the card's. */
  paymentLine: (days: number) => `Invoice · Net ${days}`,
} as const;

// ---- the bar of selected rows: one status for all of them, and their pick list ----

export const BULK_STATUS_FAILURE = 'Failed to update the selected orders; none was changed';
export const BULK_DISPATCH_REFUSED = 'Use Dispatch… to dispatch the selected orders: each needs its tracking number.';
export const BULK_TOO_MANY = 'Choose at most 100 orders at once.';

/** The bulk action's toast. */
export function bulkStatusDone(changed: number, statusLabel: string): string {
  if (changed === 0) return `The selected orders were already ${statusLabel}`;
  return `${changed} ${changed === 1 ? 'order' : 'orders'} set to ${statusLabel}`;
}

export const BULK_BAR = {
  selected: (n: number) => `${n} selected`,
  selectAll: 'Select all orders on this page',
  selectRow: (reference: string) => `Select order ${reference}`,
  status: 'New status',
  choose: 'Choose a status',
  apply: 'Apply',
  applying: 'Applying…',
  clear: 'Clear selection',
  pickList: 'Pick list',
} as const;
