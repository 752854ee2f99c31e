// The cart's shipping estimate through its route, on the real schema: the demo's methods priced for the goods and
// weight the product rows give (never the browser's), a US ZIP code's state reaching a state's zone, no method for
// a country nobody ships to, clear 400s, the rate limit, and a signed-in buyer's saved address to start from.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));

import { GET, POST } from '@/app/api/shipping/estimate/route';
import { CLIENT_ADDRESS_HEADER } from '@/lib/core/http/client-address.mjs';
import { db } from '@/lib/core/db';
import { RATE_RULES } from '@/lib/core/rate-limit';
import { NO_SHIPPING_MESSAGE, UNKNOWN_PRODUCT_MESSAGE } from '@/lib/shipping/estimate';
import { ZIP_MESSAGE } from '@/lib/shipping/postal';
import { SEED_SHIPPING_METHODS } from '@/supabase/seed/shop-settings';
import { newCustomer } from '../support/account-people';
import { asRequest, browser } from '../support/next-request';
import { sql } from './checkout-support';
import { holdShopSettings } from './shop-settings-lock';

const TAG = `SHIP-${randomUUID().slice(0, 8)}`.toUpperCase();
const [GROUND, AIR, WORLD] = SEED_SHIPPING_METHODS.map((m) => m.name);
const COURIER = `Chicago courier ${TAG}`;
/** The courier this file adds; with the seeded methods, the rates the answers are read for. */
const methodIds: string[] = [];
const shownIds: string[] = [];
let release: () => Promise<void>;
const ids = { hundred: '', almost: '', draft: '' };

