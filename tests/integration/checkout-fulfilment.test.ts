// Over 300 lines: every delivery order shares one webhook endpoint and the PaymentIntent helpers.
// Payment fulfilment on real Postgres, driven through the webhook route handler and the Stripe stand-in with the real
// SDK: one order per PaymentIntent under duplicate, concurrent and out-of-order deliveries; forged events, amount
// mismatches, failed inserts and declines write nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';

import { db } from '@/lib/core/db';
import { emptyAddress } from '@/lib/checkout/address';
import { createCheckout, saveCheckoutAddresses, type CheckoutSession } from '@/lib/checkout/server';
import { fulfilPaymentIntent } from '@/lib/orders/fulfilment';
import { loadConfirmation } from '@/lib/orders/confirmation';
import { ADDRESS, checkoutRow, deliver, eventFor, eventsFor, insertProducts, orderCounts, sdk, setDelivery, signature, sql, startWebhookEndpoint, waitForDeliveries, type TestProducts, type WebhookEndpoint, removeProducts, restoreDelivery } from './checkout-support';
import { ADMIN_DASHBOARD_TAG } from '@/lib/core/cache/tags';

let p: TestProducts;
let endpoint: WebhookEndpoint;

beforeAll(async () => {
  p = await insertProducts();
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100, 200, 400] });
});
afterEach(async () => {
  endpoint.forward = true;
  await setDelivery({ copies: 1, delayMs: 0 });
  await waitForDeliveries();
});
afterAll(async () => {
  await removeProducts(p);
  await restoreDelivery();
  await endpoint.close();
  await sql.end();
  await db().end();
});

/**
 * A checkout of two lines (a ring in stone 2 below its MOQ, a necklace at 20 in) with the buyer's address saved: its
 * total is then the goods and UPS Ground to Virginia ($15.00; the Stripe stand-in collects no tax there).
 */
async function openCheckout(userId: string | null = null): Promise<CheckoutSession> {
  const session = await createCheckout({
    lines: [
      { productId: p.ring, quantity: 3, specifications: { stoneType: 'stone2' } },
      { productId: p.necklace, quantity: 2, specifications: { size: '20', style: 'necklace' } },
    ],
    userId,
  });
  const delivery = await saveCheckoutAddresses({
    checkoutId: session.checkoutId,
    allowedCheckoutIds: [session.checkoutId],
    email: 'accounts@boutique.example',
    addresses: { shipping: ADDRESS, billing: { ...emptyAddress(), full_name: 'Accounts Payable', address_line1: '9 Ledger St', city: 'Reston', state: 'VA', postal_code: '20190' }, sameAsShipping: false },
  });
  expect(delivery).toMatchObject({ goodsCents: session.totalCents, shippingCents: 1500, taxCents: 0 });
  return { ...session, totalCents: delivery.totalCents };
}

