// Price groups in the back office, against real Postgres with RLS, as the demo admin: the group actions (with the one
// tag each write drops), a group's page, the price list import through its route (bad rows listed, good rows
// written, all or nothing), files refused before anything is written, export → import changing nothing, and what a
// customer and a trade buyer may read and write.
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as exportCsv } from '@/app/api/admin/price-groups/export/route';
import { POST as importCsv } from '@/app/api/admin/price-groups/import/route';
import { createPriceGroup, deletePriceGroupAction, removeFixedPrice, updatePriceGroupAction } from '@/lib/admin/price-groups/actions';
import { PRICE_LIST_CSV, type PriceImportEvent } from '@/lib/admin/price-groups/csv-rows';
import { loadPriceGroups } from '@/lib/admin/price-groups/groups';
import { PRICE_IMPORT_BATCH } from '@/lib/admin/price-groups/import-write';
import { BAD_GROUP_ID, FILE_PROBLEMS, GROUP_TEXT, groupInUse, PRICE_TEXT, ROW_PROBLEMS } from '@/lib/admin/price-groups/labels';
import { loadGroupPage } from '@/lib/admin/price-groups/prices';
import { priceGroupTag } from '@/lib/core/cache/tags';
import { withActor } from '@/lib/core/db';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { serviceClient } from '../support/auth-clients';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { uniqueTag } from './catalog-support';
import { sql } from './checkout-support';

const hooks = vi.hoisted(() => ({ after: [] as Array<() => unknown> }));
vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  after: (fn: () => unknown) => void hooks.after.push(fn),
}));

const tag = uniqueTag('IT-PG');
const HEADER = 'group,sku,stone,style,size,price';
let who: Callers;
let ids: { ring: string; necklace: string; earring: string; owner: string; customer: string };
let groups: { a: string; b: string };

const adminActor = async () => ({ role: 'authenticated' as const, userId: (await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`)[0]!.id });
const prices = (groupId: string) =>
  sql<{ product_id: string; stone: string; style: string; size: string; price: string }[]>`
    select product_id, stone, style, size, price::text from price_group_prices where group_id = ${groupId} order by product_id, stone, style, size`;
const fingerprint = async () =>
  (await sql<{ fp: string }[]>`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as fp from price_group_prices t`)[0]!.fp;

beforeAll(async () => {
  who = await callers();
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, price_stone1, price_stone2, stone_details, sizes, status)
    values ('PG Ring', ${tag + '-R1'}, 10, 12, '{"Stone1":"Ruby","Stone2":"Onyx"}', '{6,7,8}', 'active') returning id`;
  const [necklace] = await sql<{ id: string }[]>`
    insert into necklaces (name, sku, n_price_18_stone1, n_price_20_stone1, stone_details) values ('PG Chain', ${tag + '-N1'}, 30, 32, '{"Stone1":"Pearl"}') returning id`;
  const [earring] = await sql<{ id: string }[]>`insert into earrings (name, sku, price_stone1) values ('PG Stud', ${tag + '-E1'}, 8) returning id`;
  // The ring's SKU again in another table, but for its case.
  await sql`insert into bracelets (name, sku, b_price_7_stone1) values ('PG Twin', ${tag + '-r1'}, 20)`;
  const [a, b] = await sql<{ id: string }[]>`
    insert into price_groups (name, percent_off) values (${tag + ' Gold'}, 15), (${tag + ' Silver'}, 5) returning id`;
  groups = { a: a!.id, b: b!.id };
  const { data } = await serviceClient().auth.admin.createUser({ email: `${tag.toLowerCase()}@trade.test`, password: `pw-${tag}`, email_confirm: true });
  const [customer] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
  ids = { ring: ring!.id, necklace: necklace!.id, earring: earring!.id, owner: data.user!.id, customer: customer!.id };
});
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  hooks.after.length = 0;
});
afterAll(async () => {
  await sql`delete from trade_accounts where owner_id = ${ids.owner}`;
  await sql`delete from auth.users where id = ${ids.owner}`;
  await sql`delete from price_groups where name like ${tag + '%'}`;
  for (const t of ['rings', 'necklaces', 'bracelets', 'earrings']) await sql`delete from ${sql('public.' + t)} where sku ilike ${tag + '%'}`;
  await closeSupport();
});

