// The admin action matrix: every server action whose meta says access 'admin' (in lib/**/actions.ts or
// lib/**/actions/*.ts) and every route handler under app/api/admin is called as an anonymous visitor and as a
// signed-in customer, with real sessions from the Auth stand-in: each is refused (401/403) and nothing is written.
// Each is also called once as the demo admin, which proves its sample input is valid. An action or handler missing
// from the table below fails the test: adding one is one line. The document routes (an order's invoice and credit
// notes, outside app/api/admin: buyers open them too) answer the admin and the same 404 to a visitor and to a
// customer whose order it is not.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTION_META, type ActionMeta, type ServerAction } from '@/lib/entry/define-action';
import { ROUTE_META } from '@/lib/entry/define-route';
import { GET as invoiceGET } from '@/app/api/orders/[orderId]/invoice/route';
import { GET as creditNoteGET } from '@/app/api/orders/[orderId]/credit-notes/[number]/route';
import { asServiceRole } from '@/lib/core/db';
import { issueCreditNotes, issueInvoice } from '@/lib/documents/issue';
import { SEED_SHIP_FROM, SEED_SHOP_SETTINGS } from '@/supabase/seed/shop-settings';
import { holdShopSettings } from './shop-settings-lock';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, fingerprint, newKey, paidOrder, termsOrder, type Callers, type OrderFixture } from './admin-support';
import { setDelivery, sql, startWebhookEndpoint, waitForDeliveries, type WebhookEndpoint, restoreDelivery } from './checkout-support';
import { imageBytes, importRequest, uploadRequest } from './catalog-support';
import { anonClient } from '../support/auth-clients';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});
vi.mock('next/server', async (importOriginal) => ({ ...(await importOriginal<typeof import('next/server')>()), after: vi.fn() }));

// ---- The table: one valid sample per admin action and route handler. ----
let fx: {
  order: string;
  paid: OrderFixture;
  mail: number;
  page: string;
  product: string;
  doomed: string;
  bulkDoomed: string;
  images: string[];
  png: Uint8Array;
  quotes: [string, string, string];
  /** Inactive shipping methods of the matrix's own: one moved, one removed. */
  methods: { moved: string; doomed: string };
  customer: string;
  /** Processing orders of the matrix's own: one to ship its line, one to dispatch in bulk. */
  shipping: { order: string; item: string; bulk: string };
  /** A pending trade account of the matrix's own (its owner a new account). */
  trade: string;
  /** Two orders on payment terms with open Stripe invoices, each on an account of its own. */
  terms: { id: string; accountId: string }[];
  /** A price group of the matrix's own with one fixed price, and one to delete. */
  priceGroup: { id: string; name: string; doomed: string; product: string; sku: string };
};
let documented: { orderId: string; creditNote: string };
const matrixSku = () => `MATRIX-${newKey()}`;

