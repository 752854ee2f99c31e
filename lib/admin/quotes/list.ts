import 'server-only';
// The Quotes screen: a page of quotes (20, newest first) with a status filter, the side menu's count of requests
// waiting for an answer, and one quote with its history, its mails and today's prices to start from. Read as the
// admin under RLS.
import { withActor, type DbActor } from '../../core/db';
import { getProductsByIds } from '../../catalog/product';
import { normalizeSelection } from '../../checkout/pricing';
import { priceProductLine } from '../../purchase/group-pricing';
import { readUserGroupTerms } from '../../purchase/buyer';
import { pageOfQuotes, readQuote, type QuoteSummary } from '../../quotes/read';
import type { Quote, QuoteEvent } from '../../quotes/types';
import type { QuotesQuery } from './params';

export const QUOTES_PAGE_SIZE = 20;

export async function loadAdminQuotes(actor: DbActor, query: QuotesQuery): Promise<{ quotes: QuoteSummary[]; total: number; page: number; totalPages: number }> {
  const { quotes, total } = await withActor(actor, (tx) => pageOfQuotes(tx, { status: query.status }, query.page, QUOTES_PAGE_SIZE));
  return { quotes, total, page: query.page, totalPages: Math.max(1, Math.ceil(total / QUOTES_PAGE_SIZE)) };
}

/** Requests nobody has answered yet (the side menu's badge). */
export async function openQuoteCount(actor: DbActor): Promise<number> {
  const [row] = await withActor(actor, (tx) => tx<{ n: number }[]>`select count(*)::int as n from public.quotes where status = 'requested'`);
  return row?.n ?? 0;
}

export interface AdminQuote {
  quote: Quote;
  events: QuoteEvent[];
  /** Today's price per line after the product's volume break (cents), to start from; null without one. */
  suggested: Record<number, number | null>;
  checkoutStarted: boolean;
  mails: { kind: string; status: string; createdAt: string; lastError: string | null }[];
}

export async function loadAdminQuote(actor: DbActor, id: string): Promise<AdminQuote | null> {
  const read = await withActor(actor, async (tx) => {
    const quote = await readQuote(tx, id);
    if (!quote) return null;
    // The buyer's own prices are the suggestion: their group's where they have one (lib/purchase/group-pricing.ts).
    const terms = await readUserGroupTerms(tx, quote.userId, quote.lines.map((l) => l.productId));
    const [events, [started], mails] = await Promise.all([
      tx<{ kind: QuoteEvent['kind']; actor_email: string | null; detail: Record<string, unknown>; created_at: Date }[]>`
        select kind, actor_email, detail, created_at from public.quote_events where quote_id = ${quote.id} order by id`,
      tx<{ started: boolean }[]>`select checkout_id is not null as started from public.quotes where id = ${quote.id}`,
      tx<{ kind: string; status: string; created_at: Date; last_error: string | null }[]>`
        select kind, status, created_at, last_error from public.mail_outbox where quote_id = ${quote.id} order by id`,
    ]);
    return { quote, terms, events, started: started?.started ?? false, mails };
  });
  if (!read) return null;
  const { quote } = read;
  const products = new Map((await getProductsByIds(quote.lines.map((l) => l.productId))).map((p) => [p.id, p]));
  const totals = new Map<string, number>();
  for (const line of quote.lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  const suggested: Record<number, number | null> = {};
  for (const line of quote.lines) {
    const product = products.get(line.productId);
    const selection = product ? normalizeSelection(product, line.specifications) : null;
    const price = product && selection ? priceProductLine(product, selection, totals.get(line.productId) ?? line.quantity, read.terms) : null;
    suggested[line.position] = price?.resolved.unitCents ?? null;
  }
  return {
    quote,
    suggested,
    checkoutStarted: read.started,
    events: read.events.map((e) => ({ kind: e.kind, actorEmail: e.actor_email, detail: e.detail, createdAt: new Date(e.created_at).toISOString() })),
    mails: read.mails.map((m) => ({ kind: m.kind, status: m.status, createdAt: new Date(m.created_at).toISOString(), lastError: m.last_error })),
  };
}
