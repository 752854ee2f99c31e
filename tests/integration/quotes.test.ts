// Quotes on real Postgres, the Stripe stand-in and the webhook route: a guest's request, staff's answer under RLS,
// acceptance racing itself (one checkout record, one PaymentIntent, one order), an expired or declined quote refused,
// the link's token, RLS of quotes for customers, admins and strangers, and the mails queued in the same transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor, type DbActor } from '@/lib/core/db';
import { declineQuote, sendQuote } from '@/lib/admin/quotes/answer';
import { QUOTE_PRODUCT_UNAVAILABLE, startQuoteCheckout } from '@/lib/quotes/checkout';
import { quoteToken } from '@/lib/quotes/link';
import { readQuote, shopToday } from '@/lib/quotes/read';
import { requestQuote } from '@/lib/quotes/request';
import { composeQuoteMail } from '@/lib/quotes/messages';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { deliver, eventFor, insertProducts, removeProducts, sdk, sql, type TestProducts } from './checkout-support';

let products: TestProducts;
let admin: { id: string; email: string };
let customer: { id: string; email: string };
const adminActor = (): DbActor => ({ role: 'authenticated', userId: admin.id, email: admin.email });
const customerActor = (): DbActor => ({ role: 'authenticated', userId: customer.id, email: customer.email });

beforeAll(async () => {
  products = await insertProducts();
  const users = await sql<{ id: string; email: string }[]>`select id, email from auth.users where email in ${sql([DEMO_USERS.admin.email, DEMO_USERS.customer.email])}`;
  admin = users.find((u) => u.email === DEMO_USERS.admin.email)!;
  customer = users.find((u) => u.email === DEMO_USERS.customer.email)!;
});
afterAll(async () => {
  await removeProducts(products);
  await sql.end();
});

