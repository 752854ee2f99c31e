import 'server-only';
// Staff answer a quote: a price for every line, the last day the prices hold and a message, or a decline with a
// reason. Run as the admin under RLS (defineAction), in one transaction with the quote's history and its mail. A
// quote whose buyer has started paying keeps its prices: a second checkout at other prices could make two orders.
import type { Tx } from '../../core/db';
import { HttpError } from '../../core/errors';
import { enqueueMail } from '../../mail/outbox';
import { readQuote, shopToday } from '../../quotes/read';
import type { QuoteAnswer } from '../../quotes/schema';
import type { Quote } from '../../quotes/types';

interface Admin {
  id: string;
  email: string | null;
}

async function lockedQuote(tx: Tx, id: string): Promise<Quote & { checkoutStarted: boolean }> {
  const quote = await readQuote(tx, id, true);
  if (!quote) throw new HttpError(404, 'This quote was not found.', 'not_found');
  const [row] = await tx<{ started: boolean }[]>`select checkout_id is not null as started from public.quotes where id = ${id}`;
  return { ...quote, checkoutStarted: row?.started ?? false };
}

function refuseClosed(quote: Quote & { checkoutStarted: boolean }): void {
  if (quote.status === 'accepted') throw new HttpError(409, 'This quote has been paid for; it can no longer change.', 'closed');
  if (quote.status === 'declined') throw new HttpError(409, 'This quote was declined; it can no longer change.', 'closed');
  if (quote.checkoutStarted) {
    throw new HttpError(409, 'The buyer has started paying for this quote, so its prices can no longer change.', 'checkout_started');
  }
}

export async function sendQuote(tx: Tx, input: QuoteAnswer, admin: Admin): Promise<{ reference: string }> {
  const quote = await lockedQuote(tx, input.quoteId);
  refuseClosed(quote);
  if (input.validUntil < shopToday()) throw new HttpError(400, 'The last valid day cannot be in the past.', 'invalid_date');
  const prices = new Map(input.prices.map((p) => [p.position, p.price]));
  const missing = quote.lines.filter((line) => !prices.has(line.position));
  if (missing.length > 0) throw new HttpError(400, `Give a price for every line (line ${missing[0]!.position} has none).`, 'missing_price');
  const positions = quote.lines.map((l) => l.position);
  const cents = quote.lines.map((l) => prices.get(l.position)!);
  const [{ rounds } = { rounds: 0 }] = await tx<{ rounds: number }[]>`
    select count(*)::int as rounds from public.quote_events where quote_id = ${quote.id} and kind = 'quoted'`;
  await Promise.all([
    tx`update public.quote_lines l set unit_price_cents = v.price
         from (select unnest(${positions}::int[]) as position, unnest(${cents}::bigint[]) as price) v
        where l.quote_id = ${quote.id} and l.position = v.position`,
    tx`update public.quotes set status = 'quoted', valid_until = ${input.validUntil}::date, shop_message = ${input.message || null},
              decline_reason = null, quoted_at = now()
        where id = ${quote.id}`,
    tx`insert into public.quote_events (quote_id, kind, actor_id, actor_email, detail)
       values (${quote.id}, 'quoted', ${admin.id}, ${admin.email},
               ${tx.json({ validUntil: input.validUntil, totalCents: quote.lines.reduce((s, l) => s + prices.get(l.position)! * l.quantity, 0) })})`,
    // A revised quote is a new message: each round has its own key.
    enqueueMail(tx, { kind: 'quote_sent', orderId: null, quoteId: quote.id, to: quote.email, dedupeKey: `quote_sent:${quote.id}:${rounds + 1}` }),
  ]);
  return { reference: quote.reference };
}

export async function declineQuote(tx: Tx, input: { quoteId: string; reason: string }, admin: Admin): Promise<{ reference: string }> {
  const quote = await lockedQuote(tx, input.quoteId);
  refuseClosed(quote);
  await Promise.all([
    tx`update public.quotes set status = 'declined', decline_reason = ${input.reason}, answered_at = now() where id = ${quote.id}`,
    tx`insert into public.quote_events (quote_id, kind, actor_id, actor_email, detail)
       values (${quote.id}, 'declined', ${admin.id}, ${admin.email}, ${tx.json({ reason: input.reason })})`,
    enqueueMail(tx, { kind: 'quote_declined', orderId: null, quoteId: quote.id, to: quote.email, dedupeKey: `quote_declined:${quote.id}` }),
  ]);
  return { reference: quote.reference };
}
