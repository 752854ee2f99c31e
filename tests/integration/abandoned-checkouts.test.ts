// Abandoned checkouts: open records older than 24 h are expired and their PaymentIntents canceled at Stripe; fresh
// and finished ones are left alone; a PaymentIntent paid late is fulfilled rather than canceled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/core/db';
import { createCheckout } from '@/lib/checkout/server';
import { sweepAbandonedCheckouts } from '@/lib/maintenance/checkouts';
import { runMaintenance } from '@/lib/maintenance/schedule';
import { insertProducts, orderCounts, sdk, setDelivery, sql, waitForDeliveries, type TestProducts, removeProducts, restoreDelivery } from './checkout-support';

let p: TestProducts;

beforeAll(async () => {
  p = await insertProducts();
  // Nobody listens for webhooks here: deliveries are dropped at once.
  await setDelivery({ webhookUrl: 'http://127.0.0.1:9/none', retryDelaysMs: [] });
});
afterAll(async () => {
  await removeProducts(p);
  await waitForDeliveries();
  await restoreDelivery();
  await sql.end();
  await db().end();
});

async function checkoutAged(hours: number) {
  const session = await createCheckout({ lines: [{ productId: p.ring, quantity: 3, specifications: {} }], userId: null });
  await sql`update checkout_sessions set created_at = now() - make_interval(hours => ${hours}) where id = ${session.checkoutId}`;
  return session;
}

const statusOf = async (checkoutId: string) =>
  (await sql<{ status: string; intent_canceled_at: Date | null }[]>`
    select status, intent_canceled_at from checkout_sessions where id = ${checkoutId}`)[0]!;

describe('abandoned checkouts', () => {
  it('expires open checkouts after 24 h and cancels their PaymentIntents, once', async () => {
    const old = await checkoutAged(25);
    const fresh = await checkoutAged(23);
    const finished = await checkoutAged(30);
    await sql`update checkout_sessions set status = 'completed' where id = ${finished.checkoutId}`;

    const sweep = await sweepAbandonedCheckouts();
    expect(sweep.canceled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(old.checkoutId)).toMatchObject({ status: 'expired', intent_canceled_at: expect.any(Date) });
    const intent = await sdk.paymentIntents.retrieve(old.paymentIntentId);
    expect(intent).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });

    expect(await statusOf(fresh.checkoutId)).toMatchObject({ status: 'open', intent_canceled_at: null });
    expect((await sdk.paymentIntents.retrieve(fresh.paymentIntentId)).status).toBe('requires_payment_method');
    expect((await statusOf(finished.checkoutId)).status).toBe('completed');

    // A second run (another server) finds nothing left to cancel.
    const again = await sweepAbandonedCheckouts();
    expect(again).toEqual({ canceled: 0, fulfilled: 0, deferred: 0 });
  });

  it('lets two servers sweep at once without canceling one PaymentIntent twice', async () => {
    const sessions = await Promise.all([checkoutAged(48), checkoutAged(48), checkoutAged(48)]);
    const [a, b] = await Promise.all([sweepAbandonedCheckouts(), sweepAbandonedCheckouts()]);
    expect(a.canceled + b.canceled).toBe(3);
    for (const s of sessions) expect((await sdk.paymentIntents.retrieve(s.paymentIntentId)).status).toBe('canceled');
  });

  it('fulfils a PaymentIntent that was paid late instead of canceling it', async () => {
    const late = await checkoutAged(26);
    await sdk.paymentIntents.confirm(late.paymentIntentId, { payment_method: 'pm_card_visa' });
    const sweep = await sweepAbandonedCheckouts();
    expect(sweep.fulfilled).toBe(1);
    expect((await statusOf(late.checkoutId)).status).toBe('completed');
    expect(await orderCounts(late.orderId)).toEqual({ orders: 1, items: 1, transactions: 1 });
    expect((await sdk.paymentIntents.retrieve(late.paymentIntentId)).status).toBe('succeeded');
  });

  it('the maintenance run also purges day-old rate-limit counters', async () => {
    await sql`insert into rate_limits (key, window_start, hits) values ('sweep-test-old', now() - interval '2 days', 3)
              on conflict (key) do update set window_start = excluded.window_start`;
    await runMaintenance();
    expect(await sql`select 1 from rate_limits where key = 'sweep-test-old'`).toHaveLength(0);
  });
});
