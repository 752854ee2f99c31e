// Price groups and who sees prices, through the real routes, the API roles under row-level security (as the Data API
// runs a request) and checkout: a group's buyer pays the group's price on every surface and
// the order line records it; an anonymous visitor and a retail customer never read a group's price; where the shop
// hides prices, no route answers one to whom may not see it, and checkout refuses them. The file holds the shop
// settings lock (shop-settings-lock.ts): it changes who sees prices.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));

import { GET as search } from '@/app/api/search/route';
import { GET as choices } from '@/app/api/cart/choices/route';
import { POST as quickOrder } from '@/app/api/quick-order/route';
import { POST as estimate } from '@/app/api/shipping/estimate/route';
import { db, withActor } from '@/lib/core/db';
import { createCheckout } from '@/lib/checkout/server';
import { buyerPricing } from '@/lib/purchase/buyer';
import { CheckoutError } from '@/lib/checkout/errors';
import type { ProductSummary } from '@/lib/catalog/types';
import type { PurchaseModel } from '@/lib/purchase/selection';
import { allowedAs } from './rls-support';
import { loadCustomer } from '@/lib/admin/customers/detail';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { newCustomer, type Customer } from '../support/account-people';
import { asRequest, browser, type Browser } from '../support/next-request';
import { insertProducts, removeProducts, sql, type TestProducts } from './checkout-support';
import { holdShopSettings } from './shop-settings-lock';

let p: TestProducts;
let release: () => Promise<void>;
let groupBuyer: Customer;
let retail: Customer;
let groupId: string;
let accountId: string;

beforeAll(async () => {
  release = await holdShopSettings();
  p = await insertProducts();
  [groupBuyer, retail] = await Promise.all([newCustomer('trade-group', 'Group Buyer'), newCustomer('trade-retail', 'Retail Buyer')]);
  const [group] = await sql<{ id: string }[]>`insert into price_groups (name, percent_off) values (${`ITP ${p.tag}`}, 10) returning id`;
  groupId = group!.id;
  // The ring's first stone has a fixed price; the necklace takes the group's 10% off.
  await sql`insert into price_group_prices (group_id, product_id, category, stone, price) values (${groupId}, ${p.ring}, 'rings', 'stone1', 15)`;
  const [account] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, price_group_id)
    values (${groupBuyer.id}, 'approved', 'Group Boutique', 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })}, ${groupId})
    returning id`;
  accountId = account!.id;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${accountId}, ${groupBuyer.id}, 'owner')`;
});

afterAll(async () => {
  await sql`update shop_settings set price_visibility = 'everyone', guest_checkout = true`;
  await sql`delete from trade_accounts where id = ${accountId}`;
  await sql`delete from price_groups where id = ${groupId}`;
  await release();
  await removeProducts(p);
  await sql.end();
  await db().end();
});

const actor = (c: Customer) => ({ role: 'authenticated' as const, userId: c.id, email: c.email });
const get = (path: string) => new Request(`http://localhost${path}`);
const post = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function searchAs(who: Browser) {
  const response = await asRequest(who, () => search(get(`/api/search?q=${encodeURIComponent(p.tag)}`)));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { results: ProductSummary[] };
  return { cache: response.headers.get('cache-control'), ring: body.results.find((r) => r.id === p.ring), results: body.results };
}

async function choicesAs(who: Browser) {
  const response = await asRequest(who, () => choices(get(`/api/cart/choices?ids=${p.ring},${p.necklace}`)));
  expect(response.status).toBe(200);
  return ((await response.json()) as { models: PurchaseModel[] }).models;
}

