// The Shipping and the Tax and minimum order sections of the settings screen, and a customer's tax exemption, with
// real sessions from the Auth stand-in: refused to visitors and customers; bad input (a bad zone, bands out of order,
// a bad tax code, an exemption without a reason) refused with its message beside the field; each refusal writes
// nothing, history included. As the admin, a method is added, changed, moved and removed, each with its history row
// in words; the tax settings are saved and the minimum order is then enforced at checkout; an account is made exempt
// (its checkout is then charged no tax, saying why) and back, and a guest is refused. The file holds the shop
// settings lock (shop-settings-lock.ts): what it changes is shared by every checkout test.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import { setCustomerTaxExempt } from '@/lib/admin/customers/actions';
import { loadCustomer } from '@/lib/admin/customers/detail';
import { TAX_EXEMPT_TEXT } from '@/lib/admin/customers/labels';
import { deleteShippingMethod, reorderShippingMethods, saveShippingMethod, updateCheckoutSettings } from '@/lib/admin/settings/actions';
import { loadSettingsScreen } from '@/lib/admin/settings/screen';
import { SHIPPING_TEXT, TAX_TEXT } from '@/lib/admin/settings/shipping-fields';
import type { CheckoutSettingsInput, ShippingMethodInput } from '@/lib/admin/settings/shipping-schema';
import { SHOP_SETTINGS_TAG } from '@/lib/core/cache/tags';
import type { DbActor } from '@/lib/core/db';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { createCheckout } from '@/lib/checkout/server';
import { priceDelivery } from '@/lib/checkout/delivery';
import { ADDRESS, sql } from './checkout-support';
import { holdShopSettings } from './shop-settings-lock';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

const TAG = randomUUID().slice(0, 6);
const NAME = `Courier ${TAG}`;
const guestEmail = `guest-${TAG}@shipping.test`;
const guestKey = `g-${createHash('md5').update(guestEmail).digest('hex')}`;

let who: Callers;
let admin: DbActor;
let customerKey: string;
let seededOrder: { id: string; position: number }[];
let seededTax: Record<string, unknown>;
let guestOrder: string;

const METHOD: ShippingMethodInput = {
  id: null,
  name: NAME,
  zones: 'us-ak, US-HI, nz',
  basis: 'value',
  bands: [{ from: '0', price: '12.50' }, { from: '500', price: '20' }],
  freeOver: '$2,000',
  handling: '2.5',
  active: true,
};

const TAX: CheckoutSettingsInput = {
  taxEnabled: true,
  taxCodes: { rings: 'txcd_99999999', necklaces: '', bracelets: '', earrings: 'txcd_30011000', body_jewelry: '' },
  shipFrom: { line1: '9 Foundry Lane', city: 'Providence', state: 'RI', postalCode: '02903', country: 'US' },
  // Below every other test's cart, so a checkout test running beside this file is not refused.
  minOrder: '0.60',
};

/** Everything these actions could write, as one hash: equal before and after = nothing written. */
const state = async () => {
  const [row] = await sql<{ fp: string }[]>`
    select md5(concat_ws('|',
      (select string_agg(row_to_json(m)::text, ',' order by id) from shipping_methods m),
      (select md5(row_to_json(s)::text) from shop_settings s),
      (select count(*)::text from shop_settings_events),
      (select string_agg(key || tax_exempt::text || coalesce(tax_exempt_reason, ''), ',' order by key) from customers where tax_exempt or key = ${guestKey})
    )) as fp`;
  return row!.fp;
};

const lastEvent = async () => (await sql<[{ id: number }]>`select coalesce(max(id), 0)::int as id from shop_settings_events`)[0].id;
const eventsAfter = (id: number) =>
  sql<{ field: string; from_value: string | null; to_value: string | null; actor_email: string | null }[]>`
    select field, from_value, to_value, actor_email from shop_settings_events where id > ${id} order by id`;
const ours = () => sql<{ id: string; zones: string[]; bands: unknown; free_over_cents: string | null; handling_cents: string; position: number; active: boolean }[]>`
  select id, zones, bands, free_over_cents, handling_cents, position, active from shipping_methods where name = ${NAME}`;

let release: () => Promise<void>;
let cheap: string;

