// Fulfilment speed: signed payment_intent.succeeded deliveries per second, each event delivered 10 times, ending with
// exactly one order per PaymentIntent. Runs on a throwaway stack of its own (BENCH_FULFILMENT_PORT_BASE, default
// 25700). The app's server modules are marked server-only, so the measuring part runs in a child Node process with
// the react-server export condition, as Next.js runs them.
//
// Two figures:
//   http:    the Stripe stand-in re-sends every event 10 times at once over HTTP to the webhook route handler
//            (served by a plain Node HTTP server; Next.js routing adds a little on top);
//   handler: the route handler called in-process with the same signed bodies, 10 duplicates each, shuffled.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { reportFromChild, runBenchChild } from './child';

const DUPLICATES = 10;
const INTENTS = Number(process.env.BENCH_FULFILMENT_INTENTS) || 200;
const PORT_BASE = Number(process.env.BENCH_FULFILMENT_PORT_BASE) || 25700;
const RESULT_TAG = 'FULFILMENT_RESULT ';
/** Rings and necklaces the bench payments buy, two each. */
const PRODUCTS = 100;

export function benchFulfilment(): Promise<Record<string, number | string>> {
  return runBenchChild(fileURLToPath(import.meta.url), RESULT_TAG);
}

async function child() {
  const { startTestStack } = await import('../tests/support/stack');
  const { stackEnv, testConfig } = await import('../local-stack/config');
  const cfg = testConfig(PORT_BASE);
  const stack = await startTestStack(cfg);
  Object.assign(process.env, stackEnv(cfg));
  process.env.DATABASE_POOL_SIZE ??= '20';

  // Imported only now: env() reads process.env once.
  const { default: postgres } = await import('postgres');
  const { createCheckout } = await import('../lib/checkout/server');
  const { createStripeClient } = await import('../lib/payments/client');
  const { POST } = await import('../app/api/stripe/webhook/route');
  const { db } = await import('../lib/core/db');
  const { default: Stripe } = await import('stripe');

  const sql = postgres(process.env.DATABASE_URL!, { max: 4, onnotice: () => {} });
  const stripe = createStripeClient({ secretKey: process.env.STRIPE_SECRET_KEY!, apiBase: process.env.STRIPE_API_BASE });
  const control = async (path: string, body?: unknown) => {
    const res = await fetch(`${process.env.STRIPE_API_BASE}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json() as Promise<Record<string, unknown>>;
  };

  // The webhook endpoint: forwards to the route handler, or (while setting up) acknowledges and drops.
  let forward = false;
  const statuses = new Map<number, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (!forward) return void res.writeHead(200).end();
      const response = await POST(
        new Request('http://localhost/api/stripe/webhook', {
          method: 'POST',
          headers: { 'stripe-signature': String(req.headers['stripe-signature'] ?? '') },
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      res.writeHead(response.status).end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`;
  await control('/__control/delivery', { webhookUrl, copies: 1, delayMs: 0, retryDelaysMs: [200, 400, 800] });

  // The products bought: a shop of many products, whose concurrent orders rarely buy the same one (round 3 also
  // measures the flash sale, every order buying the same two).
  const stamp = Date.now();
  const rings = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, moq, price_stone1)
    select 'Bench Ring ' || g, 'BENCH-' || ${stamp} || '-' || g, 'gold', 2, 129.99 from generate_series(1, ${PRODUCTS}::int) g
    returning id`;
  const necklaces = await sql<{ id: string }[]>`
    insert into necklaces (name, sku, material, n_price_18_stone1)
    select 'Bench Chain ' || g, 'BENCH-N-' || ${stamp} || '-' || g, 'silver', 58.4 from generate_series(1, ${PRODUCTS}::int) g
    returning id`;

  /** N paid PaymentIntents whose own webhook events were dropped: nothing fulfilled yet. */
  let buyers = 0;
  async function paidIntents(n: number, products: 'many' | 'same' = 'many') {
    const sessions = [];
    for (let i = 0; i < n; i++) {
      const pick = products === 'many' ? i : 0;
      const session = await createCheckout({
        lines: [
          { productId: rings[pick % PRODUCTS]!.id, quantity: 2 + (i % 3), specifications: {} },
          { productId: necklaces[(pick * 7) % PRODUCTS]!.id, quantity: 1, specifications: { size: '18' } },
        ],
        userId: null,
      });
      // The buyer's address, as checkout saves it: the fulfilment then queues the confirmation mail too. Each
      // checkout is another guest's, as concurrent payments are (one buyer's orders share their customers row).
      await sql`update checkout_sessions set email = ${`bench.buyer.${++buyers}@shop.example`} where id = ${session.checkoutId}`;
      await stripe.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
      sessions.push(session);
    }
    await control('/__control/idle');
    return sessions;
  }

  async function verify(orderIds: string[]) {
    const [row] = await sql<{ orders: number; transactions: number; distinct_payments: number; items: number }[]>`
      select (select count(*)::int from orders where id = any(${orderIds}::uuid[])) as orders,
             (select count(*)::int from transactions where order_id = any(${orderIds}::uuid[])) as transactions,
             (select count(distinct provider_transaction_id)::int from transactions where order_id = any(${orderIds}::uuid[])) as distinct_payments,
             (select count(*)::int from order_items where order_id = any(${orderIds}::uuid[])) as items`;
    const ok =
      row!.orders === orderIds.length &&
      row!.transactions === orderIds.length &&
      row!.distinct_payments === orderIds.length &&
      row!.items === orderIds.length * 2;
    if (!ok) throw new Error(`expected one order per PaymentIntent, got ${JSON.stringify(row)} for ${orderIds.length}`);
    return row!;
  }

  const results: Record<string, number | string> = { intents_per_round: INTENTS, duplicates_per_event: DUPLICATES };
  try {
    // Warm-up: connections, JIT, prepared statements.
    const warm = await paidIntents(10);
    forward = true;
    for (const s of warm) {
      const { data } = (await control(`/__control/events?payment_intent=${s.paymentIntentId}`)) as { data: { id: string; type: string }[] };
      await control(`/__control/events/${data.find((e) => e.type === 'payment_intent.succeeded')!.id}/resend`, {});
    }
    await control('/__control/idle');
    forward = false;

    // Round 1: the stand-in delivers each succeeded event 10 times at once, over HTTP.
    const http = await paidIntents(INTENTS);
    const events: string[] = [];
    for (const s of http) {
      const { data } = (await control(`/__control/events?payment_intent=${s.paymentIntentId}`)) as { data: { id: string; type: string }[] };
      events.push(data.find((e) => e.type === 'payment_intent.succeeded')!.id);
    }
    await control('/__control/delivery', { copies: DUPLICATES });
    statuses.clear();
    forward = true;
    const t1 = performance.now();
    const BATCH = 25;
    for (let i = 0; i < events.length; i += BATCH) {
      await Promise.all(events.slice(i, i + BATCH).map((id) => control(`/__control/events/${id}/resend`, {})));
    }
    await control('/__control/idle');
    const httpSeconds = (performance.now() - t1) / 1000;
    forward = false;
    await control('/__control/delivery', { copies: 1 });
    const httpDeliveries = [...statuses.values()].reduce((a, b) => a + b, 0);
    await verify(http.map((s) => s.orderId));
    results.http_deliveries = httpDeliveries;
    results.http_non_2xx = httpDeliveries - (statuses.get(200) ?? 0);
    results.http_seconds = +httpSeconds.toFixed(2);
    results.http_deliveries_per_s = Math.round(httpDeliveries / httpSeconds);

    // Round 2: the route handler in-process, 10 signed duplicates of each event, shuffled, 32 at a time.
    const direct = await paidIntents(INTENTS);
    const bodies: string[] = [];
    for (const s of direct) {
      const pi = await stripe.paymentIntents.retrieve(s.paymentIntentId);
      const body = JSON.stringify({
        id: `evt_bench_${pi.id}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object: pi },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'payment_intent.succeeded',
      });
      for (let d = 0; d < DUPLICATES; d++) bodies.push(body);
    }
    for (let i = bodies.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [bodies[i], bodies[j]] = [bodies[j]!, bodies[i]!];
    }
    const latencies: number[] = [];
    let next = 0;
    let failures = 0;
    const t2 = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: process.env.STRIPE_WEBHOOK_SECRET! });
          const start = performance.now();
          const response = await POST(
            new Request('http://localhost/api/stripe/webhook', { method: 'POST', headers: { 'stripe-signature': header }, body }),
          );
          latencies.push(performance.now() - start);
          if (response.status !== 200) failures++;
        }
      }),
    );
    const directSeconds = (performance.now() - t2) / 1000;
    await verify(direct.map((s) => s.orderId));
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => +latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
    results.handler_deliveries = bodies.length;
    results.handler_non_2xx = failures;
    results.handler_seconds = +directSeconds.toFixed(2);
    results.handler_deliveries_per_s = Math.round(bodies.length / directSeconds);
    results.handler_p50_ms = pct(50);
    results.handler_p95_ms = pct(95);
    results.handler_p99_ms = pct(99);
    results.one_order_per_payment_intent = 'yes';

    // Round 3: side by side, the shop's fulfilment (with its invoice and outbox rows) against the same statements
    // without them (bench/fulfilment-baseline.ts), each over its own paid checkouts, alternating batches of 25: first
    // with payments that buy many products (the figure), then a flash sale, every payment buying the same two
    // products, where each order waits for the one before on those products' product_sales rows.
    const { fulfilPaymentIntent } = await import('../lib/orders/fulfilment');
    const { asServiceRole } = await import('../lib/core/db');
    const { fulfilBaseline } = await import('./fulfilment-baseline');
    const facts = async (id: string) => stripe.paymentIntents.retrieve(id);
    async function sideBySide(products: 'many' | 'same') {
      const withDocs = await paidIntents(INTENTS, products);
      const baseline = await paidIntents(INTENTS, products);
      const warm = [await paidIntents(25, products), await paidIntents(25, products)] as const;
      // The rounds before left dead rows and dirty pages: cleared now, so autovacuum and the checkpointer do not
      // wake during one side's batches more than the other's.
      await sql`vacuum analyze`;
      await sql`checkpoint`;
      // Then one untimed batch a side, as many at once as a timed batch: each pooled connection has then planned
      // again (after the analyze) the statements and functions its side uses. Without it, the first timed batch, the
      // shop's, took longer than the rest.
      await Promise.all(warm[0].map(async (s) => fulfilPaymentIntent(await facts(s.paymentIntentId))));
      await Promise.all(
        warm[1].map(async (s) => {
          const pi = await facts(s.paymentIntentId);
          return asServiceRole((tx) => fulfilBaseline(tx, pi.id, pi.amount_received));
        }),
      );
      const timed = { docs: 0, base: 0 };
      // Each pair of batches (one per side, back to back) gives a ratio too: their median is what a pause of the
      // machine in one batch cannot move.
      const pairRatios: number[] = [];
      for (let i = 0; i < INTENTS; i += 25) {
        const pair = { docs: 0, base: 0 };
        for (const side of i % 50 === 0 ? (['docs', 'base'] as const) : (['base', 'docs'] as const)) {
          const batch = (side === 'docs' ? withDocs : baseline).slice(i, i + 25);
          const pis = await Promise.all(batch.map((s) => facts(s.paymentIntentId)));
          const start = performance.now();
          await Promise.all(
            pis.map((pi) =>
              side === 'docs'
                ? fulfilPaymentIntent(pi)
                : asServiceRole((tx) => fulfilBaseline(tx, pi.id, pi.amount_received)),
            ),
          );
          pair[side] = performance.now() - start;
          timed[side] += pair[side];
        }
        pairRatios.push(pair.base / pair.docs);
      }
      pairRatios.sort((a, b) => a - b);
      const medianRatio = pairRatios[Math.floor(pairRatios.length / 2)]!;
      await verify(withDocs.map((s) => s.orderId));
      const [docs] = await sql<{ invoices: number; mails: number }[]>`
        select (select count(*)::int from invoices where order_id = any(${withDocs.map((s) => s.orderId)}::uuid[])) as invoices,
               (select count(*)::int from mail_outbox where order_id = any(${withDocs.map((s) => s.orderId)}::uuid[])) as mails`;
      if (docs!.invoices !== INTENTS) throw new Error(`expected ${INTENTS} invoices, got ${docs!.invoices}`);
      return { timed, medianRatio, mails: docs!.mails };
    }
    const many = await sideBySide('many');
    results.fulfilled_per_s_with_invoice_and_mail = Math.round(INTENTS / (many.timed.docs / 1000));
    results.fulfilled_per_s_before_invoice_and_mail = Math.round(INTENTS / (many.timed.base / 1000));
    results.fulfilment_throughput_ratio = +(many.timed.base / many.timed.docs).toFixed(2);
    results.fulfilment_throughput_ratio_median_pair = +many.medianRatio.toFixed(2);
    results.outbox_rows_per_order = +(many.mails / INTENTS).toFixed(1);
    const same = await sideBySide('same');
    results.flash_sale_fulfilled_per_s_with_invoice_and_mail = Math.round(INTENTS / (same.timed.docs / 1000));
    results.flash_sale_fulfilled_per_s_before_invoice_and_mail = Math.round(INTENTS / (same.timed.base / 1000));
    results.flash_sale_fulfilment_throughput_ratio = +(same.timed.base / same.timed.docs).toFixed(2);
    results.flash_sale_fulfilment_throughput_ratio_median_pair = +same.medianRatio.toFixed(2);
  } finally {
    server.close();
    await sql.end();
    await db().end();
    await stack.stop();
  }
  return results;
}

if (process.argv.includes('--child')) {
  reportFromChild(RESULT_TAG, child);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Run on its own: node --import tsx bench/fulfilment.ts
  benchFulfilment().then((r) => console.log(r));
}
