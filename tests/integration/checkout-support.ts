// Shared by the checkout integration tests: products of their own, the real Stripe SDK against the stand-in, a
// signed event builder, and a local HTTP endpoint that hands the stand-in's webhook deliveries to the app's route.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import Stripe from 'stripe';
import { createStripeClient } from '@/lib/payments/client';
import { POST as webhookPOST } from '@/app/api/stripe/webhook/route';
import type { Address } from '@/lib/checkout/address';

export const sql = postgres(process.env.DATABASE_URL!, { max: 4, onnotice: () => {} });
export const sdk = createStripeClient({ secretKey: process.env.STRIPE_SECRET_KEY!, apiBase: process.env.STRIPE_API_BASE });
const SECRET = process.env.STRIPE_WEBHOOK_SECRET!;

export interface TestProducts {
  ring: string;
  necklace: string;
  tag: string;
}

/** A ring (MOQ 3, two stones) and a necklace that is also sold as a bracelet. */
export async function insertProducts(): Promise<TestProducts> {
  const tag = `ITC-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, stone_details, moq, price_stone1, price_stone2)
    values ('Checkout Ring', ${tag + '-R'}, 'gold', ${sql.json({ Stone1: 'Ruby', Stone2: 'Sapphire' })}, 3, 19.99, 24.50)
    returning id`;
  const [necklace] = await sql<{ id: string }[]>`
    insert into necklaces (name, sku, material, is_bracelet, n_price_18_stone1, n_price_20_stone1, b_price_7_stone1)
    values ('Checkout Chain', ${tag + '-N'}, 'silver', true, 45.50, 48.25, 30.10)
    returning id`;
  return { ring: ring!.id, necklace: necklace!.id, tag };
}

/**
 * Takes a file's test products out of the catalog again, so files that run later (the judged search queries) see
 * the seeded catalog rather than every earlier file's 'Checkout Chain'. Orders keep their items: nothing refers to
 * the product rows.
 */
export async function removeProducts(p: TestProducts): Promise<void> {
  await sql`delete from rings where id = ${p.ring}`;
  await sql`delete from necklaces where id = ${p.necklace}`;
}

export const ADDRESS: Address = {
  full_name: 'Grace Hopper',
  address_line1: '1 Compiler Way',
  address_line2: 'Suite 2',
  city: 'Arlington',
  state: 'VA',
  postal_code: '22201',
  country: 'US',
  phone: '+1 (555) 010-0100',
};

/** A signed `Stripe-Signature` header, as Stripe makes it. */
export function signature(payload: string, secret = SECRET, timestamp?: number): string {
  return sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** An event body for a PaymentIntent as it is now in the stand-in. */
export async function eventFor(type: string, paymentIntentId: string, patch: Partial<Stripe.PaymentIntent> = {}) {
  const pi = await sdk.paymentIntents.retrieve(paymentIntentId);
  return JSON.stringify({
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...pi, ...patch } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** Calls the webhook route handler exactly as Next.js would. */
export function deliver(body: string, header: string | null = signature(body)): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (header !== null) headers.set('stripe-signature', header);
  return webhookPOST(new Request('http://localhost/api/stripe/webhook', { method: 'POST', headers, body }));
}

async function control(path: string, init: RequestInit = {}) {
  const res = await fetch(`${process.env.STRIPE_API_BASE}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}`, 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`stand-in control ${path}: ${res.status}`);
  return res.json();
}

export const setDelivery = (mode: { copies?: number; delayMs?: number; webhookUrl?: string; retryDelaysMs?: number[] }) =>
  control('/__control/delivery', { method: 'POST', body: JSON.stringify(mode) });
export const waitForDeliveries = () => control('/__control/idle');
/**
 * Back to the stand-in's delivery as the shop's own webhook gets it, for the suites that came after. This suite's
 * deliveries finish first: one still retrying would go on, at the long delays, into the next suite's wait.
 */
export async function restoreDelivery(): Promise<void> {
  await waitForDeliveries();
  await setDelivery({ webhookUrl: `${process.env.SITE_URL}/api/stripe/webhook`, retryDelaysMs: [1000, 2000, 4000, 8000, 16000, 30000] });
}
export const eventsFor = (paymentIntent: string) =>
  control(`/__control/events?payment_intent=${paymentIntent}`) as Promise<{
    data: { type: string; attempts: { status: number | null }[]; delivered: boolean }[];
  }>;

/**
 * An HTTP endpoint for the stand-in's deliveries. `forward` on: each delivery goes to the app's webhook route (the
 * real code path); off: it is acknowledged and dropped, as if the app were slow to hear from Stripe.
 */
export interface WebhookEndpoint {
  url: string;
  forward: boolean;
  statuses: number[];
  close(): Promise<void>;
}

export async function startWebhookEndpoint(): Promise<WebhookEndpoint> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!endpoint.forward) {
        res.writeHead(200).end();
        return;
      }
      const response = await deliver(body, (req.headers['stripe-signature'] as string | undefined) ?? null);
      endpoint.statuses.push(response.status);
      res.writeHead(response.status, { 'content-type': 'application/json' }).end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint: WebhookEndpoint = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`,
    forward: true,
    statuses: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return endpoint;
}

export async function orderCounts(orderId: string) {
  const [row] = await sql<{ orders: number; items: number; transactions: number }[]>`
    select (select count(*)::int from orders where id = ${orderId}) as orders,
           (select count(*)::int from order_items where order_id = ${orderId}) as items,
           (select count(*)::int from transactions where order_id = ${orderId}) as transactions`;
  return row!;
}

export async function checkoutRow(checkoutId: string) {
  const [row] = await sql<{ status: string; last_payment_error: string | null; payment_failures: number; amount: string }[]>`
    select status, last_payment_error, payment_failures, amount from checkout_sessions where id = ${checkoutId}`;
  return row!;
}
