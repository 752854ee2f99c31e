import { describe, expect, it } from 'vitest';
import { cashCollected, INVOICE_METHOD } from '@/lib/admin/dashboard/figures';

describe('cash collected', () => {
  it('is revenue less the period’s money on terms, plus invoice payments received in it', () => {
    const methods = [
      { method: 'card', amount: 5_000 },
      { method: INVOICE_METHOD, amount: 10_000 },
    ];
    expect(cashCollected(15_000, methods, 7_000)).toEqual({ collectedCents: 12_000, invoicedCents: 10_000, invoicePaymentsCents: 7_000 });
  });

  it('equals revenue when nothing was ordered or paid on terms', () => {
    expect(cashCollected(9_900, [{ method: 'card', amount: 9_900 }, { method: null, amount: 0 }], 0)).toEqual({
      collectedCents: 9_900,
      invoicedCents: 0,
      invoicePaymentsCents: 0,
    });
    expect(cashCollected(0, [], 0).collectedCents).toBe(0);
  });

  it('counts payments on invoices of earlier periods, with no revenue in this one', () => {
    expect(cashCollected(0, [], 3_000)).toEqual({ collectedCents: 3_000, invoicedCents: 0, invoicePaymentsCents: 3_000 });
  });

  it('sums every invoice row (net of refunds on terms) and never goes below zero', () => {
    const methods = [
      { method: INVOICE_METHOD, amount: 4_000 },
      { method: INVOICE_METHOD, amount: -1_000 },
      { method: 'Invoice', amount: 500 },
    ];
    expect(cashCollected(3_500, methods, 0)).toEqual({ collectedCents: 500, invoicedCents: 3_000, invoicePaymentsCents: 0 });
    expect(cashCollected(0, [{ method: INVOICE_METHOD, amount: 2_000 }], 0).collectedCents).toBe(0);
  });
});
