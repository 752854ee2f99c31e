import 'server-only';
// Who may open an order and its documents: an admin, the signed-in customer who owns it, the browser that paid
// (its signed checkout cookie) and anyone holding the order link of the buyer's mail (a signed token). Everyone
// else is answered as if the order did not exist. The links in mails are absolute (SITE_URL) and carry the token.
import { asServiceRole, type DbActor } from '../core/db';
import { actorFor } from '../core/db/actor';
import { env } from '../core/env';
import { isUuid } from '../core/validation/text';
import { getCurrentUser } from '../auth/user';
import { browserCheckoutIds } from '../checkout/cookie-store';
import { orderLinkKey, signOrderLink, verifyOrderLink } from './link-token';
import { creditNotePath, invoicePath, orderPath } from './paths';

let key: { secret: string; key: Buffer } | undefined;
function linkKey(): Buffer {
  const secret = env().CHECKOUT_COOKIE_SECRET;
  if (key?.secret !== secret) key = { secret, key: orderLinkKey(secret) };
  return key.key;
}

/** The token that opens `orderId` (the `t=` of its links). */
export function orderToken(orderId: string): string {
  return signOrderLink(orderId, linkKey());
}

/** Whether `token` opens `orderId`. */
export function isOrderToken(orderId: string, token: string | null | undefined): boolean {
  return isUuid(orderId) && verifyOrderLink(orderId, token, linkKey());
}

const absolute = (path: string) => new URL(path, env().SITE_URL).toString();

/** The buyer's links to the order and its invoice, absolute and signed, for mails. */
export function documentLinks(orderId: string): { order: string; invoice: string } {
  const token = orderToken(orderId);
  return { order: absolute(orderPath(orderId, token)), invoice: absolute(invoicePath(orderId, token)) };
}

/** The buyer's link to one credit note of the order, absolute and signed. */
export function creditNoteLink(orderId: string, number: string): string {
  return absolute(creditNotePath(orderId, number, orderToken(orderId)));
}

const SERVICE: DbActor = { role: 'service_role' };

/** Whether one of `checkoutIds` (this browser's) is the checkout that became `orderId`. */
async function paidFromBrowser(orderId: string, checkoutIds: readonly string[]): Promise<boolean> {
  if (checkoutIds.length === 0) return false;
  // Checkout records are server-only rows: the match on the cookie's ids is the access check.
  const rows = await asServiceRole(
    (tx) => tx`select 1 from public.checkout_sessions where order_id = ${orderId} and id = any(${[...checkoutIds]}::uuid[])`,
  );
  return rows.length > 0;
}

/**
 * The database actor that reads `orderId`'s documents for the request being served: the service role for a valid
 * token or the paying browser, else the signed-in user (RLS lets the owner and admins read, nobody else); null for a
 * stranger. The token is tried first; then the session (a call to Auth where the browser has one) before the cookie:
 * a session Auth has ended takes the checkout cookie with it (lib/core/supabase/cookies.ts), as a sign-out does, and
 * no middleware has asked Auth on this route.
 */
export async function documentReader(orderId: string, token: string | null): Promise<DbActor | null> {
  if (!isUuid(orderId)) return null;
  if (token && isOrderToken(orderId, token)) return SERVICE;
  const user = await getCurrentUser().catch(() => null);
  const checkoutIds = await browserCheckoutIds();
  if (await paidFromBrowser(orderId.toLowerCase(), checkoutIds)) return SERVICE;
  return user ? actorFor(user) : null;
}
