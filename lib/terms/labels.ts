// The words of payment terms, written once (ARCHITECTURE.md, "Messages"). Client-safe.
import { formatCents } from '../core/format/money';
import type { AgeingBucket } from './rules';

export const termsOptionLabel = (days: number) => `Pay by invoice (Net ${days})`;

export const TERMS_CHECKOUT = {
  legend: 'Payment',
  card: 'Pay by card',
  invoiceHint: (days: number, dueOn: string) => `We send an invoice by e-mail. Pay by card or bank transfer within ${days} days (by ${dueOn}).`,
  available: (cents: number) => `${formatCents(cents)} of your credit limit is available.`,
  placeOrder: 'Place order',
  placing: 'Placing order...',
} as const;

export const TERMS_ERRORS = {
  noTerms: 'Your account does not have payment terms. Please pay by card.',
  overLimit: (openCents: number, limitCents: number, orderCents: number) =>
    `This order of ${formatCents(orderCents)} would go over your credit limit: ${formatCents(openCents)} is open in unpaid invoices and the limit is ${formatCents(limitCents)}. Please pay by card, or pay an open invoice first.`,
  closed: 'This checkout is already complete. Please reload the page.',
  quote: 'A quote is paid by card.',
} as const;

/** What an order's payment reads: lib/orders/terms-payment.ts, beside the orders that show it. */
export { termsPaymentText } from '../orders/terms-payment';

export const AGEING_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  late_1_30: '1–30 days',
  late_31_60: '31–60 days',
  late_over_60: 'Over 60 days',
};

export const TERMS_MAIL = {
  invoiceSubject: (reference: string) => `Invoice for order ${reference}`,
  invoiceHeading: 'Your invoice',
  invoiceIntro: (reference: string, amount: string, dueOn: string) =>
    `Thank you for order ${reference}. It is on its way to being packed; the invoice of ${amount} is due by ${dueOn}.`,
  reminderSubject: (reference: string) => `Payment reminder for order ${reference}`,
  reminderHeading: 'Your invoice is due soon',
  reminderIntro: (reference: string, amount: string, dueOn: string) => `The invoice for order ${reference} (${amount}) is due on ${dueOn}.`,
  overdueSubject: (reference: string) => `Overdue invoice for order ${reference}`,
  overdueHeading: 'Your invoice is overdue',
  overdueIntro: (reference: string, amount: string, dueOn: string) =>
    `The invoice for order ${reference} (${amount}) was due on ${dueOn} and is not paid yet. If you have paid it, thank you: please ignore this message.`,
  pay: 'View and pay the invoice',
  pdf: 'Download our invoice (PDF)',
} as const;