beforeAll(async () => {
  release = await holdShopSettings();
  who = await callers();
  const [stud] = await sql<{ id: string }[]>`
    insert into earrings (name, sku, earring_type, material, price_stone1) values ('Minimum Stud', ${'SHP-MIN-' + TAG}, 'Stud', 'silver', 0.5)
    returning id`;
  cheap = stud!.id;
  const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  admin = { role: 'authenticated', userId: user!.id, email: DEMO_USERS.admin.email };
  const [buyer] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
  customerKey = buyer!.id;
  seededOrder = await sql<{ id: string; position: number }[]>`select id, position from shipping_methods`;
  const [tax] = await sql<Record<string, unknown>[]>`select tax_enabled, tax_codes, ship_from, min_order_cents from shop_settings`;
  seededTax = tax!;
  const [order] = await sql<{ id: string }[]>`
    insert into orders (order_reference, customer_name, customer_email, customer_phone, status, total_amount, shipping_address)
    values (${'SHP-' + TAG.toUpperCase()}, 'Guest Buyer', ${guestEmail}, '+1 555 0100', 'completed', 5000,
            ${sql.json({ full_name: 'Guest Buyer', address_line1: '1 Test Way', address_line2: '', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US', phone: '+1 555 0100' })})
    returning id`;
  guestOrder = order!.id;
});

afterAll(async () => {
  await sql`delete from shipping_methods where name like ${'%' + TAG + '%'}`;
  for (const m of seededOrder) await sql`update shipping_methods set position = ${m.position} where id = ${m.id}`;
  const t = seededTax;
  await sql`update shop_settings set tax_enabled = ${t.tax_enabled as boolean}, tax_codes = ${sql.json(t.tax_codes as never)},
            ship_from = ${t.ship_from === null ? null : sql.json(t.ship_from as never)}, min_order_cents = ${t.min_order_cents as string | null}`;
  await sql`update customers set tax_exempt = false, tax_exempt_reason = null where key = ${customerKey}`;
  await sql`delete from orders where id = ${guestOrder}`;
  await sql`delete from earrings where id = ${cheap}`;
  await release();
  await closeSupport();
});

describe('who may change shipping, tax and exemptions', () => {
  it('refuses a visitor (401) and a customer (403) every action, and writes nothing', async () => {
    const before = await state();
    const calls: (() => Promise<unknown>)[] = [
      () => saveShippingMethod(METHOD),
      () => deleteShippingMethod({ id: seededOrder[0]!.id }),
      () => reorderShippingMethods({ ids: [...seededOrder].reverse().map((m) => m.id) }),
      () => updateCheckoutSettings(TAX),
      () => setCustomerTaxExempt({ key: customerKey, exempt: true, reason: 'Resale certificate on file' }),
    ];
    for (const call of calls) {
      expect(await as(who.anon, call)).toMatchObject({ ok: false, status: 401 });
      expect(await as(who.customer, call)).toMatchObject({ ok: false, status: 403, error: 'You do not have admin permissions' });
    }
    expect(await state()).toBe(before);
  });
});

describe('bad input', () => {
  it('is refused with its message beside the field, and nothing is written', async () => {
    const before = await state();
    const cases: [() => Promise<unknown>, string, string][] = [
      [() => saveShippingMethod({ ...METHOD, zones: 'US, Illinois' }), 'zones', '“ILLINOIS” is not a zone. A zone is a country code (US) or a US state (US-IL).'],
      [() => saveShippingMethod({ ...METHOD, bands: [{ from: '0', price: '10' }, { from: '500', price: '20' }, { from: '100', price: '30' }] }), 'bands', 'Each band must start above the one before it.'],
      [() => saveShippingMethod({ ...METHOD, bands: [{ from: '5', price: '10' }] }), 'bands', 'The first band must start at 0.'],
      [() => saveShippingMethod({ ...METHOD, handling: 'two dollars' }), 'handling', SHIPPING_TEXT.badAmount],
      [() => updateCheckoutSettings({ ...TAX, taxCodes: { ...TAX.taxCodes, rings: 'txcd_9999' } }), 'taxCodes.rings', TAX_TEXT.badTaxCode],
      [() => updateCheckoutSettings({ ...TAX, minOrder: '0.00' }), 'minOrder', TAX_TEXT.badMinimum],
      [() => setCustomerTaxExempt({ key: customerKey, exempt: true, reason: '  ' }), 'reason', TAX_EXEMPT_TEXT.reasonRequired],
      [() => setCustomerTaxExempt({ key: customerKey, exempt: true, reason: 'x'.repeat(201) }), 'reason', 'Reason is too long (200 characters at most)'],
    ];
    for (const [call, field, message] of cases) {
      expect(await as(who.admin, call), `${field}: ${message}`).toMatchObject({ ok: false, status: 400, error: message, fieldErrors: { [field]: message } });
    }
    expect(await state()).toBe(before);
  });
});