async function runImport(body: string | Uint8Array) {
  const request = new Request('http://localhost/api/admin/price-groups/import', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: typeof body === 'string' ? body : Buffer.from(body),
  });
  const response = await as(who.admin, () => importCsv(request));
  if (response.headers.get('content-type')?.startsWith('application/json')) return { status: response.status, error: ((await response.json()) as { error: string }).error, events: [] as PriceImportEvent[] };
  const events = (await response.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l) as PriceImportEvent);
  for (const fn of hooks.after.splice(0)) await fn();
  return { status: response.status, error: undefined, events };
}
const revalidated = () => vi.mocked(revalidateTag).mock.calls.map((c) => c[0]);

describe('groups', () => {
  it('are seeded as Retail, Wholesale (10% off) and Distributor (20% off, with fixed prices)', async () => {
    const seeded = (await loadPriceGroups(await adminActor())).filter((g) => ['Retail', 'Wholesale', 'Distributor'].includes(g.name));
    expect(seeded.map((g) => [g.name, g.percentOff, g.fixedPrices > 0])).toEqual([['Distributor', '20.00', true], ['Retail', '0.00', false], ['Wholesale', '10.00', false]]);
  });

  it('adds, renames and re-prices a group, each write dropping that group’s tag only', async () => {
    const created = await as(who.admin, () => createPriceGroup({ name: `${tag} Bronze`, percentOff: '7.5' }));
    expect(created).toMatchObject({ ok: true, message: GROUP_TEXT.created });
    const id = created.ok ? created.data.id : '';
    expect(revalidated()).toEqual([priceGroupTag(id)]);
    const saved = await as(who.admin, () => updatePriceGroupAction({ groupId: id, name: `${tag} Copper`, percentOff: '12' }));
    expect(saved).toMatchObject({ ok: true, message: GROUP_TEXT.saved });
    expect(await sql`select name, percent_off::text from price_groups where id = ${id}`).toEqual([{ name: `${tag} Copper`, percent_off: '12.00' }]);
    expect(revalidated()).toEqual([priceGroupTag(id), priceGroupTag(id)]);
  });

  it('refuses a name already taken, whatever its case, beside the field', async () => {
    const taken = await as(who.admin, () => createPriceGroup({ name: `${tag} gold`.toUpperCase(), percentOff: '1' }));
    expect(taken).toMatchObject({ ok: false, status: 409, fieldErrors: { name: GROUP_TEXT.nameTaken } });
    const renamed = await as(who.admin, () => updatePriceGroupAction({ groupId: groups.b, name: `${tag} GOLD`, percentOff: '1' }));
    expect(renamed).toMatchObject({ ok: false, status: 409 });
  });

  it('refuses bad percentages, forged ids and groups that are gone', async () => {
    expect(await as(who.admin, () => createPriceGroup({ name: `${tag} X`, percentOff: '100' }))).toMatchObject({ ok: false, status: 400, fieldErrors: { percentOff: GROUP_TEXT.percentInvalid } });
    expect(await as(who.admin, () => deletePriceGroupAction({ groupId: "x' or '1'='1" }))).toMatchObject({ ok: false, status: 400, error: GROUP_TEXT.gone });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await as(who.admin, () => deletePriceGroupAction({ groupId: missing }))).toMatchObject({ ok: false, status: 404, error: GROUP_TEXT.gone });
    expect(await as(who.admin, () => updatePriceGroupAction({ groupId: missing, name: `${tag} Y`, percentOff: '1' }))).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses to delete a group trade accounts are in, then deletes it with its fixed prices once they are moved', async () => {
    const [doomed] = await sql<{ id: string }[]>`insert into price_groups (name) values (${tag + ' Doomed'}) returning id`;
    await sql`insert into price_group_prices (group_id, product_id, category, price) values (${doomed!.id}, ${ids.earring}, 'earrings', 5)`;
    await sql`
      insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, price_group_id)
      values (${ids.owner}, 'approved', 'PG Traders', 'Retail store', '12-3456789', '+1 555 0100', '{"line1":"1 Way"}', ${doomed!.id})`;
    expect((await loadPriceGroups(await adminActor())).find((g) => g.id === doomed!.id)).toMatchObject({ fixedPrices: 1, accounts: 1 });
    expect(await as(who.admin, () => deletePriceGroupAction({ groupId: doomed!.id }))).toMatchObject({ ok: false, status: 409, error: groupInUse(1) });
    expect(revalidated()).toEqual([]);
    await sql`update trade_accounts set price_group_id = ${groups.a} where owner_id = ${ids.owner}`;
    expect(await as(who.admin, () => deletePriceGroupAction({ groupId: doomed!.id }))).toMatchObject({ ok: true, message: GROUP_TEXT.deleted });
    expect(await sql`select 1 from price_group_prices where group_id = ${doomed!.id}`).toHaveLength(0);
    expect(revalidated()).toEqual([priceGroupTag(doomed!.id)]);
  });
});

