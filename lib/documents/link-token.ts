// The signed token of an order link: HMAC-SHA256 of the order id, with a key of its own derived from
// CHECKOUT_COOKIE_SECRET (a token can never pass for a checkout cookie, nor the reverse). It lets the buyer's mail
// open the order and its documents on any device. Pure (node:crypto only), so the bench can sign links too.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The HMAC key of order links, for this purpose only. */
export function orderLinkKey(secret: string): Buffer {
  return createHash('sha256').update(`order-link:${secret}`).digest();
}

/** The token of `orderId` (lower-cased first: the same order, however its id is spelled). */
export function signOrderLink(orderId: string, key: Buffer): string {
  return createHmac('sha256', key).update(orderId.toLowerCase()).digest('base64url');
}

/** Whether `token` is the token of `orderId`, compared in constant time. */
export function verifyOrderLink(orderId: string, token: string | null | undefined, key: Buffer): boolean {
  if (!token || token.length > 64) return false;
  const given = Buffer.from(token, 'base64url');
  const expected = Buffer.from(signOrderLink(orderId, key), 'base64url');
  // base64url decoding drops stray characters: the re-encoded token must be exactly what was given.
  return given.length === expected.length && given.toString('base64url') === token && timingSafeEqual(given, expected);
}