const lines = () => [
  { productId: products.ring, quantity: 30, specifications: { stoneType: 'stone2' as const, size: null, style: null } },
  { productId: products.necklace, quantity: 12, specifications: { stoneType: 'stone1' as const, size: '20', style: 'necklace' as const } },
];
const guest = { name: 'Ada Buyer', email: 'ada.buyer@example.test', phone: '+1 555 0100' };
const inDays = (n: number) => {
  const d = new Date(`${shopToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function quoted(validUntil = inDays(14)) {
  const request = await requestQuote({ lines: lines(), contact: guest, message: 'For our spring display' }, null);
  await withActor(adminActor(), (tx) =>
    sendQuote(tx, { quoteId: request.id, prices: [{ position: 1, price: 2100 }, { position: 2, price: 4000 }], validUntil, message: 'Thank you' }, admin),
  );
  return request;
}

describe('quote requests', () => {
  it('store a guest’s lines as the checkout reads them, its history, and the shop’s notice, in one go', async () => {
    const request = await requestQuote({ lines: lines(), contact: guest }, null);
    expect(request.reference).toMatch(/^Q-\d+$/);
    const [row] = await sql`select user_id, name, email, phone, status from quotes where id = ${request.id}`;
    expect(row).toEqual({ user_id: null, name: 'Ada Buyer', email: 'ada.buyer@example.test', phone: '+1 555 0100', status: 'requested' });
    const stored = await sql`select position, quantity, specifications_text, unit_price_cents from quote_lines where quote_id = ${request.id} order by position`;
    expect(stored).toEqual([
      { position: 1, quantity: 30, specifications_text: 'Stone: Sapphire, Material: Gold', unit_price_cents: null },
      { position: 2, quantity: 12, specifications_text: expect.stringContaining('Necklace Length: 20"'), unit_price_cents: null },
    ]);
    expect(await sql`select kind, to_address from mail_outbox where quote_id = ${request.id} order by id`).toEqual([
      { kind: 'quote_request', to_address: null },
      { kind: 'quote_received', to_address: guest.email },
    ]);
    expect(await sql`select kind from quote_events where quote_id = ${request.id}`).toEqual([{ kind: 'requested' }]);
    // The buyer's acknowledgement greets them by name and lists what they asked for.
    const [ack] = await sql<{ id: string; dedupe_key: string }[]>`select id, dedupe_key from mail_outbox where quote_id = ${request.id} and kind = 'quote_received'`;
    const mail = await composeQuoteMail({ id: Number(ack!.id), kind: 'quote_received', orderId: null, quoteId: request.id, tradeAccountId: null, to: guest.email, dedupeKey: ack!.dedupe_key, payload: {}, attempts: 0 });
    expect(mail.subject).toBe(`We have your quote request ${request.reference}`);
    expect(mail.text).toContain('Hello Ada Buyer,');
    expect(mail.text).toContain('Stone: Sapphire, Material: Gold');
  });

  it('take a signed-in buyer’s details from the account, and refuse a guest without them', async () => {
    const request = await requestQuote({ lines: lines() }, { userId: customer.id, email: customer.email });
    const [row] = await sql`select user_id, email from quotes where id = ${request.id}`;
    expect(row).toEqual({ user_id: customer.id, email: customer.email });
    await expect(requestQuote({ lines: lines() }, null)).rejects.toMatchObject({ status: 400, code: 'contact_required' });
  });

  it('refuse options a product does not offer and quantities below its MOQ', async () => {
    const bad = [{ productId: products.necklace, quantity: 1, specifications: { stoneType: 'stone1' as const, size: '40', style: 'necklace' as const } }];
    await expect(requestQuote({ lines: bad, contact: guest }, null)).rejects.toMatchObject({ status: 422, code: 'option_unavailable' });
    const few = [{ productId: products.ring, quantity: 1, specifications: { stoneType: 'stone1' as const, size: null, style: null } }];
    await expect(requestQuote({ lines: few, contact: guest }, null)).rejects.toMatchObject({ status: 422, code: 'quantity_not_allowed' });
  });
});

describe('answering a quote', () => {
  it('prices every line, sets the last day and mails the buyer, as the admin under RLS', async () => {
    const request = await quoted();
    const quote = await withActor(adminActor(), (tx) => readQuote(tx, request.id));
    expect(quote).toMatchObject({ status: 'quoted', shopMessage: 'Thank you', validUntil: inDays(14) });
    expect(quote!.lines.map((l) => l.unitPriceCents)).toEqual([2100, 4000]);
    expect(await sql`select kind, to_address from mail_outbox where quote_id = ${request.id} order by id`).toEqual([
      { kind: 'quote_request', to_address: null },
      { kind: 'quote_received', to_address: guest.email },
      { kind: 'quote_sent', to_address: guest.email },
    ]);
  });

  it('is refused to a customer, and for a day in the past or a missing price', async () => {
    const request = await requestQuote({ lines: lines(), contact: guest }, null);
    const answer = { quoteId: request.id, prices: [{ position: 1, price: 100 }, { position: 2, price: 100 }], validUntil: inDays(3) };
    // RLS hides the quote from a customer who does not own it: as if it did not exist.
    await expect(withActor(customerActor(), (tx) => sendQuote(tx, answer, customer))).rejects.toMatchObject({ status: 404 });
    await expect(withActor(adminActor(), (tx) => sendQuote(tx, { ...answer, validUntil: inDays(-1) }, admin))).rejects.toMatchObject({ status: 400 });
    await expect(withActor(adminActor(), (tx) => sendQuote(tx, { ...answer, prices: answer.prices.slice(0, 1) }, admin))).rejects.toMatchObject({
      status: 400,
      code: 'missing_price',
    });
  });

  it('declines with a reason, after which the quote cannot be paid', async () => {
    const request = await requestQuote({ lines: lines(), contact: guest }, null);
    await withActor(adminActor(), (tx) => declineQuote(tx, { quoteId: request.id, reason: 'Discontinued design' }, admin));
    await expect(startQuoteCheckout({ quoteId: request.id, token: request.token, userId: null })).rejects.toMatchObject({ status: 409, code: 'declined' });
    expect((await sql`select kind from mail_outbox where quote_id = ${request.id} order by id`).map((r) => r.kind)).toEqual(['quote_request', 'quote_received', 'quote_declined']);
  });
});

describe('accept and pay', () => {
  it('races itself into one checkout, one PaymentIntent and, with replayed webhooks, one order', async () => {
    const request = await quoted();
    const sessions = await Promise.all(Array.from({ length: 5 }, () => startQuoteCheckout({ quoteId: request.id, token: request.token, userId: null })));
    expect(new Set(sessions.map((s) => s.checkoutId)).size).toBe(1);
    expect(new Set(sessions.map((s) => s.paymentIntentId)).size).toBe(1);
    expect(sessions[0]!.totalCents).toBe(30 * 2100 + 12 * 4000);
    // The quote is named in the line's choices, not in its words.
    expect(sessions[0]!.lines[0]!.specificationsText).not.toContain('Quote');
    expect(sessions[0]!.lines[0]!.quoteReference).toBe(request.reference);

    await sdk.paymentIntents.confirm(sessions[0]!.paymentIntentId, { payment_method: 'pm_card_visa' });
    const body = await eventFor('payment_intent.succeeded', sessions[0]!.paymentIntentId);
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);

    const orders = await sql`select id, quote_id, total_amount from orders where quote_id = ${request.id}`;
    expect(orders).toEqual([{ id: sessions[0]!.orderId, quote_id: request.id, total_amount: String(30 * 2100 + 12 * 4000) }]);
    const items = await sql<{ choices: Record<string, unknown> }[]>`select choices from order_items where order_id = ${sessions[0]!.orderId}`;
    expect(items.map((i) => i.choices.quoteReference)).toEqual([request.reference, request.reference]);
    const [quote] = await sql`select status, order_id from quotes where id = ${request.id}`;
    expect(quote).toEqual({ status: 'accepted', order_id: sessions[0]!.orderId });
    expect((await sql`select kind from quote_events where quote_id = ${request.id} order by id`).map((r) => r.kind)).toEqual([
      'requested',
      'quoted',
      'checkout',
      'accepted',
    ]);
    await expect(startQuoteCheckout({ quoteId: request.id, token: request.token, userId: null })).rejects.toMatchObject({ status: 409, code: 'already_accepted' });
    // Staff cannot change a paid quote.
    await expect(
      withActor(adminActor(), (tx) => sendQuote(tx, { quoteId: request.id, prices: [{ position: 1, price: 1 }, { position: 2, price: 1 }], validUntil: inDays(5) }, admin)),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('keeps the prices once the buyer has started paying', async () => {
    const request = await quoted();
    await startQuoteCheckout({ quoteId: request.id, token: request.token, userId: null });
    await expect(
      withActor(adminActor(), (tx) => sendQuote(tx, { quoteId: request.id, prices: [{ position: 1, price: 1 }, { position: 2, price: 1 }], validUntil: inDays(5) }, admin)),
    ).rejects.toMatchObject({ status: 409, code: 'checkout_started' });
  });

  it('refuses an expired quote, a wrong token and a stranger, as if the quote did not exist', async () => {
    const request = await quoted();
    await sql`update quotes set valid_until = ${inDays(-1)}::date where id = ${request.id}`;
    await expect(startQuoteCheckout({ quoteId: request.id, token: request.token, userId: null })).rejects.toMatchObject({ status: 410, code: 'expired' });
    const other = await quoted();
    await expect(startQuoteCheckout({ quoteId: other.id, token: quoteToken(request.id), userId: null })).rejects.toMatchObject({ status: 404 });
    await expect(startQuoteCheckout({ quoteId: other.id, token: null, userId: customer.id })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses to be paid once a quoted product is no longer sold (a draft or archived product), as a cart line is', async () => {
    const request = await quoted();
    await sql`update rings set status = 'archived' where id = ${products.ring}`;
    try {
      await expect(startQuoteCheckout({ quoteId: request.id, token: request.token, userId: null })).rejects.toMatchObject({
        status: 422,
        code: 'unknown_product',
        message: QUOTE_PRODUCT_UNAVAILABLE,
      });
    } finally {
      await sql`update rings set status = 'active' where id = ${products.ring}`;
    }
    await expect(startQuoteCheckout({ quoteId: request.id, token: request.token, userId: null })).resolves.toMatchObject({ paymentIntentId: expect.any(String) });
  });

  it('lets the owner pay without the token', async () => {
    const request = await requestQuote({ lines: lines() }, { userId: customer.id, email: customer.email });
    await withActor(adminActor(), (tx) =>
      sendQuote(tx, { quoteId: request.id, prices: [{ position: 1, price: 999 }, { position: 2, price: 999 }], validUntil: inDays(2) }, admin),
    );
    const session = await startQuoteCheckout({ quoteId: request.id, token: null, userId: customer.id });
    expect(session.totalCents).toBe(42 * 999);
  });
});

describe('RLS of quotes', () => {
  it('shows a customer their own quotes only, admins all, and anonymous visitors none', async () => {
    const own = await requestQuote({ lines: lines() }, { userId: customer.id, email: customer.email });
    const guests = await requestQuote({ lines: lines(), contact: guest }, null);
    const visible = (actor: DbActor) =>
      withActor(actor, async (tx) => (await tx<{ id: string }[]>`select id from quotes where id in ${tx([own.id, guests.id])}`).map((r) => r.id).sort());
    expect(await visible(customerActor())).toEqual([own.id]);
    expect(await visible(adminActor())).toEqual([own.id, guests.id].sort());
    await expect(visible({ role: 'anon' })).rejects.toMatchObject({ code: '42501' });
    const lineCount = (actor: DbActor) => withActor(actor, async (tx) => (await tx`select 1 from quote_lines where quote_id = ${guests.id}`).length);
    expect(await lineCount(customerActor())).toBe(0);
    expect(await lineCount(adminActor())).toBe(2);
  });

  it('lets nobody but an admin price a line, and nobody at all insert a quote through the API', async () => {
    const own = await requestQuote({ lines: lines() }, { userId: customer.id, email: customer.email });
    const updated = await withActor(customerActor(), (tx) => tx`update quote_lines set unit_price_cents = 1 where quote_id = ${own.id} returning id`);
    expect(updated).toHaveLength(0);
    await expect(
      withActor(customerActor(), (tx) => tx`insert into quotes (user_id, name, email) values (${customer.id}, 'x', 'x@example.test')`),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
