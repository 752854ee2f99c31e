// How an order placed on payment terms reads its payment (lib/terms makes and follows the invoice; ARCHITECTURE.md,
// "Payment terms"): 'Awaiting payment, due Dec 29, 2026', 'Overdue, was due …', 'Paid on …'. Pure and client-safe;
// here, below lib/terms, because every page that shows an order (confirmation, account, back office) says it.
import type { DbRow } from '../core/db/rows';

/** Stripe's invoice statuses, and 'pending' for an invoice the shop has not yet made at Stripe. */
export const TERMS_INVOICE_STATUSES = ['pending', 'draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type TermsInvoiceStatus = (typeof TERMS_INVOICE_STATUSES)[number];

/** The link to Stripe's page for paying an open invoice. */
export const PAY_INVOICE_LINK = 'Pay the invoice';

export function termsPaymentText(p: { status: TermsInvoiceStatus; dueOn: string; paidOn: string | null; overdue: boolean; outOfBand: boolean }): string {
  switch (p.status) {
    case 'paid':
      return p.outOfBand ? `Paid by check or wire${p.paidOn ? ` on ${p.paidOn}` : ''}` : `Paid${p.paidOn ? ` on ${p.paidOn}` : ''}`;
    case 'void':
      return 'Invoice void';
    case 'uncollectible':
      return 'Invoice marked uncollectible';
    default:
      return p.overdue ? `Overdue, was due ${p.dueOn}` : `Awaiting payment, due ${p.dueOn}`;
  }
}

/** The terms row's columns every reader selects. */
export type TermsPaymentRow = DbRow<'terms_invoices', 'terms_days' | 'due_at' | 'paid_at' | 'paid_out_of_band' | 'hosted_invoice_url'> & {
  status: TermsInvoiceStatus;
};

export interface TermsPayment {
  days: number;
  text: string;
  /** Stripe's page to pay it, while it is open. */
  payUrl: string | null;
  open: boolean;
}

/** `today`: the shop's calendar day; `day(d)`: a date as the shop's calendar day, and `label(d)` in words. */
export function readTermsPayment(row: TermsPaymentRow, now: Date, fmt: { label(d: Date): string; day(d: Date): string }): TermsPayment {
  const open = row.status === 'pending' || row.status === 'draft' || row.status === 'open';
  const overdue = open && fmt.day(row.due_at) < fmt.day(now);
  return {
    days: row.terms_days,
    text: termsPaymentText({
      status: row.status,
      dueOn: fmt.label(row.due_at),
      paidOn: row.paid_at ? fmt.label(row.paid_at) : null,
      overdue,
      outOfBand: row.paid_out_of_band,
    }),
    payUrl: row.status === 'open' ? row.hosted_invoice_url : null,
    open,
  };
}
