// The checkout cookie: the ids of the checkouts this browser started, HMAC-signed so another browser holding an
// order id cannot claim it. It grants reading the confirmation page and saving addresses for those checkouts. It
// ends with the session: the session's cookie handling clears it on any sign-out (lib/core/supabase/cookies.ts).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export { CHECKOUT_COOKIE } from '../core/supabase/cookies';
export const CHECKOUT_COOKIE_MAX_IDS = 20;
export const CHECKOUT_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The HMAC key of the cookie, from its dedicated secret (CHECKOUT_COOKIE_SECRET). */
export function checkoutCookieKey(secret: string): string {
  return createHash('sha256').update(`checkout-cookie:${secret}`).digest('base64url');
}

function mac(payload: string, key: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** `ids` newest first, de-duplicated and capped. */
export function signCheckoutIds(ids: string[], key: string): string {
  const unique = [...new Set(ids.filter((id) => UUID.test(id)))].slice(0, CHECKOUT_COOKIE_MAX_IDS);
  const payload = Buffer.from(unique.join(','), 'utf8').toString('base64url');
  return `${payload}.${mac(payload, key)}`;
}

/** The ids of a valid cookie; anything unsigned, tampered or malformed gives none. */
export function readCheckoutIds(value: string | null | undefined, key: string): string[] {
  if (!value) return [];
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return [];
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(payload, key), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  const text = Buffer.from(payload, 'base64url').toString('utf8');
  return text ? text.split(',').filter((id) => UUID.test(id)) : [];
}

/** The cookie after starting checkout `id`: newest first. */
export function addCheckoutId(current: string | null | undefined, id: string, key: string): string {
  return signCheckoutIds([id, ...readCheckoutIds(current, key)], key);
}