describe('fulfilment through the webhook', () => {
  it('writes the order, its items and its transaction from the checkout record', async () => {
    const session = await openCheckout();
    vi.mocked(revalidateTag).mockClear();
    const paid = await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect(paid.status).toBe('succeeded');
    await waitForDeliveries();
    // The new order is in the admin dashboard's figures at once.
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith(ADMIN_DASHBOARD_TAG);

    const [order] = await sql`select * from orders where id = ${session.orderId}`;
    expect(order).toMatchObject({
      user_id: null,
      // Paid and waiting to be sent: staff complete it.
      status: 'processing',
      customer_name: 'Grace Hopper',
      customer_phone: '+1 (555) 010-0100',
      total_amount: String(2450 * 3 + 4825 * 2 + 1500),
      goods_cents: String(2450 * 3 + 4825 * 2),
      shipping_method: 'UPS Ground',
      shipping_cents: '1500',
      tax_cents: '0',
      shipping_address: ADDRESS,
    });
    expect(order!.order_reference).toMatch(/^AFJ-\d{6,}$/);
    expect(order!.billing_address).toMatchObject({ full_name: 'Accounts Payable', city: 'Reston', country: 'US' });
    const items = await sql`
      select product_id, product_category, quantity, unit_price, specifications from order_items
       where order_id = ${session.orderId} order by unit_price`;
    expect(items).toEqual([
      { product_id: p.ring, product_category: 'rings', quantity: 3, unit_price: '2450', specifications: 'Stone: Sapphire, Material: Gold' },
      {
        product_id: p.necklace,
        product_category: 'necklaces',
        quantity: 2,
        unit_price: '4825',
        // No stone name on this necklace: no stone line (never 'Stone: Stone 1'), as the cart shows it.
        specifications: 'Necklace Length: 20", Material: Silver, Style: Necklace',
      },
    ]);
    const transactions = await sql`
      select provider, provider_transaction_id, amount, status, payment_method from transactions where order_id = ${session.orderId}`;
    expect(transactions).toEqual([
      { provider: 'stripe', provider_transaction_id: paid.id, amount: String(paid.amount), status: 'completed', payment_method: 'card' },
    ]);
    expect((await checkoutRow(session.checkoutId)).status).toBe('completed');
    expect(endpoint.statuses.at(-1)).toBe(200);
  });

  it('makes one order when the stand-in delivers every event three times at once', async () => {
    const session = await openCheckout();
    await setDelivery({ copies: 3 });
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    await waitForDeliveries();
    const { data } = await eventsFor(session.paymentIntentId);
    expect(data.find((e) => e.type === 'payment_intent.succeeded')!.attempts.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await orderCounts(session.orderId)).toEqual({ orders: 1, items: 2, transactions: 1 });
  });

  it('makes one order from 25 concurrent deliveries of the same signed event', async () => {
    endpoint.forward = false;
    const session = await openCheckout();
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    const body = await eventFor('payment_intent.succeeded', session.paymentIntentId);
    const responses = await Promise.all(Array.from({ length: 25 }, () => deliver(body)));
    const results = await Promise.all(responses.map((r) => r.json() as Promise<{ outcome: string }>));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.outcome === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'already_fulfilled')).toHaveLength(24);
    expect(await orderCounts(session.orderId)).toEqual({ orders: 1, items: 2, transactions: 1 });
  });

  it('keeps the order when an older payment_failed arrives after the success, and when the success repeats late', async () => {
    endpoint.forward = false;
    const session = await openCheckout();
    await expect(sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_chargeDeclined' })).rejects.toThrow(
      'Your card was declined.',
    );
    const failed = await eventFor('payment_intent.payment_failed', session.paymentIntentId);
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    const succeeded = await eventFor('payment_intent.succeeded', session.paymentIntentId);
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(succeeded)).status).toBe(200);
    expect(await orderCounts(session.orderId)).toEqual({ orders: 1, items: 2, transactions: 1 });
    expect((await checkoutRow(session.checkoutId)).status).toBe('completed');
  });

  it('answers a forged, unsigned, tampered or stale event with 400 and writes nothing', async () => {
    endpoint.forward = false;
    const session = await openCheckout();
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    const body = await eventFor('payment_intent.succeeded', session.paymentIntentId);
    const tampered = body.replace(`"amount":${session.totalCents}`, '"amount":50');
    expect(tampered).not.toBe(body);
    const attempts = [
      deliver(body, signature(body, 'whsec_not_the_secret')),
      deliver(body, null),
      deliver(body, 't=123,v1=deadbeef'),
      deliver(tampered, signature(body)),
      deliver(body, signature(body, undefined, Math.floor(Date.now() / 1000) - 3600)),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'Invalid signature' });
    }
    expect(await orderCounts(session.orderId)).toEqual({ orders: 0, items: 0, transactions: 0 });
    expect((await checkoutRow(session.checkoutId)).status).toBe('open');
    expect((await deliver(body)).status).toBe(200);
    expect(await orderCounts(session.orderId)).toEqual({ orders: 1, items: 2, transactions: 1 });
  });

  it('acknowledges a signed event for a PaymentIntent or charge Stripe does not have, and records nothing', async () => {
    endpoint.forward = false;
    const session = await openCheckout();
    const [beforeOrders] = await sql<{ n: number }[]>`select count(*)::int as n from public.orders`;
    for (const [type, id] of [
      ['payment_intent.succeeded', 'pi_unknown_to_this_account'],
      ['payment_intent.payment_failed', 'pi_unknown_to_this_account'],
      ['charge.refunded', 'ch_unknown_to_this_account'],
    ] as const) {
      const body = JSON.stringify({
        id: `evt_test_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        created: Math.floor(Date.now() / 1000),
        data: { object: type.startsWith('charge') ? { id, object: 'charge' } : { id, object: 'payment_intent' } },
        type,
      });
      const answer = await deliver(body);
      expect(answer.status, type).toBe(200);
      expect(await answer.json()).toEqual({ received: true, ignored: 'unknown_object' });
    }
    const [afterOrders] = await sql<{ n: number }[]>`select count(*)::int as n from public.orders`;
    expect(afterOrders!.n).toBe(beforeOrders!.n);
    expect((await checkoutRow(session.checkoutId)).status).toBe('open');
  });

  it('refuses a payment whose amount differs from the checkout, even when correctly signed', async () => {
    const session = await openCheckout();
    await sdk.paymentIntents.update(session.paymentIntentId, { amount: session.totalCents - 100 });
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    await waitForDeliveries();
    expect(await orderCounts(session.orderId)).toEqual({ orders: 0, items: 0, transactions: 0 });
    expect((await checkoutRow(session.checkoutId)).status).toBe('amount_mismatch');
  });

  it('refunds a payment of another amount in full, once, records why, and tells the buyer instead of "processing"', async () => {
    const session = await openCheckout();
    await sdk.paymentIntents.update(session.paymentIntentId, { amount: session.totalCents - 100 });
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    await waitForDeliveries();
    // The buyer arrives (and comes back) while the webhook has done its part: one refund between them.
    const access = { checkoutIds: [session.checkoutId], user: null };
    expect(await loadConfirmation(session.orderId, access)).toEqual({ kind: 'refunded' });
    expect(await loadConfirmation(session.orderId, access)).toEqual({ kind: 'refunded' });
    expect((await deliver(await eventFor('payment_intent.succeeded', session.paymentIntentId))).status).toBe(200);
    const refunds = await sdk.refunds.list({ payment_intent: session.paymentIntentId });
    expect(refunds.data.map((r) => [r.amount, r.status])).toEqual([[session.totalCents - 100, 'succeeded']]);
    const [row] = await sql<{ refund_id: string; refund_reason: string; refunded_at: Date | null }[]>`
      select refund_id, refund_reason, refunded_at from checkout_sessions where id = ${session.checkoutId}`;
    expect(row).toMatchObject({ refund_id: refunds.data[0]!.id, refunded_at: expect.any(Date) });
    expect(row!.refund_reason).toMatch(/^Amount mismatch: \$[\d,.]+ USD was paid for a checkout of \$[\d,.]+ USD; refunded in full, no order placed\.$/);
    expect(await orderCounts(session.orderId)).toEqual({ orders: 0, items: 0, transactions: 0 });
  });

  it('acts on the PaymentIntent retrieved from Stripe, never on the event body, even when correctly signed', async () => {
    endpoint.forward = false;
    // Never paid: the intent is still requires_payment_method at Stripe, whatever the signed body claims.
    const unpaid = await openCheckout();
    const forged = await eventFor('payment_intent.succeeded', unpaid.paymentIntentId, {
      status: 'succeeded',
      amount_received: unpaid.totalCents,
    });
    const refused = await deliver(forged);
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({ outcome: 'not_paid', status: 'requires_payment_method' });
    expect(await orderCounts(unpaid.orderId)).toEqual({ orders: 0, items: 0, transactions: 0 });
    expect((await checkoutRow(unpaid.checkoutId)).status).toBe('open');

    // Paid: a body claiming another currency changes nothing; Stripe's own record is fulfilled.
    const paid = await openCheckout();
    await sdk.paymentIntents.confirm(paid.paymentIntentId, { payment_method: 'pm_card_visa' });
    const response = await deliver(await eventFor('payment_intent.succeeded', paid.paymentIntentId, { currency: 'eur', amount: 50 }));
    expect(await response.json()).toMatchObject({ outcome: 'fulfilled' });
    expect(await orderCounts(paid.orderId)).toEqual({ orders: 1, items: 2, transactions: 1 });
  });

  it('leaves no partial order when an insert fails, answers 500 so Stripe retries, and the retry succeeds', async () => {
    const session = await openCheckout();
    // A real failure inside the transaction: the second statement (order items) is refused by the database.
    await sql.unsafe(`
      create or replace function checkout_test_fail_items() returns trigger language plpgsql as $$
      begin raise exception 'order_items unavailable'; end; $$;
      create trigger fail_items before insert on order_items for each row
        when (new.product_id = '${p.ring}') execute function checkout_test_fail_items();`);
    try {
      await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
      for (let i = 0; i < 50 && endpoint.statuses.at(-1) !== 500; i++) await new Promise((r) => setTimeout(r, 20));
      expect(endpoint.statuses.at(-1)).toBe(500);
      expect(await orderCounts(session.orderId)).toEqual({ orders: 0, items: 0, transactions: 0 });
      expect((await checkoutRow(session.checkoutId)).status).toBe('open');
    } finally {
      await sql.unsafe('drop trigger fail_items on order_items; drop function checkout_test_fail_items();');
    }
    await waitForDeliveries();
    const { data } = await eventsFor(session.paymentIntentId);
    const statuses = data.find((e) => e.type === 'payment_intent.succeeded')!.attempts.map((a) => a.status);
    expect(statuses[0]).toBe(500);
    expect(statuses.at(-1)).toBe(200);
    expect(await orderCounts(session.orderId)).toEqual({ orders: 1, items: 2, transactions: 1 });
  });

  it('records a declined card on the checkout and writes no order; a later good card pays', async () => {
    const session = await openCheckout();
    const declined = await sdk.paymentIntents
      .confirm(session.paymentIntentId, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' })
      .catch((e: unknown) => e);
    expect(declined).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'insufficient_funds', statusCode: 402 });
    await waitForDeliveries();
    expect(await orderCounts(session.orderId)).toEqual({ orders: 0, items: 0, transactions: 0 });
    expect(await checkoutRow(session.checkoutId)).toMatchObject({
      status: 'open',
      last_payment_error: 'Your card has insufficient funds.',
      payment_failures: 1,
    });
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    await waitForDeliveries();
    expect(await orderCounts(session.orderId)).toEqual({ orders: 1, items: 2, transactions: 1 });
  });

  it('delivers late events without harm: the order appears once the event arrives', async () => {
    const session = await openCheckout();
    await setDelivery({ delayMs: 300 });
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect((await orderCounts(session.orderId)).orders).toBe(0);
    await waitForDeliveries();
    expect(await orderCounts(session.orderId)).toEqual({ orders: 1, items: 2, transactions: 1 });
  });

  it('ignores a succeeded event for a PaymentIntent no checkout knows', async () => {
    endpoint.forward = false;
    const foreign = await sdk.paymentIntents.create({ amount: 1000, currency: 'usd' });
    await sdk.paymentIntents.confirm(foreign.id, { payment_method: 'pm_card_visa' });
    const response = await deliver(await eventFor('payment_intent.succeeded', foreign.id));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: 'unknown_payment' });
    expect(await fulfilPaymentIntent({ id: 'pi_unknown', status: 'succeeded', amount: 1, amount_received: 1, currency: 'usd' })).toEqual({
      outcome: 'unknown_payment',
    });
  });
});

describe('the confirmation page read', () => {
  it('fulfils when the buyer arrives before the webhook, for the paying browser only', async () => {
    endpoint.forward = false;
    const session = await openCheckout();
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect((await orderCounts(session.orderId)).orders).toBe(0);

    expect(await loadConfirmation(session.orderId, { checkoutIds: [], user: null })).toEqual({ kind: 'not_found' });
    const stranger = { id: crypto.randomUUID(), email: 'stranger@checkout.test' };
    expect(await loadConfirmation(session.orderId, { checkoutIds: [], user: stranger })).toEqual({ kind: 'not_found' });

    const view = await loadConfirmation(session.orderId, { checkoutIds: [session.checkoutId], user: null });
    expect(view.kind).toBe('order');
    if (view.kind !== 'order') return;
    expect(view.order.totalCents).toBe(session.totalCents);
    expect(view.order.reference).toMatch(/^AFJ-/);
    expect(view.order.items.map((i) => [i.product?.name, i.quantity, i.lineTotalCents])).toEqual(
      expect.arrayContaining([
        ['Checkout Ring', 3, 7350],
        ['Checkout Chain', 2, 9650],
      ]),
    );
    // The webhook arriving afterwards changes nothing.
    endpoint.forward = true;
    expect((await deliver(await eventFor('payment_intent.succeeded', session.paymentIntentId))).status).toBe(200);
    expect(await orderCounts(session.orderId)).toEqual({ orders: 1, items: 2, transactions: 1 });
  });

  it('shows the owner and an admin their order, and reports a payment awaiting 3-D Secure as processing', async () => {
    const [owner, admin] = [crypto.randomUUID(), crypto.randomUUID()];
    await sql`insert into auth.users (id, email, aud, role) values
      (${owner}, ${owner + '@checkout.test'}, 'authenticated', 'authenticated'),
      (${admin}, ${admin + '@checkout.test'}, 'authenticated', 'authenticated')`;
    await sql`insert into admin_users (user_id) values (${admin})`;

    const session = await openCheckout(owner);
    const pending = await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_authenticationRequired' });
    expect(pending.status).toBe('requires_action');
    expect(await loadConfirmation(session.orderId, { checkoutIds: [session.checkoutId], user: null })).toEqual({ kind: 'processing' });

    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    await waitForDeliveries();
    const [row] = await sql`select user_id from orders where id = ${session.orderId}`;
    expect(row!.user_id).toBe(owner);
    expect((await loadConfirmation(session.orderId, { checkoutIds: [], user: { id: owner } })).kind).toBe('order');
    expect((await loadConfirmation(session.orderId, { checkoutIds: [], user: { id: admin } })).kind).toBe('order');
    expect((await loadConfirmation(session.orderId, { checkoutIds: [], user: { id: crypto.randomUUID() } })).kind).toBe('not_found');
  });

  it('shows an item whose product was deleted as Product Not Found, without SKU or image', async () => {
    const { ring: gone } = await insertProducts();
    const session = await createCheckout({ lines: [{ productId: gone, quantity: 3, specifications: {} }], userId: null });
    await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    await waitForDeliveries();
    await sql`delete from rings where id = ${gone}`;
    const view = await loadConfirmation(session.orderId, { checkoutIds: [session.checkoutId], user: null });
    expect(view.kind === 'order' && view.order.items.map((i) => [i.productId, i.product, i.lineTotalCents])).toEqual([
      [gone, null, 1999 * 3],
    ]);
  });

  it('answers not found for unknown ids, unpaid checkouts and orders without items', async () => {
    expect(await loadConfirmation('not-an-id', { checkoutIds: [], user: null })).toEqual({ kind: 'not_found' });
    const session = await openCheckout();
    expect(await loadConfirmation(session.orderId, { checkoutIds: [session.checkoutId], user: null })).toEqual({ kind: 'not_found' });
    const empty = crypto.randomUUID();
    const admin = crypto.randomUUID();
    await sql`insert into auth.users (id, email) values (${admin}, ${admin + '@checkout.test'})`;
    await sql`insert into admin_users (user_id) values (${admin})`;
    await sql`insert into orders (id, status, total_amount) values (${empty}, 'completed', 0)`;
    expect(await loadConfirmation(empty, { checkoutIds: [], user: { id: admin } })).toEqual({ kind: 'not_found' });
  });
});