describe('shipping methods, as the admin', () => {
  let id: string;

  it('adds a method at the end of the list, in cents and zone codes, with its history row', async () => {
    const since = await lastEvent();
    vi.mocked(revalidateTag).mockClear();
    const result = await as(who.admin, () => saveShippingMethod(METHOD));
    expect(result).toMatchObject({ ok: true, message: SHIPPING_TEXT.added });
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith(SHOP_SETTINGS_TAG);
    const [row] = await ours();
    id = row!.id;
    expect(row).toMatchObject({
      zones: ['US-AK', 'US-HI', 'NZ'],
      bands: [{ from: 0, cents: 1250 }, { from: 50000, cents: 2000 }],
      free_over_cents: '200000',
      handling_cents: '250',
      position: Math.max(...seededOrder.map((m) => m.position)) + 1,
      active: true,
    });
    const events = await eventsAfter(since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ field: `shipping method: ${NAME}`, from_value: null, actor_email: DEMO_USERS.admin.email });

    const screen = await loadSettingsScreen(admin, 'America/New_York');
    expect(screen.history[0]).toMatchObject({ label: `Shipping method added: ${NAME}`, from: '', actor: DEMO_USERS.admin.email });
    expect(screen.history[0]!.to).toContain('Zones: US-AK, US-HI, NZ');
    expect(screen.shipping!.find((v) => v.method.id === id)!.preview).toBe('$100.00 order: $15.00 · $500.00 order: $22.50 · $2,000.00 order: free');
  });

  it('changes it, recording only what changed, and refuses a name another method has', async () => {
    const since = await lastEvent();
    const result = await as(who.admin, () => saveShippingMethod({ ...METHOD, id, handling: '', active: false }));
    expect(result).toMatchObject({ ok: true, message: SHIPPING_TEXT.saved });
    expect((await ours())[0]).toMatchObject({ handling_cents: '0', active: false });
    const screen = await loadSettingsScreen(admin, 'America/New_York');
    expect(screen.history[0]).toMatchObject({ label: `Shipping method: ${NAME}`, from: 'Handling $2.50\nActive', to: 'Handling $0.00\nInactive' });
    expect(await eventsAfter(since)).toHaveLength(1);

    const before = await state();
    const [seeded] = await sql<{ name: string }[]>`select name from shipping_methods where id = ${seededOrder[0]!.id}`;
    const clash = await as(who.admin, () => saveShippingMethod({ ...METHOD, id, name: seeded!.name.toUpperCase() }));
    expect(clash).toMatchObject({ ok: false, status: 409, fieldErrors: { name: SHIPPING_TEXT.duplicateName } });
    expect(await state()).toBe(before);
  });

  it('moves it to the top, writing every place in one go, and refuses an order from a stale page', async () => {
    const before = await state();
    const others = (await sql<{ id: string }[]>`select id from shipping_methods where id <> ${id} order by position, created_at, id`).map((r) => r.id);
    // A page from before another admin removed a method still lists it: refused, nothing moved.
    const stale = await as(who.admin, () => reorderShippingMethods({ ids: [id, randomUUID(), ...others] }));
    expect(stale).toMatchObject({ ok: false, status: 409, error: SHIPPING_TEXT.changed });
    expect(await state()).toBe(before);

    const since = await lastEvent();
    const result = await as(who.admin, () => reorderShippingMethods({ ids: [id, ...others] }));
    expect(result).toMatchObject({ ok: true, message: SHIPPING_TEXT.reordered });
    const order = await sql<{ id: string; position: number }[]>`select id, position from shipping_methods order by position`;
    expect(order.map((r) => r.id)).toEqual([id, ...others]);
    expect(order.map((r) => r.position)).toEqual(order.map((_, i) => i));
    const events = await eventsAfter(since);
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.every((e) => e.field.startsWith('shipping method: '))).toBe(true);
    const screen = await loadSettingsScreen(admin, 'America/New_York');
    expect(screen.history.find((c) => c.label === `Shipping method: ${NAME}`)).toMatchObject({ to: 'Place in the list: 1' });
  });

  it('removes it, with its history row, and answers 404 for a method already gone', async () => {
    const result = await as(who.admin, () => deleteShippingMethod({ id }));
    expect(result).toMatchObject({ ok: true, message: SHIPPING_TEXT.removed });
    expect(await ours()).toEqual([]);
    const screen = await loadSettingsScreen(admin, 'America/New_York');
    expect(screen.history[0]).toMatchObject({ label: `Shipping method removed: ${NAME}`, to: '' });
    expect(await as(who.admin, () => deleteShippingMethod({ id }))).toMatchObject({ ok: false, status: 404, error: SHIPPING_TEXT.gone });
  });
});

