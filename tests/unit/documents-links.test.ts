// Signed order links: the token is an HMAC of the order id with a key of its own, checked in constant time; anything
// else (another order, another key, a changed or padded token) is refused. Paths for pages and mails.
import { describe, expect, it } from 'vitest';
import { checkoutCookieKey } from '@/lib/checkout/cookie';
import { orderLinkKey, signOrderLink, verifyOrderLink } from '@/lib/documents/link-token';
import { creditNotePath, invoicePath, orderPath } from '@/lib/documents/paths';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const key = orderLinkKey(SECRET);
const ORDER = '3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('order link tokens', () => {
  it('open the order they were made for, whatever the case of its id', () => {
    const token = signOrderLink(ORDER, key);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyOrderLink(ORDER, token, key)).toBe(true);
    expect(verifyOrderLink(ORDER.toUpperCase(), token, key)).toBe(true);
  });

  it('refuse another order, another key, and a changed, cut, padded or empty token', () => {
    const token = signOrderLink(ORDER, key);
    expect(verifyOrderLink(OTHER, token, key)).toBe(false);
    expect(verifyOrderLink(ORDER, token, orderLinkKey(`${SECRET}x`))).toBe(false);
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const bad of [flipped, token.slice(0, -1), `${token}=`, `${token}A`, ` ${token}`, '', null, undefined, 'x'.repeat(500)]) {
      expect(verifyOrderLink(ORDER, bad, key), String(bad)).toBe(false);
    }
  });

  it('use a key of their own: not the checkout cookie’s, though both come from one secret', () => {
    expect(key.toString('base64url')).not.toBe(checkoutCookieKey(SECRET));
  });
});

describe('document paths', () => {
  it('name the order, its invoice and a credit note, with the token when given', () => {
    expect(orderPath(ORDER)).toBe(`/order-confirmation/${ORDER}`);
    expect(invoicePath(ORDER)).toBe(`/api/orders/${ORDER}/invoice`);
    expect(invoicePath(ORDER, 'abc-_')).toBe(`/api/orders/${ORDER}/invoice?t=abc-_`);
    expect(creditNotePath(ORDER, 'CN-2026-000007', 'tok')).toBe(`/api/orders/${ORDER}/credit-notes/CN-2026-000007?t=tok`);
  });
});
