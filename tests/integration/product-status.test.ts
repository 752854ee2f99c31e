// Over 300 lines: one fixture set (an active, a draft and an archived ring) serves every read the status gates.
// Product status against the real tables: only active products reach a shopper's read (listing and counts, home,
// product page, search page and overlay and their typo words, sitemap, quick order and its autocomplete); a cart
// or checkout naming a draft treats it as no longer available; the admin modal saves a status (a new product is a
// draft) and shows the history the triggers write; the CSV files carry the status.
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as exportCsv } from '@/app/api/admin/products/export/route';
import { POST as importCsv } from '@/app/api/admin/products/import/route';
import { createProduct, loadProductHistory, updateProduct } from '@/lib/admin/catalog/actions';
import { emptyFormValues } from '@/lib/admin/catalog/form-values';
import { HISTORY_PAGE_SIZE } from '@/lib/admin/catalog/history';
import { loadCategoryScreen } from '@/lib/admin/catalog/products';
import { unavailableProductIds } from '@/lib/cart/availability';
import { GET as choicesGET } from '@/app/api/cart/choices/route';
import { CLIENT_ADDRESS_HEADER } from '@/lib/core/http/client-address.mjs';
import { RATE_RULES } from '@/lib/core/rate-limit';
import { loadHomeShowcase, loadListing, loadListingCounts } from '@/lib/catalog/listing';
import { resolveProductRoute } from '@/lib/catalog/product';
import { searchListing, searchProducts } from '@/lib/catalog/search';
import { createCheckout } from '@/lib/checkout/server';
import { withActor } from '@/lib/core/db';
import { listCustomerOrders, reorderPlan } from '@/lib/account/orders';
import { resolveQuickOrder } from '@/lib/quick-order/resolve';
import { suggestSkus } from '@/lib/quick-order/suggest';
import { buildSitemapRoot, productSitemapStream } from '@/lib/seo/sitemap';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { importEvents, importRequest, uniqueTag } from './catalog-support';
import { sql } from './checkout-support';
import { attemptAs } from './rls-support';

const hooks = vi.hoisted(() => ({ after: [] as Array<() => unknown> }));
vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  after: (fn: () => unknown) => void hooks.after.push(fn),
}));

let who: Callers;
const TAG = uniqueTag('IT-ST');
/** Letters only: search words are letter runs. */
const letters = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const SHARED_WORD = `zq${letters()}`;
const DRAFT_WORD = `zx${letters()}`;
const ids = { active: '', draft: '', archived: '' };

