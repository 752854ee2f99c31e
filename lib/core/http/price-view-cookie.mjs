// The price view cookie (ARCHITECTURE.md, "Trade accounts and price groups"): which prices a signed-in buyer's pages
// show ('anon' for what an anonymous visitor sees, 'list', 'sign-in', 'apply' or 'g-<group id>'), for whom and until when, signed by the server. The middleware
// issues it after Auth has verified the session and the database has said which account and group the buyer has;
// the production server's front cache reads it to pick the cached copy of a page for that view without asking
// either again. It lives a minute, so a buyer moved out of a group or signed out elsewhere sees list prices again
// within one. Plain JavaScript: the production server imports it before Next.js starts.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PRICE_VIEW_COOKIE = 'shop_price_view';
export const PRICE_VIEW_TTL_SECONDS = 60;
const NAME = /^(?:anon|list|sign-in|apply|g-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const USER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const keys = new Map();
/** The signing key, derived from a server secret every server of the shop has. */
function keyOf(secret) {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('shop price view cookie v1').digest();
    keys.set(secret, key);
  }
  return key;
}

function mac(secret, payload) {
  return createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');
}

/** The cookie's value for a view name and user, valid until `nowMs` + the cookie's life. */
export function signPriceView(secret, name, userId, nowMs = Date.now()) {
  if (!NAME.test(name) || !USER.test(userId)) throw new Error('Not a price view or a user id.');
  const payload = `${name}.${userId}.${Math.floor(nowMs / 1000) + PRICE_VIEW_TTL_SECONDS}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The view name and user of a cookie value, or null when it is malformed, forged or expired. */
export function readPriceView(secret, value, nowMs = Date.now()) {
  if (!secret || typeof value !== 'string' || value.length > 200) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [name, userId, expires, signature] = parts;
  if (!NAME.test(name) || !USER.test(userId) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(mac(secret, `${name}.${userId}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 <= nowMs) return null;
  return { name, userId };
}

/** One cookie's value from a Cookie header, or undefined. */
export function cookieValue(header, name) {
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Whether a Cookie header carries a Supabase session (sb-<project>-auth-token, or its chunks .0, .1, …). */
export function hasSessionCookie(header) {
  return typeof header === 'string' && /(?:^|;\s*)sb-[^=;]*-auth-token(?:\.\d+)?=/.test(header);
}
