import 'server-only';
// A buyer asks for a quote: the cart's lines (or one unpriced product), checked against the catalog as the checkout
// checks them, stored with the buyer's details, its history's first event and the shop's notice mail, in one
// transaction. A signed-in buyer's name, e-mail and phone come from their account; a guest gives them.
import { asServiceRole, withActor } from '../core/db';
import { HttpError } from '../core/errors';
import { getProductsByIds } from '../catalog/product';
import { enqueueMails } from '../mail/outbox';
import type { QuoteRequest } from './schema';
import { buildQuoteLine } from './lines';
import { quoteToken } from './link';

export interface RequestedQuote {
  id: string;
  reference: string;
  /** The buyer's link token (a guest has no other way back to the quote). */
  token: string;
}

interface Requester {
  userId: string;
  email: string;
}

/** Who the quote is for: a guest's details as given, or a signed-in buyer's from their own profile (read as them). */
async function contactOf(request: QuoteRequest, user: Requester | null) {
  if (!user) {
    if (!request.contact) throw new HttpError(400, 'Please give your name, e-mail address and phone number.', 'contact_required');
    return { name: request.contact.name, email: request.contact.email, phone: request.contact.phone };
  }
  // Every quote mail greets the buyer by name: their profile's, else their trade account's, else (no name at all)
  // their address, which the mails do not greet by.
  const [profile] = await withActor(
    { role: 'authenticated', userId: user.userId, email: user.email },
    (tx) => tx<{ full_name: string | null; phone_number: string | null; business_name: string | null }[]>`
      select p.full_name, p.phone_number,
             (select a.business_name from public.trade_accounts a where a.id = public.my_trade_account_id()) as business_name
        from (select 1) one left join public.user_profiles p on p.user_id = ${user.userId}`,
  );
  const name = profile?.full_name?.trim() || profile?.business_name?.trim() || user.email;
  return { name, email: user.email, phone: profile?.phone_number?.trim() || null };
}

export async function requestQuote(request: QuoteRequest, user: Requester | null): Promise<RequestedQuote> {
  const products = new Map((await getProductsByIds(request.lines.map((l) => l.productId))).map((p) => [p.id, p]));
  const lines = request.lines.map((line, i) => {
    const product = products.get(line.productId);
    if (!product) throw new HttpError(422, 'An item in your request is no longer available. Please remove it and try again.', 'unknown_product');
    return buildQuoteLine(product, line, i + 1);
  });

  // The service role writes the request: a guest has no session, and who asks has been settled above.
  const contact = await contactOf(request, user);
  return asServiceRole(async (tx) => {
    const [quote] = await tx<{ id: string; reference: string }[]>`
      insert into public.quotes (user_id, name, email, phone, message)
      values (${user?.userId ?? null}, ${contact.name}, ${contact.email}, ${contact.phone}, ${request.message || null})
      returning id, reference`;
    const { id, reference } = quote!;
    await Promise.all([
      tx`insert into public.quote_lines ${tx(lines.map((l) => ({ ...l, quote_id: id, specifications: tx.json(l.specifications as never) as unknown as string })))}`,
      tx`insert into public.quote_events (quote_id, kind, actor_id, actor_email, detail)
         values (${id}, 'requested', ${user?.userId ?? null}, ${contact.email}, ${tx.json({ lines: lines.length })})`,
      enqueueMails(tx, [
        { kind: 'quote_request', orderId: null, quoteId: id, to: null, dedupeKey: `quote_request:${id}` },
        // The buyer's acknowledgement: what they asked for, and the link to follow it.
        { kind: 'quote_received', orderId: null, quoteId: id, to: contact.email, dedupeKey: `quote_received:${id}` },
      ]),
    ]);
    return { id, reference, token: quoteToken(id) };
  });
}