beforeAll(async () => {
  // The demo's three methods are seeded; one for Illinois only comes after them. The file holds the shop settings
  // lock (shop-settings-lock.ts), so no checkout test sees the Illinois courier.
  release = await holdShopSettings();
  const [{ last } = { last: 0 }] = await sql<{ last: number }[]>`select coalesce(max(position), 0) as last from shipping_methods`;
  const methods = [{ name: COURIER, zones: ['US-IL'], basis: 'value', bands: [{ from: 0, cents: 900 }], freeOverCents: null, handlingCents: 0 }];
  const seeded = await sql<{ id: string }[]>`
    select id from shipping_methods where name in ${sql(SEED_SHIPPING_METHODS.map((m) => m.name))} and active order by position`;
  shownIds.push(...seeded.map((r) => r.id));
  for (const [i, m] of methods.entries()) {
    const [row] = await sql<{ id: string }[]>`
      insert into shipping_methods (name, zones, basis, bands, free_over_cents, handling_cents, position)
      values (${m.name}, ${m.zones as string[]}, ${m.basis}, ${sql.json(m.bands as never)}, ${m.freeOverCents}, ${m.handlingCents}, ${last + 1 + i})
      returning id`;
    methodIds.push(row!.id);
    shownIds.push(row!.id);
  }
  const ring = async (name: string, price: number, status = 'active') => {
    const [row] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, moq, price_stone1, weight, status)
      values (${name}, ${`${TAG}-${name}`}, 'gold', 1, ${price}, 4.5, ${status}) returning id`;
    return row!.id;
  };
  ids.hundred = await ring('Hundred Band', 100);
  ids.almost = await ring('Almost Band', 1499.99);
  ids.draft = await ring('Draft Band', 100, 'draft');
});

afterAll(async () => {
  await sql`delete from shipping_methods where id = any(${methodIds}::uuid[])`;
  await release();
  await sql`delete from rings where sku like ${TAG + '%'}`;
  await sql.end();
  await db().end();
});

const address = () => `10.9.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

async function estimate(body: unknown, from = address()) {
  const request = new Request('http://localhost/api/shipping/estimate', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: from },
    body: JSON.stringify(body),
  });
  // An anonymous visitor's request (the route prices the goods for its caller).
  const response = await asRequest(browser(from), () => POST(request));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const cart = (lines: [string, number][], country = 'US', postalCode = '10001') => ({
  lines: lines.map(([productId, quantity]) => ({ productId, quantity, specifications: {} })),
  country,
  postalCode,
});

/** The rates of this file's methods, as [name, cents, free]. */
function rates(body: Record<string, unknown>) {
  const all = body.rates as { methodId: string; name: string; cents: number; free: boolean }[];
  return all.filter((r) => shownIds.includes(r.methodId)).map((r) => [r.name, r.cents, r.free]);
}

describe('POST /api/shipping/estimate', () => {
  it('prices a $100 cart to a US ZIP code by the demo’s methods', async () => {
    const { status, body } = await estimate(cart([[ids.hundred, 1]]));
    expect(status).toBe(200);
    expect(rates(body)).toEqual([
      [GROUND, 1500, false],
      [AIR, 4000, false],
    ]);
    expect(body).toMatchObject({ goodsCents: 10_000, grams: 5, message: null });
  });

  it('ships Ground free from $1,500 of goods, and not one cent below', async () => {
    const at = await estimate(cart([[ids.hundred, 15]]));
    expect(rates(at.body)).toEqual([
      [GROUND, 0, true],
      [AIR, 6000, false],
    ]);
    const below = await estimate(cart([[ids.almost, 1]]));
    expect(below.body.goodsCents).toBe(149_999);
    expect(rates(below.body)).toEqual([
      [GROUND, 3500, false],
      [AIR, 6000, false],
    ]);
  });

  it('prices from the product rows, whatever price the browser sends', async () => {
    const forged = cart([[ids.hundred, 15]]);
    const lines = forged.lines.map((l) => ({ ...l, unitPriceCents: 1, price: 0.01, weight: 0 }));
    const { body } = await estimate({ ...forged, lines, goodsCents: 1 });
    expect(body).toMatchObject({ goodsCents: 150_000, grams: 68 });
  });

  it('reaches a state’s zone from the ZIP code alone', async () => {
    expect(rates((await estimate(cart([[ids.hundred, 1]], 'US', '60601-4321'))).body)).toEqual([
      [GROUND, 1500, false],
      [AIR, 4000, false],
      [COURIER, 900, false],
    ]);
    expect(rates((await estimate(cart([[ids.hundred, 1]], 'US', '53703'))).body).map((r) => r[0])).toEqual([GROUND, AIR]);
  });

  it('prices the worldwide method by weight for Canada', async () => {
    // 10 × 4.5 g = 45 g, then 250 × 4.5 g = 1,125 g: the band from 1 kg. Handling $10.00 on each.
    expect(rates((await estimate(cart([[ids.hundred, 10]], 'CA', 'K1A 0B1'))).body)).toEqual([[WORLD, 7500, false]]);
    const heavy = await estimate(cart([[ids.hundred, 250]], 'ca', ''));
    expect(heavy.body.grams).toBe(1125);
    expect(rates(heavy.body)).toEqual([[WORLD, 10_500, false]]);
  });

  it('says so when no method reaches the country', async () => {
    const { status, body } = await estimate(cart([[ids.hundred, 1]], 'BR', '01310-100'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ rates: [], message: NO_SHIPPING_MESSAGE });
  });

  it('refuses a bad ZIP code with 400 and the words for it', async () => {
    for (const zip of ['1234', '', 'ABCDE', '00001']) {
      const { status, body } = await estimate(cart([[ids.hundred, 1]], 'US', zip));
      expect(status, zip).toBe(400);
      expect(body).toMatchObject({ error: ZIP_MESSAGE, details: { postalCode: ZIP_MESSAGE } });
    }
    const country = await estimate(cart([[ids.hundred, 1]], 'Canada', 'K1A 0B1'));
    expect(country).toMatchObject({ status: 400, body: { error: 'Please choose a country.' } });
  });

  it('refuses products that are not sold, and malformed carts, with 400', async () => {
    for (const productId of [randomUUID(), ids.draft]) {
      const { status, body } = await estimate(cart([[ids.hundred, 1], [productId, 1]]));
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: UNKNOWN_PRODUCT_MESSAGE, code: 'unknown_product' });
    }
    expect(await estimate(cart([]))).toMatchObject({ status: 400, body: { error: 'Invalid cart: lines: Your cart is empty.' } });
    expect((await estimate(cart([[ids.hundred, 0]]))).status).toBe(400);
    expect((await estimate(cart([['not-a-product', 1]]))).status).toBe(400);
  });

  it('counts each address’s estimates against the limit', async () => {
    const from = address();
    const { limit } = RATE_RULES.shippingEstimatePerAddress;
    for (let i = 0; i < limit; i++) expect((await estimate(cart([[ids.hundred, 1]]), from)).status).toBe(200);
    const refused = await estimate(cart([[ids.hundred, 1]]), from);
    expect(refused.status).toBe(429);
    expect((await estimate(cart([[ids.hundred, 1]]))).status).toBe(200);
  });
});

describe('GET /api/shipping/estimate', () => {
  const saved = async (who = browser()) => (await (await asRequest(who, () => GET(new Request('http://localhost/api/shipping/estimate')))).json()) as unknown;

  it('gives a signed-in customer’s default shipping country and postal code, and a guest nothing', async () => {
    const customer = await newCustomer('ship-est', 'Estimate Buyer');
    expect(await saved(customer.browser)).toEqual({ destination: null });
    await sql`
      insert into user_addresses (user_id, address_type, address_line1, city, state, postal_code, country, is_default)
      values (${customer.id}, 'shipping', '1 Lake St', 'Chicago', 'IL', '60601', 'US', true),
             (${customer.id}, 'billing', '9 Bay St', 'Toronto', 'ON', 'M5J 2N8', 'CA', true)`;
    expect(await saved(customer.browser)).toEqual({ destination: { country: 'US', postalCode: '60601' } });
    expect(await saved()).toEqual({ destination: null });
  });
});