const ACTIONS: Record<string, () => unknown> = {
  'admin.orders.updateStatus': () => ({ orderId: fx.order, status: 'processing' }),
  'admin.orders.updateStatusBulk': () => ({ orderIds: [fx.order], status: 'processing' }),
  'admin.orders.ship': () => ({ orderId: fx.shipping.order, lines: [{ orderItemId: fx.shipping.item, quantity: 1 }] }),
  'admin.orders.dispatchBulk': () => ({ orders: [{ orderId: fx.shipping.bulk, trackingNumber: 'MATRIX-TRACKING' }] }),
  'admin.orders.refund': () => ({ orderId: fx.paid.id, amountCents: 150, idempotencyKey: newKey() }),
  'admin.orders.resendMail': () => ({ mailId: fx.mail }),
  'admin.notes.list': () => ({ orderId: fx.paid.id }),
  'admin.notes.add': () => ({ orderId: fx.paid.id, body: 'Written by the admin action matrix.' }),
  'admin.orders.markTermsPaid': () => ({ orderId: fx.terms[0]!.id }),
  'admin.orders.voidTermsInvoice': () => ({ orderId: fx.terms[1]!.id }),
  'admin.pages.update': () => ({ pageId: fx.page, title: 'Matrix Page', content: 'Written by the admin action matrix.' }),
  // No status is the import's default, active: a new product has no image yet, so it is published anyway.
  'admin.products.create': () => ({ category: 'rings', values: { name: 'Matrix Ring', sku: matrixSku() }, publishAnyway: true }),
  'admin.products.update': () => ({ category: 'rings', id: fx.product, values: { name: 'Matrix Ring', sku: matrixSku(), price_stone1: '12.50' } }),
  'admin.productImages.reorder': () => ({ category: 'rings', productId: fx.product, imageIds: [...fx.images].reverse() }),
  'admin.productImages.delete': () => ({ category: 'rings', productId: fx.product, imageIds: fx.images.slice(0, 1) }),
  'admin.products.delete': () => ({ category: 'rings', id: fx.doomed }),
  'admin.products.history': () => ({ category: 'rings', productId: fx.product, before: Number.MAX_SAFE_INTEGER }),
  'admin.products.countMatching': () => ({ category: 'rings', filter: { status: null, material: null, isNew: false, isMens: false, q: 'Matrix' } }),
  'admin.products.countUnready': () => ({ category: 'rings', target: { kind: 'ids', ids: [fx.product] } }),
  'admin.products.bulkStatus': () => ({ category: 'rings', target: { kind: 'ids', ids: [fx.product] }, status: 'active' }),
  'admin.products.bulkFlag': () => ({ category: 'rings', target: { kind: 'ids', ids: [fx.product] }, flag: 'new', value: false }),
  'admin.products.bulkPrice': () => ({ category: 'rings', target: { kind: 'ids', ids: [fx.product] }, percent: 5 }),
  'admin.products.bulkRingSizes': () => ({ category: 'rings', target: { kind: 'ids', ids: [fx.product] }, sizes: '5-9' }),
  'admin.products.bulkLeadTime': () => ({ category: 'rings', target: { kind: 'ids', ids: [fx.product] }, kind: 'in_stock', min: 2 }),
  'admin.products.bulkDelete': () => ({ category: 'rings', target: { kind: 'ids', ids: [fx.bulkDoomed] } }),
  'admin.quotes.send': () => ({ quoteId: fx.quotes[0], prices: [{ position: 1, price: '12.50' }], validUntil: '2099-12-31', message: 'Matrix' }),
  'admin.quotes.decline': () => ({ quoteId: fx.quotes[1], reason: 'Written by the admin action matrix.' }),
  'admin.quotes.changeLines': () => ({ quoteId: fx.quotes[2], remove: [2] }),
  'admin.quotes.findProduct': () => ({ sku: fx.priceGroup.sku }),
  // The seeded values again: the admin's call changes nothing other tests read.
  'admin.settings.update': () => ({ ...SEED_SHOP_SETTINGS, notifyEmail: '' }),
  'admin.settings.updateCheckout': () => ({
    taxEnabled: true,
    taxCodes: { rings: '', necklaces: '', bracelets: '', earrings: '', body_jewelry: '' },
    shipFrom: { line1: SEED_SHIP_FROM.line1, city: SEED_SHIP_FROM.city, state: SEED_SHIP_FROM.state, postalCode: SEED_SHIP_FROM.postal_code, country: SEED_SHIP_FROM.country },
    minOrder: '',
  }),
  // The seeded values again: prices for everyone, guests may check out.
  'admin.settings.updatePriceAccess': () => ({ visibility: 'everyone', guestCheckout: true }),
  // Inactive methods to a zone no other test ships to: no buyer's choice changes.
  'admin.settings.saveShippingMethod': () => ({
    id: null,
    name: `Matrix Courier ${newKey().slice(0, 8)}`,
    zones: 'US-AK',
    basis: 'value',
    bands: [{ from: '0', price: '10' }],
    freeOver: '',
    handling: '',
    active: false,
  }),
  'admin.settings.reorderShippingMethods': () => ({ ids: [fx.methods.moved] }),
  'admin.settings.deleteShippingMethod': () => ({ id: fx.methods.doomed }),
  'admin.customers.setTaxExempt': () => ({ key: fx.customer, exempt: false, reason: '' }),
  'admin.customers.addTag': () => ({ key: fx.customer, tag: `Matrix ${newKey().slice(0, 8)}` }),
  'admin.customers.removeTag': () => ({ key: fx.customer, tag: 'Matrix' }),
  // Nothing chosen (the seed's state): the home page keeps its fallback for other tests.
  'admin.storefront.update': () => ({ heroImageUrl: null, heroAlt: '', heroHeading: '', heroLink: '', heroLinkLabel: '', tileImages: {}, featured: [] }),
  'admin.trade.approve': () => ({ accountId: fx.trade, priceGroupId: '', taxExempt: false, expiresOn: '' }),
  'admin.trade.decline': () => ({ accountId: fx.trade, reason: 'Written by the admin action matrix.' }),
  'admin.trade.moreInfo': () => ({ accountId: fx.trade, message: 'Written by the admin action matrix.' }),
  'admin.trade.terms': () => ({ accountId: fx.terms[0]!.accountId, paymentTermsDays: '60', creditLimit: '2,500' }),
  'admin.priceGroups.create': () => ({ name: `Matrix Group ${newKey().slice(0, 8)}`, percentOff: '5' }),
  // The same name again: the import below names the group by it.
  'admin.priceGroups.update': () => ({ groupId: fx.priceGroup.id, name: fx.priceGroup.name, percentOff: '7.5' }),
  'admin.priceGroups.delete': () => ({ groupId: fx.priceGroup.doomed }),
  'admin.priceGroups.removePrice': () => ({ groupId: fx.priceGroup.id, productId: fx.priceGroup.product, stone: '', style: '', size: '' }),
};

