import 'server-only';
// The buyer's link to a quote: its id and a signed token (HMAC-SHA256 of the id, with a key of its own derived from
// CHECKOUT_COOKIE_SECRET, as order links are signed: lib/documents/link-token.ts). It opens the quote on any device
// without an account, and cannot be guessed from the id or made from an order's token.
import { createHash } from 'node:crypto';
import { env } from '../core/env';
import { isUuid } from '../core/validation/text';
import { signOrderLink, verifyOrderLink } from '../documents/link-token';

let key: { secret: string; key: Buffer } | undefined;
function quoteKey(): Buffer {
  const secret = env().CHECKOUT_COOKIE_SECRET;
  if (key?.secret !== secret) key = { secret, key: createHash('sha256').update(`quote-link:${secret}`).digest() };
  return key.key;
}

export const quoteToken = (quoteId: string) => signOrderLink(quoteId, quoteKey());

export const isQuoteToken = (quoteId: string, token: string | null | undefined) =>
  isUuid(quoteId) && verifyOrderLink(quoteId, token, quoteKey());

/** The path of the buyer's quote page, with the token for links that must open without a session. */
export const quotePath = (quoteId: string, token?: string | null) =>
  token ? `/quotes/${quoteId}?t=${encodeURIComponent(token)}` : `/quotes/${quoteId}`;

/** The absolute, signed link for mails. */
export const quoteLink = (quoteId: string) => new URL(quotePath(quoteId, quoteToken(quoteId)), env().SITE_URL).toString();
