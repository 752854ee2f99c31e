import { describe, expect, it } from 'vitest';
import { addCheckoutId, CHECKOUT_COOKIE_MAX_IDS, readCheckoutIds, signCheckoutIds } from '@/lib/checkout/cookie';
import { orderReference } from '@/lib/orders/reference';
import { setupFailedMessage } from '@/lib/checkout/errors';

const KEY = 'test-key';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('checkout cookie', () => {
  it('round-trips the ids it signed, newest first', () => {
    let value = addCheckoutId(undefined, id(1), KEY);
    value = addCheckoutId(value, id(2), KEY);
    expect(readCheckoutIds(value, KEY)).toEqual([id(2), id(1)]);
  });

  it('gives nothing for a tampered, unsigned or foreign-key cookie', () => {
    const value = signCheckoutIds([id(1)], KEY);
    const forged = Buffer.from(id(9)).toString('base64url') + value.slice(value.indexOf('.'));
    expect(readCheckoutIds(forged, KEY)).toEqual([]);
    expect(readCheckoutIds(Buffer.from(id(1)).toString('base64url'), KEY)).toEqual([]);
    expect(readCheckoutIds(value, 'other-key')).toEqual([]);
    expect(readCheckoutIds('', KEY)).toEqual([]);
    expect(readCheckoutIds('.', KEY)).toEqual([]);
  });

  it('keeps a bounded number of ids', () => {
    let value: string | undefined;
    for (let n = 0; n < 30; n++) value = addCheckoutId(value, id(n), KEY);
    const ids = readCheckoutIds(value, KEY);
    expect(ids).toHaveLength(CHECKOUT_COOKIE_MAX_IDS);
    expect(ids[0]).toBe(id(29));
  });
});

describe('checkout texts', () => {
  it('falls back to the reference Order- plus 8 characters of the id', () => {
    expect(orderReference({ id: '1234abcd-0000-4000-8000-000000000000', order_reference: null })).toBe('Order-1234abcd');
    expect(orderReference({ id: '1234abcd-0000-4000-8000-000000000000', order_reference: 'AFJ-100001' })).toBe('AFJ-100001');
  });

  it('prefixes setup failures and falls back to the shop wording', () => {
    expect(setupFailedMessage('Card network down')).toBe('Payment setup failed: Card network down');
    expect(setupFailedMessage(undefined)).toBe('Payment setup failed: Failed to create checkout session');
  });
});