const ROUTES: Record<string, () => Request> = {
  'admin.search': () => new Request('http://localhost/api/admin/search?q=ring'),
  'admin.productPreview': () => new Request(`http://localhost/api/admin/product-preview?path=/rings/${fx.product}`),
  'admin.orders.export': () => new Request('http://localhost/api/admin/orders/export?status=completed'),
  'admin.receivables.export': () => new Request('http://localhost/api/admin/receivables/export?filter=overdue'),
  'admin.productImages.upload': () => uploadRequest('rings', fx.product, fx.png),
  'admin.products.import': () => importRequest('rings', `sku,name\n${matrixSku()},Matrix Import\n`),
  'admin.products.export': () => new Request('http://localhost/api/admin/products/export?category=rings'),
  'admin.priceGroups.import': () =>
    new Request('http://localhost/api/admin/price-groups/import', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: `group,sku,stone,style,size,price\n${fx.priceGroup.name},${fx.priceGroup.sku},,,,9.00\n`,
    }),
  'admin.priceGroups.export': () => new Request(`http://localhost/api/admin/price-groups/export?group=${fx.priceGroup.id}`),
  'admin.storefront.uploadImage': () =>
    new Request('http://localhost/api/admin/storefront-images', { method: 'POST', headers: { 'content-type': 'image/png' }, body: Buffer.from(fx.png) }),
  'admin.orders.packingSlip': () => new Request(`http://localhost/api/admin/orders/${fx.paid.id}/packing-slip`),
  'admin.orders.pickList': () => new Request(`http://localhost/api/admin/orders/pick-list?ids=${fx.paid.id},${fx.order}`),
};

/** The path parameters of a route under a dynamic segment, as Next hands them to the handler. */
const ROUTE_PARAMS: Record<string, () => Record<string, string>> = {
  'admin.orders.packingSlip': () => ({ orderId: fx.paid.id }),
};
const routeContext = (name: string) => ({ params: Promise.resolve(ROUTE_PARAMS[name]?.() ?? {}) });

