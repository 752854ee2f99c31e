import { describe, expect, it } from 'vitest';
import { orderMoney, refundableCents, refundNote, refundStatus, type MoneyRow } from '@/lib/admin/orders/refund-rules';
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
