import 'server-only';
// 'Accept and pay': the quote's own prices, read from the quote record on the server, through the same checkout
// records, PaymentIntent and webhook as a cart. The quote row is locked while its checkout record is chosen, and
// the record is fixed on the quote the first time: two tabs, a double click or a retry all get the same record,
// the same PaymentIntent and, once paid, the same order (lib/orders/fulfilment.ts marks the quote accepted).
import { asServiceRole } from '../core/db';
import { HttpError } from '../core/errors';
import { formatDate } from '../core/format/date';
import { env } from '../core/env';
import { attachPaymentIntent, insertCheckoutRecord, type CheckoutRecord, type CheckoutSession } from '../checkout/server';
import type { PricedCheckout } from '../checkout/pricing';
import { isQuoteToken } from './link';
import { readQuote } from './read';
import { quoteTotalCents, type Quote } from './types';
import { ACTIVE_SQL } from '../catalog/status';

/** A quoted product that was deleted, drafted or archived since: the quote is not paid, as a cart line is not. */
export const QUOTE_PRODUCT_UNAVAILABLE = 'An item in this quote is no longer available. Ask us for a new quote.';

/** The checkout lines of a quote: each line at staff's price, named with the quote's reference. */
export function pricedFromQuote(quote: Quote): PricedCheckout {
  const totalCents = quoteTotalCents(quote.lines);
  if (totalCents === null || totalCents <= 0) throw new HttpError(409, 'This quote has no prices yet. We will e-mail you when it does.', 'not_quoted');
  return {
    currency: 'usd',
    totalCents,
    lines: quote.lines.map((line) => ({
      productId: line.productId,
      category: line.category,
      name: line.name,
      sku: line.sku,
      imageUrl: null,
      quantity: line.quantity,
      moq: 1,
      unitPriceCents: line.unitPriceCents!,
      percentOff: null,
      lineTotalCents: line.unitPriceCents! * line.quantity,
      specifications: line.specifications,
      // The quote's reference goes with the line's choices, not into its words (the account showed 'Quote Q-5007'
      // as if it were an option).
      specificationsText: line.specificationsText,
      quoteReference: quote.reference,
    })),
  };
}

/** Why a quote cannot be paid now, or null when it can. */
export function refusal(quote: Quote): HttpError | null {
  switch (quote.status) {
    case 'quoted':
      return null;
    case 'accepted':
      return new HttpError(409, 'This quote has been paid for already.', 'already_accepted', { orderId: quote.orderId });
    case 'declined':
      return new HttpError(409, 'This quote was declined, so it cannot be paid. Ask us for a new one.', 'declined');
    case 'expired':
      return new HttpError(
        410,
        `This quote expired on ${quote.validUntil ? formatDate(`${quote.validUntil}T12:00:00Z`, env().SHOP_TIME_ZONE) : 'its last day'}. Ask us for a new one.`,
        'expired',
      );
    case 'requested':
      return new HttpError(409, 'This quote has no prices yet. We will e-mail you when it does.', 'not_quoted');
  }
}

export async function startQuoteCheckout(input: { quoteId: string; token: string | null; userId: string | null }): Promise<CheckoutSession> {
  const { record, priced } = await asServiceRole(async (tx) => {
    const quote = await readQuote(tx, input.quoteId, true);
    // Anyone else is answered as if the quote did not exist.
    const allowed = quote && (isQuoteToken(quote.id, input.token) || (input.userId !== null && quote.userId === input.userId));
    if (!quote || !allowed) throw new HttpError(404, 'This quote was not found.', 'not_found');
    const refused = refusal(quote);
    if (refused) throw refused;
    const wanted = [...new Set(quote.lines.map((l) => l.productId))];
    const [onSale] = await tx<{ n: number }[]>`
      select count(*)::int as n from public.catalog_products where id = any(${wanted}::uuid[]) and ${tx.unsafe(ACTIVE_SQL)}`;
    if ((onSale?.n ?? 0) < wanted.length) throw new HttpError(422, QUOTE_PRODUCT_UNAVAILABLE, 'unknown_product');
    const priced = pricedFromQuote(quote);
    const [existing] = await tx<(CheckoutRecord & { status: string })[]>`
      select c.id, c.order_id, c.payment_intent_id, c.status
        from public.quotes q join public.checkout_sessions c on c.id = q.checkout_id
       where q.id = ${quote.id}`;
    if (existing?.status === 'open') return { record: existing, priced };
    if (existing?.status === 'completed') {
      throw new HttpError(409, 'This quote has been paid for already.', 'already_accepted', { orderId: existing.order_id });
    }
    // No record yet, or one that can no longer be paid (abandoned and swept, or refused for its amount): a new one.
    const record = await insertCheckoutRecord(tx, { priced, userId: quote.userId, quoteId: quote.id });
    await Promise.all([
      tx`update public.quotes set checkout_id = ${record.id} where id = ${quote.id}`,
      tx`insert into public.quote_events (quote_id, kind, detail) values (${quote.id}, 'checkout', ${tx.json({ checkoutId: record.id, totalCents: priced.totalCents })})`,
    ]);
    return { record, priced };
  });
  return attachPaymentIntent(record, priced);
}