/** Route handlers for an order's documents, with the request each is asked. */
const DOCUMENT_ROUTES: Record<string, () => [Handler, Request, { params: Promise<Record<string, string>> }]> = {
  'documents.invoice': () => [
    invoiceGET as Handler,
    new Request(`http://localhost/api/orders/${documented.orderId}/invoice`),
    { params: Promise.resolve({ orderId: documented.orderId }) },
  ],
  'documents.creditNote': () => [
    creditNoteGET as Handler,
    new Request(`http://localhost/api/orders/${documented.orderId}/credit-notes/${documented.creditNote}`),
    { params: Promise.resolve({ orderId: documented.orderId, number: documented.creditNote }) },
  ],
};

// ---- Discovery ----
function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, keep) : keep(path) ? [path] : [];
  });
}

type Handler = ((request: Request, context?: unknown) => Promise<Response>) & { [ROUTE_META]?: ActionMeta };

const actionFiles = filesUnder('lib', (p) => /(^|\/)actions\.ts$/.test(p) || /\/actions\/[^/]+\.ts$/.test(p));
const adminActions = new Map<string, ServerAction<unknown>>();
for (const file of actionFiles) {
  const mod = (await import(/* @vite-ignore */ resolve(file))) as Record<string, unknown>;
  for (const value of Object.values(mod)) {
    const meta = (value as { [ACTION_META]?: ActionMeta } | null)?.[ACTION_META];
    if (meta?.access === 'admin') adminActions.set(meta.name, value as ServerAction<unknown>);
  }
}

const routeFiles = filesUnder('app/api/admin', (p) => p.endsWith('/route.ts'));
const adminRoutes = new Map<string, Handler>();
for (const file of routeFiles) {
  const mod = (await import(/* @vite-ignore */ resolve(file))) as Record<string, Handler>;
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    const meta = mod[method]?.[ROUTE_META];
    if (meta) adminRoutes.set(meta.name, mod[method]!);
  }
}

let who: Callers;
let endpoint: WebhookEndpoint;
let release: () => Promise<void>;

