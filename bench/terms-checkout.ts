// Placing an order on payment terms, side by side with a card checkout session in one run. Each round, for the same
// 10 lines and a buyer whose trade account has Net 30, both sides open a checkout (POST /api/checkout/session's work:
// the card side's measure) and save the addresses; the card side then confirms the card with the Stripe stand-in and
// fulfils the order; the terms side places the order on terms (POST /api/checkout/invoice's work before it answers:
// its measure), then makes and sends the Stripe invoice and reports the tax (what after() does, measured apart). The
// sides alternate, each first in every other round. Called from bench/wholesale.ts's child.
import type postgres from 'postgres';
import type { CheckoutLineInput } from '../lib/checkout/lines';
import { ADDRESS, type Summary } from './checkout-charges';

export async function benchTermsCheckout(
  sql: postgres.Sql,
  lines: CheckoutLineInput[],
  rounds: number,
  summary: (times: number[]) => Summary,
): Promise<Record<string, unknown>> {
  const { createCheckout, saveCheckoutAddresses } = await import('../lib/checkout/server');
  const { fulfilPaymentIntent } = await import('../lib/orders/fulfilment');
  const { finishOrderOnTerms, placeOrderOnTerms } = await import('../lib/terms/place');
  const { stripe } = await import('../lib/payments/stripe');
  const [buyer] = await sql<{ id: string; email: string }[]>`
    select u.id, u.email from auth.users u
     where not exists (select 1 from public.trade_account_members m where m.user_id = u.id)
       and not exists (select 1 from public.trade_accounts a where a.owner_id = u.id)
       and not exists (select 1 from public.admin_users a where a.user_id = u.id)
     order by u.created_at limit 1`;
  if (!buyer) throw new Error('no user to buy on terms as');
  const [account] = await sql<{ id: string }[]>`
    insert into public.trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, payment_terms_days, credit_limit_cents)
    values (${buyer.id}, 'approved', 'Bench Boutique', 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' })}, 30, 100000000000)
    returning id`;
  await sql`insert into public.trade_account_members (account_id, user_id, role) values (${account!.id}, ${buyer.id}, 'owner')`;
  const orders: string[] = [];
  const times = { session: [] as number[], card: [] as number[], place: [] as number[], invoice: [] as number[] };
  const open = async () => {
    const t0 = performance.now();
    const session = await createCheckout({ lines, userId: buyer.id });
    const opened = performance.now() - t0;
    await saveCheckoutAddresses({
      checkoutId: session.checkoutId,
      allowedCheckoutIds: [session.checkoutId],
      email: buyer.email,
      addresses: { shipping: ADDRESS, billing: ADDRESS, sameAsShipping: true },
    });
    return { session, opened };
  };
  try {
    for (let round = 0; round <= rounds; round++) {
      for (const side of round % 2 === 0 ? (['card', 'terms'] as const) : (['terms', 'card'] as const)) {
        const { session, opened } = await open();
        orders.push(session.orderId);
        if (side === 'card') {
          const t0 = performance.now();
          const paid = await stripe().paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
          const result = await fulfilPaymentIntent(paid);
          if (result.outcome !== 'fulfilled') throw new Error(`the card order was ${result.outcome}`);
          if (round > 0) {
            times.session.push(opened);
            times.card.push(performance.now() - t0);
          }
        } else {
          const t0 = performance.now();
          await placeOrderOnTerms({ checkoutId: session.checkoutId, userId: buyer.id });
          const t1 = performance.now();
          await finishOrderOnTerms(session.orderId);
          if (round > 0) {
            times.place.push(t1 - t0);
            times.invoice.push(performance.now() - t1);
          }
        }
      }
    }
    const [made] = await sql<{ open: number }[]>`
      select count(*)::int as open from public.terms_invoices where account_id = ${account!.id} and status = 'open' and stripe_invoice_id is not null`;
    if (made!.open !== rounds + 1) throw new Error(`only ${made!.open} of ${rounds + 1} invoices were made and sent`);
  } finally {
    await sql`delete from public.orders where id = any(${orders}::uuid[])`;
    await sql`delete from public.trade_accounts where id = ${account!.id}`;
  }
  const session = summary(times.session);
  const place = summary(times.place);
  return {
    lines: lines.length,
    card_checkout_session: session,
    card_payment_and_fulfilment: summary(times.card),
    terms_place_order: place,
    terms_invoice_made_and_sent_after: summary(times.invoice),
    place_vs_session_p95_ratio: +(place.p95_ms / session.p95_ms).toFixed(2),
  };
}
