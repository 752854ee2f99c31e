import 'server-only';
// The buyer's quote page: the quote for this visitor (its signed link, or the owner's session), or null.
import { actorFor } from '../core/db/actor';
import { getCurrentUser } from '../auth/user';
import { orderToken } from '../documents/access';
import { orderPath } from '../documents/paths';
import { isQuoteToken } from './link';
import { getQuoteForBuyer } from './read';
import type { Quote } from './types';

export async function quoteForVisitor(quoteId: string, token: string | null): Promise<Quote | null> {
  const user = await getCurrentUser().catch(() => null);
  return getQuoteForBuyer(quoteId, token, actorFor(user));
}

/**
 * The link to the order the quote became. Signed (it then opens on any device) only for a visitor who came with the
 * quote's own signed link; the owner's session opens it unsigned, so a signed-in visit leaves nothing in the
 * browser's history that opens the order once they have signed out.
 */
export function quoteOrderHref(quote: Pick<Quote, 'id' | 'orderId'>, token: string | null): string | null {
  if (!quote.orderId) return null;
  return orderPath(quote.orderId, isQuoteToken(quote.id, token) ? orderToken(quote.orderId) : null);
}