describe('the price list import', () => {
  const file = [
    HEADER,
    `${tag} gold,${tag}-R1,,,,9.00`,
    `${tag} Gold,${tag.toLowerCase()}-r1,2,,7,11.5`,
    `${tag} Silver,${tag}-N1,,necklace,18,27`,
    `${tag} Gold,${tag}-E1,2,,,5`,
    `${tag} Gold,${tag}-N1,,bracelet,,5`,
    `${tag} Gold,${tag}-R1,,,12,5`,
    `${tag} Gold,${tag}-NOPE,,,,5`,
    `${tag} Platinum,${tag}-R1,,,,5`,
    `${tag} Gold,${tag}-R1,,,,0`,
    `${tag} Gold,${tag}-R1,,,,8`,
    `${tag} Gold,${tag}-R1,,,7.0,"9"`,
    `"${tag} Gold\u0007",${tag}-E1,,,,5`,
  ].join('\n');

  it('writes the good rows and lists every bad one by row and reason', async () => {
    const { status, events } = await runImport(file);
    expect(status).toBe(200);
    expect(events[0]).toEqual({ type: 'start', rows: 12 });
    expect(events.at(-1)).toEqual({
      type: 'done',
      created: 3,
      updated: 0,
      removed: 0,
      unchanged: 0,
      total: 12,
      bad: [
        { row: 3, group: `${tag} Gold`, sku: `${tag.toLowerCase()}-r1`, reason: ROW_PROBLEMS.skuAmbiguous },
        { row: 5, group: `${tag} Gold`, sku: `${tag}-E1`, reason: ROW_PROBLEMS.noSecondStone },
        { row: 6, group: `${tag} Gold`, sku: `${tag}-N1`, reason: ROW_PROBLEMS.notSoldAs('necklace', 'bracelet') },
        { row: 7, group: `${tag} Gold`, sku: `${tag}-R1`, reason: ROW_PROBLEMS.ringSize('12', '6, 7, 8') },
        { row: 8, group: `${tag} Gold`, sku: `${tag}-NOPE`, reason: ROW_PROBLEMS.skuUnknown },
        { row: 9, group: `${tag} Platinum`, sku: `${tag}-R1`, reason: ROW_PROBLEMS.groupUnknown(`${tag} Platinum`) },
        { row: 10, group: `${tag} Gold`, sku: `${tag}-R1`, reason: ROW_PROBLEMS.priceZero },
        { row: 11, group: `${tag} Gold`, sku: `${tag}-R1`, reason: ROW_PROBLEMS.duplicate(2) },
        { row: 13, group: `${tag} Gold\u0007`, sku: `${tag}-E1`, reason: ROW_PROBLEMS.controlCharacters('group') },
      ],
    });
    expect(await prices(groups.a)).toEqual(['', '7'].map((size) => ({ product_id: ids.ring, stone: '', style: '', size, price: '9.00' })));
    expect(await prices(groups.b)).toEqual([{ product_id: ids.necklace, stone: '', style: 'necklace', size: '18', price: '27.00' }]);
    expect(revalidated().sort()).toEqual([priceGroupTag(groups.a), priceGroupTag(groups.b)].sort());
  });

  it('leaves equal prices alone, changes the others, and removes a price whose row has no price', async () => {
    const { events } = await runImport(`${HEADER}\n${tag} Gold,${tag}-R1,,,,9\n${tag} Gold,${tag}-R1,,,7,9.25\n${tag} Silver,${tag}-N1,,necklace,18,\n${tag} Silver,${tag}-E1,,,,\n`);
    expect(events.at(-1)).toMatchObject({ type: 'done', created: 0, updated: 1, removed: 1, unchanged: 2, bad: [] });
    expect(await prices(groups.b)).toEqual([]);
    expect(revalidated().sort()).toEqual([priceGroupTag(groups.a), priceGroupTag(groups.b)].sort());
    vi.mocked(revalidateTag).mockClear();
    const again = await runImport(`${HEADER}\n${tag} Gold,${tag}-R1,,,,9\n`);
    expect(again.events.at(-1)).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 1 });
    expect(revalidated()).toEqual([]);
  });

  it('a failure in the last batch leaves nothing written, and drops no tag', async () => {
    const count = PRICE_IMPORT_BATCH + 50;
    await sql`insert into earrings (name, sku, price_stone1) select 'PG Bulk', ${tag} || '-B' || lpad(n::text, 5, '0'), 4 from generate_series(1, ${count}) n`;
    const rows = Array.from({ length: count }, (_, i) => `${tag} Silver,${tag}-B${String(i + 1).padStart(5, '0')},,,,${i === count - 1 ? '777.77' : '3'}`);
    await sql.unsafe(`create or replace function public.test_refuse_price() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await sql.unsafe(`create trigger test_refuse_price before insert on public.price_group_prices for each row when (new.price = 777.77) execute function public.test_refuse_price()`);
    const before = await fingerprint();
    try {
      const { status, events } = await runImport(`${HEADER}\n${rows.join('\n')}\n`);
      expect(status).toBe(200);
      expect(events.filter((e) => e.type === 'progress').map((e) => (e.type === 'progress' ? e.checked : 0))).toEqual([PRICE_IMPORT_BATCH]);
      expect(events.at(-1)).toMatchObject({ type: 'error', error: expect.stringMatching(/^The import could not be completed and nothing was written \(reference [0-9a-f]+\)$/) });
    } finally {
      await sql.unsafe('drop trigger test_refuse_price on public.price_group_prices; drop function public.test_refuse_price()');
    }
    expect(await fingerprint()).toBe(before);
    expect(revalidated()).toEqual([]);
  });

  const cases: [string, string | Uint8Array, number, string | RegExp][] = [
    ['a spreadsheet', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 422, /^This is a spreadsheet file, not CSV/],
    ['bad quoting', `${HEADER}\n${tag} Gold,"${tag}-R1,,,,5\n`, 422, /^The file is not valid CSV/],
    ['a header only', `${HEADER}\n`, 400, FILE_PROBLEMS.empty],
    ['no price column', `group,sku\n${tag} Gold,${tag}-R1\n`, 422, FILE_PROBLEMS.missingColumns(['price'])],
    ['binary text', `${HEADER}\n${tag} Gold,${tag}-R1,,,,5\u0000\n`, 422, /^The file is not a CSV text file/],
    ['a file over 16 MB', new Uint8Array(PRICE_LIST_CSV.maxBytes + 1).fill(0x41), 413, FILE_PROBLEMS.tooLarge(16)],
  ];
  for (const [name, body, status, message] of cases) {
    it(`refuses ${name} with a clear message and writes nothing`, async () => {
      const before = await fingerprint();
      const result = await runImport(body);
      expect(result.status).toBe(status);
      expect(result.error).toMatch(message);
      expect(await fingerprint()).toBe(before);
    });
  }
});