describe('tax and minimum order, as the admin', () => {
  it('saves the codes, the ship-from address and the minimum, each change in the history; checkout enforces the minimum', async () => {
    // Tax collection stays on, as the seed has it: checkout tests running beside this file count on it.
    await sql`update shop_settings set tax_enabled = true, tax_codes = '{}', ship_from = null, min_order_cents = null`;
    const since = await lastEvent();
    vi.mocked(revalidateTag).mockClear();
    const result = await as(who.admin, () => updateCheckoutSettings(TAX));
    expect(result).toMatchObject({ ok: true, message: TAX_TEXT.saved });
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith(SHOP_SETTINGS_TAG);
    const screen = await loadSettingsScreen(admin, 'America/New_York');
    expect(screen.checkout).toEqual({
      taxEnabled: true,
      taxCodes: { rings: 'txcd_99999999', earrings: 'txcd_30011000' },
      shipFrom: { line1: '9 Foundry Lane', city: 'Providence', state: 'RI', postal_code: '02903', country: 'US' },
      minOrderCents: 60,
    });
    expect((await eventsAfter(since)).map((e) => e.field)).toEqual(['tax_codes', 'ship_from', 'min_order_cents']);
    expect(screen.history.slice(0, 3).map((c) => [c.label, c.from, c.to])).toEqual([
      ['Minimum order', '', '$0.60'],
      ['Ship-from address', '', '9 Foundry Lane, Providence, RI 02903, US'],
      ['Tax codes', '', 'Rings: txcd_99999999\nEarrings: txcd_30011000'],
    ]);

    // The buyer of a $0.50 cart is told how much more the minimum needs, and no checkout is opened.
    const lines = [{ productId: cheap, quantity: 1, specifications: { stoneType: 'stone1' as const, size: null, style: null } }];
    await expect(createCheckout({ lines, userId: null })).rejects.toMatchObject({
      status: 400,
      code: 'below_minimum',
      message: 'Our minimum order is $0.60. Please add $0.10 more to check out.',
    });
    const t = seededTax;
    await sql`update shop_settings set tax_enabled = ${t.tax_enabled as boolean}, tax_codes = ${sql.json(t.tax_codes as never)},
              ship_from = ${t.ship_from === null ? null : sql.json(t.ship_from as never)}, min_order_cents = ${t.min_order_cents as string | null}`;
  });
});

describe("a customer's tax exemption, as the admin", () => {
  it('sets and clears the exemption of an account', async () => {
    const set = await as(who.admin, () => setCustomerTaxExempt({ key: customerKey, exempt: true, reason: ' Resale certificate on file ' }));
    expect(set).toMatchObject({ ok: true, message: TAX_EXEMPT_TEXT.saved });
    expect(await loadCustomer(admin, customerKey, 1)).toMatchObject({ taxExempt: true, taxExemptReason: 'Resale certificate on file' });

    // The account's checkout to Chicago (taxed for anyone else) passes the exemption to Stripe Tax and says why.
    const [ring] = await sql<{ id: string; size: string | null }[]>`
      select id, sizes[1] as size from rings where status = 'active' and price_stone1 between 1 and 200 and moq = 1 and pack_size = 1 limit 1`;
    const session = await createCheckout({ lines: [{ productId: ring!.id, quantity: 1, specifications: { stoneType: 'stone1', size: ring!.size, style: null } }], userId: customerKey });
    const chicago = { ...ADDRESS, address_line1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postal_code: '60606' };
    const [ground] = await sql<{ id: string }[]>`select id from shipping_methods where name = 'UPS Ground'`;
    const quote = await priceDelivery({ checkoutId: session.checkoutId, to: chicago, methodId: ground!.id });
    expect(quote).toMatchObject({ taxCents: 0, taxBreakdown: [], taxExemptReason: 'Resale certificate on file', shippingCents: 1500 });
    expect(quote.totalCents).toBe(session.totalCents + 1500);

    const cleared = await as(who.admin, () => setCustomerTaxExempt({ key: customerKey, exempt: false, reason: 'ignored when not exempt' }));
    expect(cleared).toMatchObject({ ok: true, message: TAX_EXEMPT_TEXT.cleared });
    const [row] = await sql<{ tax_exempt: boolean; tax_exempt_reason: string | null }[]>`select tax_exempt, tax_exempt_reason from customers where key = ${customerKey}`;
    expect(row).toEqual({ tax_exempt: false, tax_exempt_reason: null });
  });

  it('refuses a guest and an unknown customer, and writes nothing', async () => {
    const before = await state();
    const guest = await as(who.admin, () => setCustomerTaxExempt({ key: guestKey, exempt: true, reason: 'Resale certificate on file' }));
    expect(guest).toMatchObject({ ok: false, status: 422, error: TAX_EXEMPT_TEXT.guestsCannot });
    const unknown = await as(who.admin, () => setCustomerTaxExempt({ key: randomUUID(), exempt: true, reason: 'Resale certificate on file' }));
    expect(unknown).toMatchObject({ ok: false, status: 404, error: TAX_EXEMPT_TEXT.notFound });
    expect(await state()).toBe(before);
  });
});
