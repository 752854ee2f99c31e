// The rules of payment terms (ARCHITECTURE.md, "Payment terms"), pure: the terms staff may grant, the credit check,
// what an invoice still owes, how late it is and which notices it is due. Client-safe.

export const TERMS_DAYS = [15, 30, 60] as const;
export type TermsDays = (typeof TERMS_DAYS)[number];
export const isTermsDays = (value: unknown): value is TermsDays => (TERMS_DAYS as readonly unknown[]).includes(value);

export { TERMS_INVOICE_STATUSES, type TermsInvoiceStatus } from '../orders/terms-payment';
import type { TermsInvoiceStatus } from '../orders/terms-payment';
export const OPEN_TERMS_STATUSES = ['pending', 'draft', 'open'] as const satisfies readonly TermsInvoiceStatus[];
export const isOpenTermsStatus = (status: string) => (OPEN_TERMS_STATUSES as readonly string[]).includes(status);

/** What an invoice still owes: the order's total less credit notes and payments, never below zero. */
export function owedCents(row: { amountCents: number; creditedCents: number; paidCents: number }): number {
  return Math.max(0, row.amountCents - row.creditedCents - row.paidCents);
}

export type CreditCheck = { ok: true; openCents: number; limitCents: number } | { ok: false; openCents: number; limitCents: number; overCents: number };

/** The credit limit holds the account's open invoices plus the new order. */
export function checkCredit(openCents: number, limitCents: number, orderCents: number): CreditCheck {
  const over = openCents + orderCents - limitCents;
  return over > 0 ? { ok: false, openCents, limitCents, overCents: over } : { ok: true, openCents, limitCents };
}

/** Days from the due day to today, both calendar days in the shop's time zone ('YYYY-MM-DD'); negative before it. */
export function daysLate(dueDay: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDay}T00:00:00Z`)) / 86_400_000);
}

export const AGEING_BUCKETS = ['current', 'late_1_30', 'late_31_60', 'late_over_60'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** Receivables' ageing: not yet due (current), 1–30, 31–60 and over 60 days past the due day. */
export function ageingBucket(late: number): AgeingBucket {
  if (late <= 0) return 'current';
  if (late <= 30) return 'late_1_30';
  if (late <= 60) return 'late_31_60';
  return 'late_over_60';
}

/** The reminder goes this many days before the due day (the sweep, lib/terms/sweep.ts, counts in SQL). */
export const REMINDER_DAYS_BEFORE = 3;
/** Overdue notices go on these days past the due day, one each. */
export const OVERDUE_NOTICE_DAYS = [1, 15, 30] as const;

/**
 * How far along Stripe's invoice lifecycle a status is (draft → open → uncollectible → paid or void; none goes back).
 * syncTermsInvoice reads the invoice from Stripe before it locks the row, so two events at once may each hold another
 * read: the one that locks later must not write an older state (a finalized event's 'open' over the payment's 'paid').
 */
export function statusRank(status: TermsInvoiceStatus): number {
  return { pending: 0, draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 }[status];
}
