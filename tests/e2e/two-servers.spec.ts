// Two `next start` servers on one build and one database, as behind a load balancer: journeys alternate between
// them, and a payment confirmed by the webhook on one and the confirmation page on the other gives one order
// (two-servers-admin.spec.ts: a back-office save on one is fresh on the other).
import { expect, test, type BrowserContext } from '@playwright/test';
import postgres from 'postgres';
import { fillCard, fillShipping } from './support/checkout-form';
import { serverA, serverB, uniqueAddress } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });

/**
 * A round-robin load balancer in front of both servers. Pages (documents) come from A, so the browser keeps one
 * origin for its CSP and its cart; everything the pages then ask for — scripts, client-side navigations, the checkout
 * API — goes to A or B in turn, with the forwarding headers a proxy adds. Returns who answered what.
 */
async function balance(context: BrowserContext, address: string) {
  const host = new URL(serverA).host;
  const served: { url: string; server: 'A' | 'B' }[] = [];
  let turn = 0;
  await context.route(`${serverA}/**`, async (route) => {
    const request = route.request();
    const toB = request.resourceType() !== 'document' && turn++ % 2 === 1;
    served.push({ url: request.url(), server: toB ? 'B' : 'A' });
    const headers = { ...request.headers(), 'x-forwarded-for': address, 'x-forwarded-host': host };
    await route.continue({ url: toB ? request.url().replace(serverA, serverB) : undefined, headers });
  });
  return served;
}

test.describe('two app servers @desktop-only', () => {
  test('storefront and checkout alternate between both; the webhook on A and the page on B give one order', async ({ page, context }) => {
    test.setTimeout(120_000);
    const served = await balance(context, uniqueAddress());
    const [ring] = await sql<{ id: string; name: string }[]>`
      select id, name from rings where price_stone1 > 0 and coalesce(moq, 1) <= 5 order by created_at desc limit 1`;

    await page.goto('/');
    await page.goto('/category/rings');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.goto(`/rings/${ring!.id}`);
    await expect(page.getByRole('heading', { name: ring!.name })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await page.goto('/checkout');
    await fillShipping(page);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    // Both servers answered the checkout API (session and address) and other requests of the journey.
    const api = served.filter((s) => s.url.includes('/api/checkout/'));
    expect(api.length).toBeGreaterThanOrEqual(2);
    expect(new Set(served.filter((s) => !s.url.includes('/_next/static/')).map((s) => s.server))).toEqual(new Set(['A', 'B']));

    // The stand-in delivered payment_intent.succeeded to A (SITE_URL); the confirmation opened straight on B.
    const orderId = page.url().split('/').pop()!;
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${serverB}/order-confirmation/${orderId}`);
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    const [counts] = await sql<{ orders: number; transactions: number; pi: string }[]>`
      select (select count(*)::int from orders where id = ${orderId}) as orders,
             (select count(*)::int from transactions where order_id = ${orderId}) as transactions,
             (select payment_intent_id from checkout_sessions where order_id = ${orderId}) as pi`;
    expect(counts).toMatchObject({ orders: 1, transactions: 1 });
    await expect
      .poll(async () => {
        const res = await fetch(`${process.env.STRIPE_API_BASE}/__control/events?payment_intent=${counts!.pi}`, {
          headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}` },
        });
        const { data } = (await res.json()) as { data: { type: string; delivered: boolean }[] };
        return data.some((e) => e.type === 'payment_intent.succeeded' && e.delivered);
      })
      .toBe(true);
    expect((await sql`select count(*)::int as n from transactions where provider_transaction_id = ${counts!.pi}`)[0]!.n).toBe(1);
  });
});