beforeAll(async () => {
  // The shipping and tax actions change what checkout tests read (shop-settings-lock.ts).
  release = await holdShopSettings();
  who = await callers();
  // Stripe's refund events go to the app's webhook route, in this process.
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, retryDelaysMs: [100, 200] });
  // Rows of its own, so the admin's successful calls change nothing other tests read.
  const [page] = await sql<{ page_id: string }[]>`
    insert into page_content (page_slug, page_title, content) values (${'matrix-' + newKey().slice(0, 8)}, 'Matrix', 'Before.')
    returning page_id`;
  const [product, doomed, bulkDoomed] = await sql<{ id: string }[]>`
    insert into rings (name, sku, price_stone1)
    values ('Matrix Ring', ${matrixSku()}, 10), ('Matrix Doomed', ${matrixSku()}, 10), ('Matrix Bulk Doomed', ${matrixSku()}, 10) returning id`;
  // Two images that share seed files: deleting their rows keeps the files, which seed products still show.
  const images = await sql<{ id: string }[]>`
    insert into product_images (ring_id, image_url, is_primary, display_order)
    select ${product!.id}, image_url, n = 1, n - 1 from (
      select image_url, row_number() over (order by image_url) as n from (select distinct image_url from product_images where ring_id is not null limit 2) u
    ) s returning id`;
  const order = (await paidOrder(sql, 2_000, 'pending')).id;
  // A message that failed for good, for Resend.
  const [mail] = await sql<{ id: string }[]>`
    insert into mail_outbox (kind, order_id, to_address, dedupe_key, status, attempts, last_error)
    values ('dispatched', ${order}, 'matrix@mail.test', ${'matrix:' + newKey()}, 'failed', 10, 'Matrix') returning id`;
  const quotes = await sql<{ id: string }[]>`
    insert into quotes (name, email) values ('Matrix Buyer', 'matrix@mail.test'), ('Matrix Buyer', 'matrix@mail.test'), ('Matrix Buyer', 'matrix@mail.test') returning id`;
  for (const q of quotes) {
    await sql`insert into quote_lines (quote_id, position, product_id, product_category, name, quantity)
              values (${q.id}, 1, gen_random_uuid(), 'rings', 'Matrix Ring', 5)`;
  }
  // The third has a second line for the lines action to remove.
  await sql`insert into quote_lines (quote_id, position, product_id, product_category, name, quantity)
            values (${quotes[2]!.id}, 2, gen_random_uuid(), 'rings', 'Matrix Ring', 5)`;
  const [moved, doomedMethod] = await sql<{ id: string }[]>`
    insert into shipping_methods (name, zones, basis, bands, active, position)
    values (${'Matrix Moved ' + newKey().slice(0, 8)}, '{US-AK}', 'value', '[{"from":0,"cents":1000}]', false, 90),
           (${'Matrix Doomed ' + newKey().slice(0, 8)}, '{US-AK}', 'value', '[{"from":0,"cents":1000}]', false, 91)
    returning id`;
  const priceSku = matrixSku();
  const [priced] = await sql<{ id: string }[]>`insert into rings (name, sku, price_stone1) values ('Matrix Priced', ${priceSku}, 10) returning id`;
  const groupName = `Matrix Group ${newKey().slice(0, 8)}`;
  const [group, doomedGroup] = await sql<{ id: string }[]>`
    insert into price_groups (name, percent_off) values (${groupName}, 5), (${'Matrix Doomed ' + newKey().slice(0, 8)}, 5) returning id`;
  await sql`insert into price_group_prices (group_id, product_id, category, price) values (${group!.id}, ${priced!.id}, 'rings', 8)`;
  const [customer] = await sql<{ key: string }[]>`
    select c.key from customers c join auth.users u on u.id = c.user_id where u.email = ${DEMO_USERS.customer.email}`;
  const { data: owner } = await anonClient().auth.signUp({ email: `matrix-trade-${newKey().slice(0, 8)}@example.com`, password: 'correct-horse-1' });
  const [trade] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, business_name, business_type, tax_id, phone, address)
    values (${owner.user!.id}, 'Matrix Boutique', 'boutique', '12-3456789', '+1 555 0100',
            ${sql.json({ line1: '1 Test Way', line2: null, city: 'Austin', state: 'TX', postal_code: '73301', country: 'US' })})
    returning id`;
  const shipping = (await paidOrder(sql, 2_000, 'processing')).id;
  const [shippingItem] = await sql<{ id: string }[]>`select id from order_items where order_id = ${shipping}`;
  fx = {
    shipping: { order: shipping, item: shippingItem!.id, bulk: (await paidOrder(sql, 2_000, 'processing')).id },
    methods: { moved: moved!.id, doomed: doomedMethod!.id },
    customer: customer!.key,
    trade: trade!.id,
    terms: [await termsOrder(sql), await termsOrder(sql)],
    priceGroup: { id: group!.id, name: groupName, doomed: doomedGroup!.id, product: priced!.id, sku: priceSku },
    quotes: [quotes[0]!.id, quotes[1]!.id, quotes[2]!.id],
    order,
    mail: Number(mail!.id),
    paid: await paidOrder(sql),
    page: page!.page_id,
    product: product!.id,
    doomed: doomed!.id,
    bulkDoomed: bulkDoomed!.id,
    images: images.map((i) => i.id),
    png: await imageBytes(),
  };
  // An order of its own with an invoice and a credit note, for the document routes.
  const docs = await paidOrder(sql, 3_000);
  await asServiceRole(async (tx) => {
    await issueInvoice(tx, {
      orderId: docs.id,
      reference: 'MATRIX-DOCS',
      placedAt: new Date(),
      buyer: { name: 'Refund Fixture', email: null, phone: null, shipping: null, billing: null },
      lines: [{ sku: null, name: 'Matrix Ring', options: '', quantity: 1, unitPriceCents: 3_000, lineTotalCents: 3_000 }],
      totalCents: 3_000,
      currency: 'usd',
    });
    await tx`insert into public.transactions (order_id, provider, provider_transaction_id, amount, status, kind)
             values (${docs.id}, 'stripe', ${'re_matrix_' + newKey()}, 500, 'succeeded', 'refund')`;
    await issueCreditNotes(tx, docs.id);
  });
  const [note] = await sql<{ number: string }[]>`select number from credit_notes where order_id = ${docs.id}`;
  documented = { orderId: docs.id, creditNote: note!.number };
  await waitForDeliveries();
});

afterAll(async () => {
  await sql`delete from rings where sku like 'MATRIX-%'`;
  await sql`delete from shipping_methods where name like 'Matrix %'`;
  await sql`delete from orders where id = any(${fx.terms.map((t) => t.id)}::uuid[])`;
  await sql`delete from trade_accounts where id = any(${[fx.trade, ...fx.terms.map((t) => t.accountId)]}::uuid[])`;
  await sql`delete from price_groups where name like 'Matrix %'`;
  await sql`delete from customer_tags where tag like 'Matrix %'`;
  await release();
  await waitForDeliveries();
  await sql`delete from page_content where page_id = ${fx.page}`;
  await sql`delete from orders where id in (${fx.order}, ${fx.paid.id}, ${documented.orderId})`;
  await restoreDelivery();
  await endpoint.close();
  await closeSupport();
});

describe('the admin action matrix', () => {
  it('lists every admin action and route handler there is, and nothing else', () => {
    expect(adminActions.size, 'no admin action was discovered').toBeGreaterThan(0);
    expect([...adminActions.keys()].sort()).toEqual(Object.keys(ACTIONS).sort());
    expect([...adminRoutes.keys()].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const caller of ['anon', 'customer'] as const) {
    const expected = caller === 'anon' ? 401 : 403;
    for (const name of Object.keys(ACTIONS)) {
      it(`refuses ${name} to ${caller} (${expected}) and writes nothing`, async () => {
        const action = adminActions.get(name);
        expect(action, `${name} was not discovered`).toBeDefined();
        const before = await fingerprint(sql);
        const result = await as(who[caller], () => action!(ACTIONS[name]!()));
        expect(result).toMatchObject({ ok: false, status: expected });
        if (!result.ok) expect(result.error).toBe(caller === 'anon' ? 'Please sign in to continue.' : 'You do not have admin permissions');
        await waitForDeliveries();
        expect(await fingerprint(sql)).toBe(before);
      });
    }
    for (const name of Object.keys(ROUTES)) {
      it(`refuses route ${name} to ${caller} (${expected}) and writes nothing`, async () => {
        const handler = adminRoutes.get(name);
        expect(handler, `${name} was not discovered`).toBeDefined();
        const before = await fingerprint(sql);
        const response = await as(who[caller], () => handler!(ROUTES[name]!(), routeContext(name)));
        expect(response.status).toBe(expected);
        expect(((await response.json()) as { error: string }).error).toBeTruthy();
        expect(await fingerprint(sql)).toBe(before);
      });
    }
  }

  for (const name of Object.keys(DOCUMENT_ROUTES)) {
    it(`answers document route ${name} to the admin with the PDF, and 404 to a visitor and a customer`, async () => {
      const ask = async (jar: (typeof who)['admin']) => {
        const [handler, request, context] = DOCUMENT_ROUTES[name]!();
        return as(jar, () => handler(request, context));
      };
      const admin = await ask(who.admin);
      expect(admin.status).toBe(200);
      expect(admin.headers.get('content-type')).toBe('application/pdf');
      await admin.arrayBuffer();
      for (const jar of [who.anon, who.customer]) {
        const refused = await ask(jar);
        expect(refused.status).toBe(404);
        expect(((await refused.json()) as { error: string }).error).toBe('Document not found');
      }
    });
  }

  for (const name of Object.keys(ACTIONS)) {
    it(`accepts the sample input of ${name} from the admin`, async () => {
      const result = await as(who.admin, () => adminActions.get(name)!(ACTIONS[name]!()));
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    });
  }
  for (const name of Object.keys(ROUTES)) {
    it(`answers route ${name} to the admin`, async () => {
      const response = await as(who.admin, () => adminRoutes.get(name)!(ROUTES[name]!(), routeContext(name)));
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    });
  }
});
