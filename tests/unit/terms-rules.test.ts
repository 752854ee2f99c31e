import { describe, expect, it } from 'vitest';
import { ageingBucket, checkCredit, daysLate, isTermsDays, owedCents, statusRank } from '@/lib/terms/rules';
import { readTermsPayment, termsPaymentText } from '@/lib/orders/terms-payment';
import { dayIn } from '@/lib/core/format/date';
import { TERMS_ERRORS, termsOptionLabel } from '@/lib/terms/labels';

describe('payment terms rules', () => {
  it('grants only Net 15, 30 and 60', () => {
    expect([15, 30, 60].every(isTermsDays)).toBe(true);
    expect([0, 14, 45, '30', null].some(isTermsDays)).toBe(false);
    expect(termsOptionLabel(30)).toBe('Pay by invoice (Net 30)');
  });

  it('owes the total less credit notes and payments, never below zero', () => {
    expect(owedCents({ amountCents: 10_000, creditedCents: 2_500, paidCents: 0 })).toBe(7_500);
    expect(owedCents({ amountCents: 10_000, creditedCents: 2_500, paidCents: 10_000 })).toBe(0);
  });

  it('holds the open invoices plus the new order within the limit, to the cent', () => {
    expect(checkCredit(40_000, 50_000, 10_000)).toEqual({ ok: true, openCents: 40_000, limitCents: 50_000 });
    expect(checkCredit(40_000, 50_000, 10_001)).toEqual({ ok: false, openCents: 40_000, limitCents: 50_000, overCents: 1 });
    expect(checkCredit(0, 0, 1).ok).toBe(false);
    expect(TERMS_ERRORS.overLimit(40_000, 50_000, 10_001)).toBe(
      'This order of $100.01 would go over your credit limit: $400.00 is open in unpaid invoices and the limit is $500.00. Please pay by card, or pay an open invoice first.',
    );
  });

  it('counts calendar days late and sorts them into the ageing buckets', () => {
    expect(daysLate('2026-12-01', '2026-11-29')).toBe(-2);
    expect(daysLate('2026-12-01', '2026-12-01')).toBe(0);
    expect(daysLate('2026-02-28', '2026-03-01')).toBe(1);
    expect([0, 1, 30, 31, 60, 61, -5].map(ageingBucket)).toEqual([
      'current', 'late_1_30', 'late_1_30', 'late_31_60', 'late_31_60', 'late_over_60', 'current',
    ]);
  });

  it('says what an order’s payment is, in the shop’s calendar', () => {
    const zone = 'America/New_York';
    const fmt = { label: (d: Date) => dayIn(d, zone), day: (d: Date) => dayIn(d, zone) };
    const row = { terms_days: 30, status: 'open' as const, due_at: new Date('2026-12-30T03:00:00Z'), paid_at: null, paid_out_of_band: false, hosted_invoice_url: 'https://pay.example/i' };
    // 03:00 UTC on the 30th is still the 29th in New York.
    expect(readTermsPayment(row, new Date('2026-12-29T20:00:00Z'), fmt)).toEqual({ days: 30, text: 'Awaiting payment, due 2026-12-29', payUrl: 'https://pay.example/i', open: true });
    expect(readTermsPayment(row, new Date('2026-12-30T06:00:00Z'), fmt).text).toBe('Overdue, was due 2026-12-29');
    expect(readTermsPayment({ ...row, status: 'paid', paid_at: new Date('2026-12-10T15:00:00Z'), paid_out_of_band: true }, new Date(), fmt)).toMatchObject({
      text: 'Paid by check or wire on 2026-12-10', payUrl: null, open: false,
    });
    expect(termsPaymentText({ status: 'void', dueOn: 'x', paidOn: null, overdue: false, outOfBand: false })).toBe('Invoice void');
    expect(dayIn('2026-01-01T04:59:00Z', zone)).toBe('2025-12-31');
  });
});

describe('the invoice lifecycle', () => {
  it('ranks each status after the ones it can follow, so a stale read never moves a row back', () => {
    expect(statusRank('pending')).toBe(statusRank('draft'));
    expect(statusRank('draft')).toBeLessThan(statusRank('open'));
    expect(statusRank('open')).toBeLessThan(statusRank('uncollectible'));
    expect(statusRank('uncollectible')).toBeLessThan(statusRank('paid'));
    expect(statusRank('paid')).toBe(statusRank('void'));
  });
});