async function insertRing(sku: string, name: string, status: string, description = ''): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into rings (name, sku, description, material, moq, price_stone1, is_new_arrival, is_mens_jewelry, status)
    values (${name}, ${sku}, ${description}, 'gold', 1, 25, true, true, ${status}) returning id`;
  return row!.id;
}

beforeAll(async () => {
  who = await callers();
  ids.draft = await insertRing(`${TAG}-DRAFT`, `Draft ${SHARED_WORD} Ring`, 'draft', `Secret ${DRAFT_WORD} setting`);
  ids.archived = await insertRing(`${TAG}-ARCH`, `Archived ${SHARED_WORD} Ring`, 'archived');
  // Inserted last: the newest product of the shop, first in every newest-first list.
  ids.active = await insertRing(`${TAG}-LIVE`, `Live ${SHARED_WORD} Ring`, 'active');
});
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  hooks.after.length = 0;
});
afterAll(async () => {
  await sql`delete from rings where sku like ${TAG + '%'}`;
  await sql`delete from earrings where sku like ${TAG + '%'}`;
  await closeSupport();
});

const hidden = () => [ids.draft, ids.archived];
const notHidden = (found: string[]) => {
  expect(found).not.toContain(ids.draft);
  expect(found).not.toContain(ids.archived);
};

describe('storefront reads see active products only', () => {
  it('listings and their counts', async () => {
    for (const scope of [{ kind: 'all' }, { kind: 'new' }, { kind: 'mens' }, { kind: 'category', slug: 'rings' }] as const) {
      const page = await loadListing(scope, { page: 1, sort: 'newest', materials: [] });
      expect(page.items[0]?.id).toBe(ids.active);
      notHidden(page.items.map((p) => p.id));
    }
    const [expected] = await sql<{ n: number }[]>`select count(*)::int as n from rings where status = 'active' and material = 'gold'`;
    expect((await loadListingCounts({ kind: 'category', slug: 'rings' }, ['gold'])).total).toBe(expected!.n);
  });

  it("the home page's new arrivals", async () => {
    const home = await loadHomeShowcase();
    expect(home.newArrivals[0]?.id).toBe(ids.active);
    notHidden(home.newArrivals.map((p) => p.id));
  });

  it('product pages: a draft or archived product is not found, by its route or the fallback', async () => {
    expect((await resolveProductRoute('rings', ids.active)).kind).toBe('found');
    for (const id of [ids.draft, ids.archived]) {
      expect(await resolveProductRoute('rings', id)).toEqual({ kind: 'not-found' });
      expect(await resolveProductRoute(null, id)).toEqual({ kind: 'not-found' });
      expect(await resolveProductRoute('necklaces', id)).toEqual({ kind: 'not-found' });
    }
  });

  it('the search overlay and page, by word and by exact SKU', async () => {
    const overlay = await searchProducts(SHARED_WORD);
    expect(overlay.results.map((p) => p.id)).toEqual([ids.active]);
    expect(overlay.total).toBe(1);
    const page = await searchListing({ q: SHARED_WORD, page: 1, sort: 'relevance', materials: [] });
    expect(page.items.map((p) => p.id)).toEqual([ids.active]);
    expect(page.total).toBe(1);
    expect((await searchProducts(`${TAG}-DRAFT`)).results).toEqual([]);
    expect((await searchListing({ q: `${TAG}-ARCH`, page: 1, sort: 'newest', materials: [] })).total).toBe(0);
  });

  it("a draft's words join the typo words only once it is published", async () => {
    const words = async () => (await sql`select 1 from search_words where word = ${DRAFT_WORD}`).length;
    expect(await words()).toBe(0);
    expect((await sql`select 1 from search_words where word = ${SHARED_WORD}`).length).toBe(1);
    const id = await insertRing(`${TAG}-PUB`, 'Publish Me Ring', 'draft', `Later ${DRAFT_WORD}`);
    expect(await words()).toBe(0);
    await sql`update rings set status = 'active' where id = ${id}`;
    expect(await words()).toBe(1);
    await sql`delete from rings where id = ${id}`;
  });

  it('the sitemap', async () => {
    let xml = await buildSitemapRoot();
    if (xml.includes('<sitemapindex')) {
      const files: string[] = [];
      for (let i = 0; ; i++) {
        const file = await productSitemapStream(i);
        if (file === null) break;
        files.push(await new Response(file).text());
      }
      xml = files.join('\n');
    }
    expect(xml).toContain(ids.active);
    for (const id of hidden()) expect(xml).not.toContain(id);
  });

  it('quick order: a draft SKU is unknown and never suggested', async () => {
    const { lines } = await resolveQuickOrder([{ sku: `${TAG}-LIVE`, quantity: 1 }, { sku: `${TAG}-DRAFT`, quantity: 1 }, { sku: `${TAG}-ARCX`, quantity: 1 }]);
    expect(lines[0]).toMatchObject({ productId: ids.active, problem: null });
    expect(lines[1]).toMatchObject({ productId: null });
    expect(lines[1]!.problem).not.toBeNull();
    expect(JSON.stringify(lines[2]!.problem)).not.toContain(`${TAG}-ARCH`);
    const suggested = await suggestSkus(`${TAG}-`);
    expect(suggested.map((s) => s.id)).toEqual([ids.active]);
  });

  it('an admin reading the shop sees what a shopper sees: the shop’s own queries leave drafts out', async () => {
    // The tables' read policy stays open (a condition there would keep Postgres from the search and SKU indexes, see
    // the product_status_history migration), so the status is the storefront queries' own condition.
    const [seen] = await withActor({ role: 'anon' }, (tx) => tx<{ n: number }[]>`select count(*)::int as n from rings where id = ${ids.draft}`);
    expect(seen!.n).toBe(1);
    expect(await resolveProductRoute('rings', ids.draft)).toEqual({ kind: 'not-found' });
    expect((await resolveProductRoute('rings', ids.active)).kind).toBe('found');
  });
});

async function adminId(): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  return row!.id;
}

describe('carts and checkouts naming a product that is no longer sold', () => {
  it('the cart is told which lines are unavailable', async () => {
    const gone = crypto.randomUUID();
    expect((await unavailableProductIds([ids.active, ids.draft, ids.archived, gone])).sort()).toEqual([ids.draft, ids.archived, gone].sort());
  });

  it("a cart line's choices are offered for products on sale only, through the route, and bad ids are a 400", async () => {
    const gone = crypto.randomUUID();
    const res = await choicesGET(new Request(`http://localhost/api/cart/choices?ids=${[ids.active, ids.draft, ids.archived, gone].join(',')}`));
    expect(res.status).toBe(200);
    const { models } = (await res.json()) as { models: { productId: string; views: Record<string, { price: number | null }> }[] };
    expect(models.map((m) => m.productId)).toEqual([ids.active]);
    expect(Object.values(models[0]!.views).map((v) => v.price)).toEqual([25]);
    const bad = await choicesGET(new Request('http://localhost/api/cart/choices?ids=not-an-id'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'ids must be product ids.' });
  });

  it("a stranger asking for cart choices again and again is limited, with Retry-After", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const ask = () =>
      choicesGET(new Request(`http://localhost/api/cart/choices?ids=${ids.active}`, { headers: { [CLIENT_ADDRESS_HEADER]: address } }));
    const statuses = [];
    for (let i = 0; i < RATE_RULES.cartChoicesPerAddress.limit; i++) statuses.push((await ask()).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the checkout refuses a draft with the message of a deleted product', async () => {
    for (const id of hidden()) {
      await expect(createCheckout({ lines: [{ productId: id, quantity: 1, specifications: {} }], userId: null })).rejects.toMatchObject({
        status: 422,
        code: 'unknown_product',
        message: 'An item in your cart is no longer available. Please remove it from your cart.',
      });
    }
  });
});