describe('a group buyer pays the group price; others never see it', () => {
  it('knows each caller for what they are', async () => {
    const group = await buyerPricing(actor(groupBuyer), [p.ring]);
    expect(group.view).toEqual({ kind: 'group', groupId });
    expect(group.terms?.percentOff).toBe(10);
    expect(group.terms?.fixed.get(p.ring)).toEqual([{ stone: 'stone1', style: '', size: '', price: 15 }]);
    expect((await buyerPricing(actor(retail), [p.ring])).view).toEqual({ kind: 'list' });
    expect((await buyerPricing({ role: 'anon' }, [p.ring])).view).toEqual({ kind: 'list' });
  });

  it('answers search with the caller’s prices, kept private for a signed-in caller', async () => {
    const anonymous = await searchAs(browser());
    expect(anonymous.ring?.price_from).toBe(19.99);
    expect(anonymous.cache).toContain('public');
    const mine = await searchAs(groupBuyer.browser);
    expect(mine.ring).toMatchObject({ price_from: 15, default_price: 15, list_price: 19.99 });
    expect(mine.cache).toBe('private, no-store');
    const theirs = await searchAs(retail.browser);
    expect(theirs.ring?.price_from).toBe(19.99);
    expect(JSON.stringify(theirs.results)).not.toContain('"list_price"');
  });

  it("prices the cart's choices for the caller", async () => {
    const [ring] = (await choicesAs(groupBuyer.browser)).filter((m) => m.productId === p.ring);
    expect(ring!.views['stone1||']).toMatchObject({ price: 15, listPrice: 19.99 });
    expect(ring!.views['stone2||']).toMatchObject({ price: 22.05, listPrice: 24.5 });
    const [retailRing] = (await choicesAs(retail.browser)).filter((m) => m.productId === p.ring);
    expect(retailRing!.views['stone1||']).toEqual(expect.objectContaining({ price: 19.99 }));
    expect(retailRing!.views['stone1||']).not.toHaveProperty('listPrice');
  });

  it("resolves quick order lines at the caller's prices", async () => {
    const response = await asRequest(groupBuyer.browser, () => quickOrder(post('/api/quick-order', { lines: [{ sku: `${p.tag}-N`, quantity: 2 }] })));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { models: Record<string, PurchaseModel> };
    expect(body.models[p.necklace]!.views['stone1|necklace|18']).toMatchObject({ price: 40.95, listPrice: 45.5 });
  });

  it('charges the group price at checkout and records the group and the rule on each line', async () => {
    const session = await createCheckout({
      userId: groupBuyer.id,
      lines: [
        { productId: p.ring, quantity: 3, specifications: { stoneType: 'stone1' } },
        { productId: p.necklace, quantity: 1, specifications: { stoneType: 'stone1', style: 'necklace', size: '18' } },
      ],
    });
    const [record] = await sql<{ lines: Array<{ unitPriceCents: number; priceRule: string; priceGroup: { id: string; name: string } | null }>; amount: number }[]>`
      select lines, amount from checkout_sessions where id = ${session.checkoutId}`;
    expect(record!.lines.map((l) => [l.unitPriceCents, l.priceRule, l.priceGroup?.id])).toEqual([
      [1500, 'group_fixed', groupId],
      [4095, 'group_percent', groupId],
    ]);
    expect(Number(record!.amount)).toBe(1500 * 3 + 4095);
    const retailSession = await createCheckout({ userId: retail.id, lines: [{ productId: p.ring, quantity: 3, specifications: { stoneType: 'stone1' } }] });
    const [retailRecord] = await sql<{ amount: number }[]>`select amount from checkout_sessions where id = ${retailSession.checkoutId}`;
    expect(Number(retailRecord!.amount)).toBe(1999 * 3);
  });

  it("shows staff the customer's account and group on the customer's page", async () => {
    const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
    const detail = await loadCustomer({ role: 'authenticated', userId: admin!.id, email: DEMO_USERS.admin.email }, groupBuyer.id, 1);
    expect(detail?.trade).toEqual({ accountId, businessName: 'Group Boutique', status: 'approved', role: 'owner', groupName: `ITP ${p.tag}`, percentOff: 10 });
    expect((await loadCustomer({ role: 'authenticated', userId: admin!.id, email: DEMO_USERS.admin.email }, retail.id, 1))?.trade).toBeNull();
  });

  it("keeps a group's prices from the API roles of everyone outside it (row-level security)", async () => {
    // What the Data API runs for a request: the caller's role and claims (lib/core/db's withActor, as PostgREST does).
    for (const who of [{ role: 'anon' as const }, actor(retail)]) {
      expect(await allowedAs(who, (tx) => tx`select id, percent_off from price_groups where id = ${groupId}`)).toBe(false);
      expect(await allowedAs(who, (tx) => tx`select price from price_group_prices where group_id = ${groupId}`)).toBe(false);
      expect(await allowedAs(who, (tx) => tx`update trade_accounts set price_group_id = ${groupId} where id = ${accountId}`)).toBe(false);
    }
    expect(await allowedAs(actor(groupBuyer), (tx) => tx`select price from price_group_prices where group_id = ${groupId}`)).toBe(true);
    // A buyer may not move their own account into a group, or approve it.
    await expect(withActor(actor(groupBuyer), (tx) => tx`update trade_accounts set status = 'pending', price_group_id = null where id = ${accountId}`)).rejects.toThrow(
      /Only staff decide/,
    );
  });
});

