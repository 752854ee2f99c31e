import { describe, expect, it } from 'vitest';
import { ordersHref, ordersSearch, parseOrdersQuery } from '@/lib/admin/orders/params';
import { refundableCents, type MoneyRow } from '@/lib/admin/orders/refund-rules';
import { isOrderStatus, ORDER_STATUSES, statusLabel } from '@/lib/orders/status';

describe('orders screen URL', () => {
  it('reads status, order and page, falling back to all / newest / 1', () => {
    expect(parseOrdersQuery({ status: 'dispatched', sort: 'oldest', page: '3' })).toEqual({ status: 'dispatched', sort: 'oldest', page: 3 });
    expect(parseOrdersQuery({})).toEqual({ status: null, sort: 'newest', page: 1 });
    expect(parseOrdersQuery({ status: 'lost', sort: 'sideways', page: '-1' })).toEqual({ status: null, sort: 'newest', page: 1 });
    expect(parseOrdersQuery(new URLSearchParams('status=refunded&page=x'))).toEqual({ status: 'refunded', sort: 'newest', page: 1 });
  });

  it('builds links without defaults', () => {
    expect(ordersHref({ status: null, sort: 'newest', page: 1 })).toBe('/admin/orders');
    expect(ordersHref({ status: 'pending', sort: 'oldest', page: 2 })).toBe('/admin/orders?status=pending&sort=oldest&page=2');
    expect(ordersSearch({ status: 'completed' })).toBe('?status=completed');
  });
});

describe('order statuses', () => {
  it('are the six statuses, labelled with a capital', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'processing', 'dispatched', 'completed', 'cancelled', 'refunded']);
    expect(statusLabel('dispatched')).toBe('Dispatched');
    expect(isOrderStatus('refunded')).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});

describe('refundable amount', () => {
  const pay = (amountCents: number, status = 'completed'): MoneyRow => ({ kind: 'payment', provider: 'stripe', amountCents, status });
  const refund = (amountCents: number, status = 'succeeded'): MoneyRow => ({ kind: 'refund', provider: 'stripe', amountCents, status });

  it('is the completed card payment less refunds that went through or are on their way', () => {
    expect(refundableCents([pay(10_000)])).toBe(10_000);
    expect(refundableCents([pay(10_000), refund(2_500), refund(1_000, 'pending')])).toBe(6_500);
    expect(refundableCents([pay(10_000), refund(4_000, 'failed'), refund(500, 'canceled')])).toBe(10_000);
  });

  it('is 0 for unpaid orders, other providers and fully refunded payments', () => {
    expect(refundableCents([])).toBe(0);
    expect(refundableCents([pay(5_000, 'pending')])).toBe(0);
    expect(refundableCents([{ ...pay(5_000), provider: 'manual' }])).toBe(0);
    expect(refundableCents([pay(5_000), refund(5_000)])).toBe(0);
    expect(refundableCents([pay(5_000), refund(6_000)])).toBe(0);
  });
});