describe('orders naming a product that is no longer sold', () => {
  it("the account's order still lists the line, as an unavailable product, and a reorder leaves it out by name", async () => {
    const userId = await adminId();
    const [order] = await sql<{ id: string }[]>`
      insert into orders (user_id, customer_name, status, total_amount, shipping_address)
      values (${userId}, 'Status Buyer', 'completed', 5000, ${sql.json({ full_name: 'Status Buyer', address_line1: '1 Way', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US' })})
      returning id`;
    try {
      const gold = sql.json({ material: 'gold' });
      await sql`insert into order_items (order_id, product_id, product_category, product_name, quantity, unit_price, specifications, choices)
                values (${order!.id}, ${ids.draft}, 'rings', 'Draft Ring', 1, 2500, 'Material: Gold', ${gold}),
                       (${order!.id}, ${ids.active}, 'rings', 'Live Ring', 1, 2500, 'Material: Gold', ${gold})`;
      // Read as the buyer (here the demo admin, who could read drafts through the API: the shop's read does not).
      const actor = { role: 'authenticated' as const, userId, email: DEMO_USERS.admin.email };
      const page = await withActor(actor, (tx) => listCustomerOrders(tx, userId, 1));
      const lines = page.orders.find((o) => o.id === order!.id)!.items;
      const shown = lines.map((l) => [l.productId, l.product?.name ?? null]);
      expect(shown).toHaveLength(2);
      expect(shown).toEqual(expect.arrayContaining([[ids.draft, null], [ids.active, `Live ${SHARED_WORD} Ring`]]));
      const plan = await withActor(actor, (tx) => reorderPlan(tx, userId, order!.id));
      expect(plan!.lines.map((l) => l.productId)).toEqual([ids.active]);
      expect(plan!.changes).toEqual([{ line: 'Draft Ring (Material: Gold)', kind: 'gone', change: 'no longer sold' }]);
    } finally {
      await sql`delete from orders where id = ${order!.id}`;
    }
  });
});