describe('a group’s page and export', () => {
  it('lists the fixed prices by SKU with their product, option and list price, and removes one', async () => {
    await runImport(`${HEADER}\n${tag} Silver,${tag}-N1,,necklace,20,29\n${tag} Silver,${tag}-R1,2,,,11\n`);
    const page = await loadGroupPage(await adminActor(), groups.b, 1);
    expect(page?.prices.slice(0, 2)).toMatchObject([
      { sku: `${tag}-N1`, name: 'PG Chain', optionText: 'Necklace · 20"', listPrice: '$32.00', price: '29.00' },
      { sku: `${tag}-R1`, name: 'PG Ring', optionText: 'Stone 2 (Onyx)', listPrice: '$12.00', price: '11.00' },
    ]);
    const key = { groupId: groups.b, productId: ids.ring, stone: 'stone2', style: '', size: '' };
    vi.mocked(revalidateTag).mockClear();
    expect(await as(who.admin, () => removeFixedPrice(key))).toMatchObject({ ok: true, message: PRICE_TEXT.removed });
    expect(revalidated()).toEqual([priceGroupTag(groups.b)]);
    expect(await as(who.admin, () => removeFixedPrice(key))).toMatchObject({ ok: false, status: 404, error: PRICE_TEXT.gone });
    expect(await loadGroupPage(await adminActor(), '00000000-0000-4000-8000-000000000000', 1)).toBeNull();
  });

  it('exports every group’s prices in the import’s columns, and importing the export changes nothing', async () => {
    const response = await as(who.admin, () => exportCsv(new Request('http://localhost/api/admin/price-groups/export')));
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(`\ufeff${HEADER}\r\n`)).toBe(true);
    expect(text).toContain(`${tag} Silver,${tag}-N1,,necklace,20,29.00\r\n`);
    const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from price_group_prices`;
    const before = await fingerprint();
    const { events } = await runImport(bytes);
    expect(events.at(-1)).toMatchObject({ type: 'done', created: 0, updated: 0, removed: 0, unchanged: n, total: n, bad: [] });
    expect(await fingerprint()).toBe(before);
  });

  it('exports one group, and refuses a forged or unknown group id', async () => {
    const one = await as(who.admin, () => exportCsv(new Request(`http://localhost/api/admin/price-groups/export?group=${groups.a}`)));
    const lines = (await one.text()).trim().split('\r\n');
    expect(lines.slice(1).every((l) => l.startsWith(`${tag} Gold,`))).toBe(true);
    expect(lines).toHaveLength(3);
    const forged = await as(who.admin, () => exportCsv(new Request('http://localhost/api/admin/price-groups/export?group=1%27%20or%201%3D1')));
    expect([forged.status, ((await forged.json()) as { error: string }).error]).toEqual([400, BAD_GROUP_ID]);
    const unknown = await as(who.admin, () => exportCsv(new Request('http://localhost/api/admin/price-groups/export?group=00000000-0000-4000-8000-000000000000')));
    expect(unknown.status).toBe(404);
  });
});

