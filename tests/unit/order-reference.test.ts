import { describe, expect, it } from 'vitest';
import { orderReference } from '@/lib/checkout/order-reference';

const id = '4a488639-0000-4000-8000-000000000000';

describe('orderReference', () => {
  it('is the stored reference wherever the order is shown', () => {
    expect(orderReference({ id, order_reference: 'AFJ-100005' })).toBe('AFJ-100005');
    expect(orderReference({ id, order_reference: ' AFJ-100005 ' }, 'account')).toBe('AFJ-100005');
  });

  it('falls back to SPEC’s id forms only without one: Order- elsewhere, Order # in the account', () => {
    expect(orderReference({ id, order_reference: null })).toBe('Order-4a488639');
    expect(orderReference({ id, order_reference: '  ' })).toBe('Order-4a488639');
    expect(orderReference({ id, order_reference: null }, 'account')).toBe('Order #4a488639');
  });
});