describe('where the shop shows prices to approved trade accounts only', () => {
  beforeAll(async () => {
    await sql`update shop_settings set price_visibility = 'trade'`;
    // The routes read the setting through a per-process copy that a revalidation drops; tests wait out its second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  });
  afterAll(async () => {
    await sql`update shop_settings set price_visibility = 'everyone'`;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  });

  it('answers no price to a visitor or a retail customer, on any route', async () => {
    for (const [who, gate] of [[browser(), 'sign_in'], [retail.browser, 'apply']] as const) {
      const found = await searchAs(who);
      expect(found.results.length).toBeGreaterThan(0);
      expect(found.results.every((r) => r.price_from === null && r.default_price === null && r.price_gate === gate)).toBe(true);
      expect(JSON.stringify(found.results)).not.toMatch(/19\.99|"list_price"/);
      const models = await choicesAs(who);
      expect(models.every((m) => m.cartProduct.price === null && Object.values(m.views).every((v) => v.price === null))).toBe(true);
      const ordered = await asRequest(who, () => quickOrder(post('/api/quick-order', { lines: [{ sku: `${p.tag}-R`, quantity: 3 }] })));
      expect(ordered.status).toBe(403);
      const estimated = await asRequest(who, () =>
        estimate(post('/api/shipping/estimate', { lines: [{ productId: p.ring, quantity: 3, specifications: {} }], country: 'US', postalCode: '10001' })),
      );
      expect(estimated.status).toBe(403);
    }
    expect((await searchAs(groupBuyer.browser)).ring?.price_from).toBe(15);
  });

  it('refuses checkout to whom may not see prices', async () => {
    const lines = [{ productId: p.ring, quantity: 3, specifications: { stoneType: 'stone1' as const } }];
    await expect(createCheckout({ userId: null, lines })).rejects.toMatchObject({ status: 403, code: 'prices_hidden' });
    await expect(createCheckout({ userId: retail.id, lines })).rejects.toBeInstanceOf(CheckoutError);
    await expect(createCheckout({ userId: groupBuyer.id, lines })).resolves.toHaveProperty('checkoutId');
  });
});

describe('where guests may not check out', () => {
  it('asks a guest to sign in, and lets a signed-in buyer pay', async () => {
    await sql`update shop_settings set guest_checkout = false`;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    try {
      const lines = [{ productId: p.ring, quantity: 3, specifications: { stoneType: 'stone1' as const } }];
      await expect(createCheckout({ userId: null, lines })).rejects.toMatchObject({ status: 401, code: 'sign_in_required' });
      await expect(createCheckout({ userId: retail.id, lines })).resolves.toHaveProperty('checkoutId');
    } finally {
      await sql`update shop_settings set guest_checkout = true`;
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    }
  });
});