describe('row-level security', () => {
  it('a customer reads no group or price and writes none', async () => {
    const customer = { role: 'authenticated' as const, userId: ids.customer };
    await withActor(customer, async (tx) => {
      expect(await tx`select id from price_groups`).toHaveLength(0);
      expect(await tx`select 1 from price_group_prices`).toHaveLength(0);
      expect((await tx`update price_groups set percent_off = 99 where id = ${groups.a}`).count).toBe(0);
      expect((await tx`delete from price_group_prices where group_id = ${groups.a}`).count).toBe(0);
    });
    await expect(withActor(customer, (tx) => tx`insert into price_groups (name) values (${tag + ' Forged'})`)).rejects.toMatchObject({ code: '42501' });
    await expect(
      withActor(customer, (tx) => tx`insert into price_group_prices (group_id, product_id, category, price) values (${groups.a}, ${ids.earring}, 'earrings', 1)`),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('a trade buyer reads their own group and its prices only, and cannot change them', async () => {
    const [account] = await sql<{ id: string }[]>`select id from trade_accounts where owner_id = ${ids.owner}`;
    await sql`insert into trade_account_members (account_id, user_id, role) values (${account!.id}, ${ids.owner}, 'owner') on conflict do nothing`;
    const buyer = { role: 'authenticated' as const, userId: ids.owner };
    await withActor(buyer, async (tx) => {
      expect((await tx<{ id: string }[]>`select id from price_groups`).map((g) => g.id)).toEqual([groups.a]);
      expect((await tx<{ group_id: string }[]>`select distinct group_id from price_group_prices`).map((p) => p.group_id)).toEqual([groups.a]);
      expect((await tx`update price_group_prices set price = 0.01 where group_id = ${groups.a}`).count).toBe(0);
    });
  });
});