describe('the admin modal and the product history', () => {
  const admin = <T>(fn: () => Promise<T>) => as(who.admin, fn);

  it('a new product is a draft; publishing it is written to its history, newest first, a few at a time', async () => {
    const created = await admin(() =>
      createProduct({ category: 'earrings', values: { ...emptyFormValues('earrings'), name: 'Status Stud', sku: `${TAG}-NEW`, price_stone1: '10.00' } }),
    );
    if (!created.ok) throw new Error(JSON.stringify(created));
    const id = created.data.id;
    const [row] = await sql`select status from earrings where id = ${id}`;
    expect(row!.status).toBe('draft');
    expect((await resolveProductRoute('earrings', id)).kind).toBe('not-found');

    const published = await admin(() =>
      updateProduct({ category: 'earrings', id, values: { ...emptyFormValues('earrings'), status: 'active', name: 'Status Stud', sku: `${TAG}-NEW`, price_stone1: '12.50' }, publishAnyway: true }),
    );
    expect(published).toMatchObject({ ok: true });
    expect(revalidateTag).toHaveBeenCalledWith('catalog');
    expect((await resolveProductRoute('earrings', id)).kind).toBe('found');

    const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
    const screen = await loadCategoryScreen({ role: 'authenticated', userId: user!.id, email: DEMO_USERS.admin.email }, 'earrings', 1, id, undefined, 'America/New_York');
    const [latest, first] = screen.editing!.history.entries;
    expect(latest).toMatchObject({ title: 'Updated', who: DEMO_USERS.admin.email, note: null });
    expect(latest!.changes).toEqual([
      { field: 'Status', before: 'Draft', after: 'Active' },
      { field: 'Price (Stone 1)', before: '$10.00', after: '$12.50' },
    ]);
    expect(latest!.at).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M [A-Z]{2,5}$/);
    expect(first).toMatchObject({ title: 'Created as Draft', who: DEMO_USERS.admin.email });
    expect(screen.items.find((p) => p.id === id)?.status).toBe('active');

    // More changes than one page: 'Show more' reads the older ones.
    for (let i = 0; i < HISTORY_PAGE_SIZE; i++) {
      await admin(() => updateProduct({ category: 'earrings', id, values: { ...emptyFormValues('earrings'), status: 'active', name: `Status Stud ${i}`, sku: `${TAG}-NEW` } }));
    }
    const again = await loadCategoryScreen({ role: 'authenticated', userId: user!.id, email: DEMO_USERS.admin.email }, 'earrings', 1, id, undefined, 'UTC');
    expect(again.editing!.history.entries).toHaveLength(HISTORY_PAGE_SIZE);
    expect(again.editing!.history.nextBefore).not.toBeNull();
    const more = await admin(() => loadProductHistory({ category: 'earrings', productId: id, before: again.editing!.history.nextBefore }));
    expect(more.ok && more.data.entries.map((e) => e.title)).toEqual(['Updated', 'Created as Draft']);
    expect(more.ok && more.data.nextBefore).toBeNull();

    // Admins only: a customer is refused, and the table is closed to the API's other roles.
    expect(await as(who.customer, () => loadProductHistory({ category: 'earrings', productId: id, before: 1 }))).toMatchObject({ ok: false });
    const anon = await attemptAs({ role: 'anon' }, (tx) => tx`select id from product_events where product_id = ${id}`);
    expect(anon).toMatchObject({ ok: false, refused: 'permission denied for table product_events' });
  });

  it('refuses a status outside the list', async () => {
    const result = await admin(() =>
      createProduct({ category: 'earrings', values: { ...emptyFormValues('earrings'), status: 'hidden', name: 'Bad Status', sku: `${TAG}-BAD` } }),
    );
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { status: 'Status must be one of draft, active, archived' } });
  });
});

describe('CSV status column', () => {
  async function runImport(body: string) {
    const response = await as(who.admin, () => importCsv(importRequest('earrings', body)));
    const events = await importEvents(response);
    for (const fn of hooks.after.splice(0)) await fn();
    return events.find((e) => e.type === 'done');
  }

  it('imports the status (blank or absent is active), refuses an unknown one per row, and notes the import in the history', async () => {
    const done = await runImport(
      'sku,name,status,price_stone1\n' +
        `${TAG}-C1,Csv Draft,Draft,5\n` +
        `${TAG}-C2,Csv Blank,,5\n` +
        `${TAG}-C3,Csv Archived,archived,5\n` +
        `${TAG}-C4,Csv Bad,hidden,5\n`,
    );
    expect(done).toMatchObject({ created: 3, bad: [{ row: 5, sku: `${TAG}-C4`, reason: 'status: Status must be one of draft, active, archived' }] });
    const rows = await sql<{ sku: string; status: string }[]>`select sku, status from earrings where sku like ${TAG + '-C%'} order by sku`;
    expect(rows.map((r) => [r.sku, r.status])).toEqual([[`${TAG}-C1`, 'draft'], [`${TAG}-C2`, 'active'], [`${TAG}-C3`, 'archived']]);
    expect((await runImport(`sku,name,price_stone1\n${TAG}-C5,Csv Absent,5\n`))).toMatchObject({ created: 1 });
    expect((await sql`select status from earrings where sku = ${TAG + '-C5'}`)[0]!.status).toBe('active');

    const events = await sql<{ kind: string; note: string | null; actor_email: string | null }[]>`
      select e.kind, e.note, e.actor_email from product_events e join earrings p on p.id = e.product_id where p.sku = ${TAG + '-C1'}`;
    expect(events).toEqual([{ kind: 'created', note: 'CSV import', actor_email: DEMO_USERS.admin.email }]);
  });

  it('exports the status, and the exported file imports back unchanged', async () => {
    const response = await as(who.admin, () => exportCsv(new Request('http://localhost/api/admin/products/export?category=earrings')));
    const text = (await response.text()).replace(/^\ufeff/, '');
    const [header, ...lines] = text.trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns).toContain('status');
    const draftLine = lines.find((l) => l.startsWith(`${TAG}-C1,`))!;
    expect(draftLine.split(',')[columns.indexOf('status')]).toBe('draft');
    const mine = [header, ...lines.filter((l) => l.startsWith(`${TAG}-C`))].join('\n');
    expect(await runImport(mine)).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
  });
});
