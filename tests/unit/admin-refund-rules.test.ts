import { describe, expect, it } from 'vitest';
import { lineTaxCents, NOTHING_CHOSEN, orderMoney, planLineRefund, refundableCents, refundNote, refundStatus, type MoneyRow, type RefundBase } from '@/lib/admin/orders/refund-rules';
import { formatCents } from '@/lib/core/format/money';

const pay = (amountCents: number, status = 'completed'): MoneyRow => ({ kind: 'payment', provider: 'stripe', amountCents, status });
const refund = (amountCents: number, status = 'succeeded'): MoneyRow => ({ kind: 'refund', provider: 'stripe', amountCents, status });

describe('refunds are an action, not a status', () => {
  it('a partial refund keeps the status, a full one sets Refunded, cancelling sets Cancelled', () => {
    expect(refundStatus('processing', 269_480, false)).toBe('processing');
    expect(refundStatus('dispatched', 0, false)).toBe('refunded');
    expect(refundStatus('processing', 269_480, true)).toBe('cancelled');
    expect(refundStatus('completed', 0, true)).toBe('cancelled');
  });

  it('counts paid, refunded and net paid; failed refunds gave nothing back', () => {
    const rows = [pay(279_480), refund(10_000), refund(5_000, 'failed'), refund(2_000, 'pending')];
    expect(orderMoney(rows)).toEqual({ paidCents: 279_480, refundedCents: 12_000, netCents: 267_480 });
    expect(refundableCents(rows)).toBe(267_480);
    expect(orderMoney([pay(5_000, 'pending')])).toEqual({ paidCents: 0, refundedCents: 0, netCents: 0 });
  });

  it('notes the refund under the list’s total', () => {
    expect(refundNote(orderMoney([pay(279_480), refund(10_000)]), formatCents)).toBe('Partially refunded $100.00');
    expect(refundNote(orderMoney([pay(279_480), refund(279_480)]), formatCents)).toBe('Refunded $2,794.80');
    expect(refundNote(orderMoney([pay(279_480)]), formatCents)).toBeNull();
  });
});

describe('a refund of chosen lines and shipping', () => {
  // Two lines and $15.00 of shipping, untaxed: $300.00 + $40.00 + $15.00.
  const base: RefundBase = {
    lines: [
      { id: 'a', name: 'Ruby Ring', quantity: 3, unitPriceCents: 10_000, refundedQuantity: 0 },
      { id: 'b', name: 'Gold Chain', quantity: 2, unitPriceCents: 2_000, refundedQuantity: 1 },
    ],
    shippingCents: 1_500,
    shippingRefundedCents: 0,
    taxCents: 0,
    totalCents: 35_500,
  };

  it('is each line’s unit price × the quantity chosen, plus the shipping chosen', () => {
    const r = planLineRefund(base, { lines: [{ itemId: 'a', quantity: 2 }, { itemId: 'b', quantity: 1 }], shippingCents: 1_000 });
    expect(r).toEqual({
      ok: true,
      plan: {
        lines: [{ itemId: 'a', quantity: 2, amountCents: 20_000 }, { itemId: 'b', quantity: 1, amountCents: 2_000 }],
        goodsCents: 22_000,
        shippingCents: 1_000,
        taxCents: 0,
        amountCents: 23_000,
      },
    });
    // A line left at 0 is not chosen.
    expect(planLineRefund(base, { lines: [{ itemId: 'a', quantity: 0 }], shippingCents: 1_500 })).toMatchObject({ ok: true, plan: { lines: [], amountCents: 1_500 } });
  });

  it('never refunds more of a line than was bought less what was refunded, nor more shipping than is left', () => {
    expect(planLineRefund(base, { lines: [{ itemId: 'b', quantity: 2 }], shippingCents: 0 })).toEqual({ ok: false, error: 'Only 1 of Gold Chain can still be refunded.' });
    const taken = { ...base, lines: [base.lines[0]!, { ...base.lines[1]!, refundedQuantity: 2 }] };
    expect(planLineRefund(taken, { lines: [{ itemId: 'b', quantity: 1 }], shippingCents: 0 })).toEqual({ ok: false, error: 'Gold Chain has already been refunded in full.' });
    expect(planLineRefund({ ...base, shippingRefundedCents: 1_000 }, { lines: [], shippingCents: 501 })).toEqual({ ok: false, error: 'At most $5.00 of the shipping can still be refunded.' });
    expect(planLineRefund({ ...base, shippingRefundedCents: 1_500 }, { lines: [], shippingCents: 1 })).toEqual({ ok: false, error: 'The shipping has already been refunded.' });
    expect(planLineRefund(base, { lines: [{ itemId: 'zz', quantity: 1 }], shippingCents: 0 })).toEqual({ ok: false, error: 'One of the chosen lines is not on this order.' });
    expect(planLineRefund(base, { lines: [{ itemId: 'a', quantity: 1 }, { itemId: 'a', quantity: 1 }], shippingCents: 0 })).toEqual({ ok: false, error: 'Each line can be chosen once.' });
    expect(planLineRefund(base, { lines: [], shippingCents: 0 })).toEqual({ ok: false, error: NOTHING_CHOSEN });
  });

  it('carries the tax of what it credits, so the whole order comes back to its total', () => {
    // $355.00 of goods and shipping, $29.29 of tax: $384.29.
    const taxed = { ...base, lines: [base.lines[0]!, { ...base.lines[1]!, refundedQuantity: 0 }], taxCents: 2_929, totalCents: 35_500 + 2_929 };
    const all = planLineRefund(taxed, { lines: [{ itemId: 'a', quantity: 3 }, { itemId: 'b', quantity: 2 }], shippingCents: 1_500 });
    expect(all).toMatchObject({ ok: true, plan: { taxCents: 2_929, amountCents: 38_429 } });
    // One ring: $100.00 and its share, 10000 × 2929 / 35500 = 825.07, rounded half-up.
    expect(planLineRefund(taxed, { lines: [{ itemId: 'a', quantity: 1 }], shippingCents: 0 })).toMatchObject({ ok: true, plan: { taxCents: 825, amountCents: 10_825 } });
    expect(lineTaxCents(1, { taxCents: 0, totalCents: 100 })).toBe(0);
    expect(lineTaxCents(200, { taxCents: 100, totalCents: 200 })).toBe(100);
  });
});
