import 'server-only';
// The buyer's quote page: the quote for this visitor (its signed link, or the owner's session), or null.
import { actorFor } from '../core/db/actor';
import { getCurrentUser } from '../auth/user';
import { getQuoteForBuyer } from './read';
import type { Quote } from './types';

export async function quoteForVisitor(quoteId: string, token: string | null): Promise<Quote | null> {
  const user = await getCurrentUser().catch(() => null);
  return getQuoteForBuyer(quoteId, token, actorFor(user));
}
