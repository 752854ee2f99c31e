// The list view of a category screen and its bulk actions, as the demo admin under RLS: every sort and filter gives
// the rows a direct SQL query gives, page by page; each bulk action changes all its products or none (a failure on
// one row mid-statement leaves every row, image and history as it was), writes the product history with its note,
// refuses ids of another table, too many ids, a stale 'all matching' count and a percent out of range, and the
// storefront reads the new prices at once.
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bulkChangeProductPrices,
  bulkDeleteProducts,
  bulkSetProductFlag,
  bulkSetProductStatus,
  countMatchingProducts,
} from '@/lib/admin/catalog/actions';
import { changedPriceCents, MATCHING_CHANGED, NOT_IN_CATEGORY, PERCENT_RANGE, PRICE_TOO_LARGE, TOO_MANY_PICKED } from '@/lib/admin/catalog/bulk-rules';
import { CAPPED_WALK_ROWS, loadCategoryList } from '@/lib/admin/catalog/list';
import { EMPTY_FILTER, LIST_SORT_KEYS, LIST_SORTS, type ListFilter, type ListQuery } from '@/lib/admin/catalog/list-params';
import { getProduct } from '@/lib/catalog/product';
import { withActor } from '@/lib/core/db';
import { POST as upload } from '@/app/api/admin/product-images/route';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { imageBytes, storedFileExists, uniqueTag, uploadRequest } from './catalog-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let adminId: string;
const tag = uniqueTag('IT-LIST');
const MATERIALS = ['silver', 'gold', 'rose-gold', null];
const STATUSES = ['draft', 'active', 'archived'];
const N = 45;

beforeAll(async () => {
  who = await callers();
  [{ user_id: adminId }] = (await sql`select user_id from admin_users limit 1`) as unknown as [{ user_id: string }];
  // 45 rings with repeated names, prices, MOQs and statuses (ties are broken by id), some without a SKU or a price.
  for (let i = 0; i < N; i++) {
    await sql`
      insert into rings (name, sku, material, moq, price_stone1, price_stone2, status, is_new_arrival, is_mens_jewelry, updated_at)
      values (${`${tag} ring ${i % 7}`}, ${i % 11 === 5 ? null : `${tag}-${String(i).padStart(2, '0')}`}, ${MATERIALS[i % 4] ?? null}, ${1 + (i % 5)},
              ${i % 9 === 4 ? null : 10 + (i % 6)}, ${i % 3 === 0 ? 12.35 + i : null}, ${STATUSES[i % 3]!}, ${i % 4 === 1}, ${i % 5 === 2},
              now() - make_interval(mins => ${i % 13}))`;
  }
});
beforeEach(() => vi.mocked(revalidateTag).mockClear());
afterAll(async () => {
  await sql`drop trigger if exists list_test_boom on rings`;
  await sql`delete from rings where name like ${tag + '%'}`;
  await closeSupport();
});

const admin = <T>(fn: () => Promise<T>) => as(who.admin, fn);
const actor = () => ({ role: 'authenticated' as const, userId: adminId });
const mine: ListFilter = { ...EMPTY_FILTER, q: tag };
const list = (query: ListQuery) => withActor(actor(), (tx) => loadCategoryList(tx, 'rings', query, 'UTC'));

/** The same view straight from the table. */
async function direct(filter: ListFilter, sort: ListQuery['sort'], dir: 'asc' | 'desc'): Promise<string[]> {
  const like = `%${filter.q}%`;
  const col = sql(LIST_SORTS[sort].column);
  const d = sql.unsafe(dir);
  const rows = await sql<{ id: string }[]>`
    select id from rings r
     where (r.name ilike ${like} or r.sku ilike ${like})
       and (${filter.status}::text is null or r.status = ${filter.status})
       and (${filter.material}::text is null or r.material = ${filter.material})
       and (not ${filter.isNew} or r.is_new_arrival) and (not ${filter.isMens} or r.is_mens_jewelry)
     order by r.${col} ${d}, r.id ${d}`;
  return rows.map((r) => r.id);
}

async function allPages(filter: ListFilter, sort: ListQuery['sort'], dir: 'asc' | 'desc'): Promise<string[]> {
  const first = await list({ ...filter, sort, dir, page: 1 });
  const ids = first.rows.map((r) => r.id);
  for (let page = 2; page <= first.totalPages; page++) ids.push(...(await list({ ...filter, sort, dir, page })).rows.map((r) => r.id));
  expect(ids.length).toBe(first.total);
  return ids;
}

const ids = async (filter: ListFilter = mine) => direct(filter, 'name', 'asc');
const history = (note: string) => sql<{ product_id: string; kind: string; changes: Record<string, unknown>; actor_email: string | null }[]>`
  select product_id, kind, changes, actor_email from product_events where note = ${note} and product_id in (select id from rings where name like ${tag + '%'})`;
/** Everything a bulk action may change on the fixtures: rows, history and images. */
const state = async () => {
  const [row] = await sql<{ fp: string }[]>`
    select md5(coalesce(string_agg(to_jsonb(r)::text, ',' order by r.id), '') ||
               (select count(*)::text from product_events) || (select count(*)::text from product_images)) as fp
      from rings r where r.name like ${tag + '%'}`;
  return row!.fp;
};

describe('the list view', () => {
  it('sorts by every column both ways, page by page, as a direct query does', async () => {
    for (const sort of LIST_SORT_KEYS) {
      for (const dir of ['asc', 'desc'] as const) {
        expect(await allPages(mine, sort, dir), `${sort} ${dir}`).toEqual(await direct(mine, sort, dir));
      }
    }
  });

  it('filters by status, material, New, Men’s and text, and shows the last page for one past the end', async () => {
    const filters: ListFilter[] = [
      { ...mine, status: 'draft' },
      { ...mine, material: 'gold', isNew: true },
      { ...mine, isMens: true, status: 'active' },
      { ...mine, q: `${tag}-1` },
      { ...mine, q: `${tag} ring 3` },
    ];
    for (const f of filters) {
      const expected = await direct(f, 'price', 'desc');
      expect(expected.length, JSON.stringify(f)).toBeGreaterThan(0);
      expect(await allPages(f, 'price', 'desc')).toEqual(expected);
    }
    const past = await list({ ...mine, sort: 'updated', dir: 'desc', page: 999 });
    expect(past.page).toBe(3);
    expect(past.rows).toHaveLength(N - 40);
    // '%' and '_' are matched as typed, not as patterns.
    expect((await list({ ...EMPTY_FILTER, q: '%_%', sort: 'name', dir: 'asc', page: 1 })).total).toBe(0);
  });

  it('reads a deep page of the whole table from the nearer end, as a direct query orders it', async () => {
    const [{ n }] = (await sql`select count(*)::int as n from rings`) as unknown as [{ n: number }];
    for (const sort of ['price', 'updated'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const d = sql.unsafe(dir);
        const all = (await sql<{ id: string }[]>`select id from rings r order by r.${sql(LIST_SORTS[sort].column)} ${d}, r.id ${d}`).map((r) => r.id);
        for (const page of [1, Math.ceil(n / 40), Math.ceil(n / 20)]) {
          const got = await list({ ...EMPTY_FILTER, sort, dir, page });
          expect(got.rows.map((r) => r.id), `${sort} ${dir} page ${page}`).toEqual(all.slice((page - 1) * 20, page * 20));
        }
      }
    }
  });
});

describe('a search word matching more than 1,000 products', () => {
  const many = uniqueTag('IT-LISTCAP');
  const filter: ListFilter = { ...EMPTY_FILTER, q: many };
  beforeAll(async () => {
    await sql`
      insert into rings (name, sku, material, moq, price_stone1, status)
      select ${many} || ' ring ' || g, ${many} || '-' || g, 'gold', 1, 10 + g % 50, 'active' from generate_series(1, 1005) g`;
  });
  afterAll(async () => {
    await sql`delete from rings where name like ${many + '%'}`;
  });

  it('counts to 1,000+, pages through the first 1,000 from the start, and counts exactly for Select all', async () => {
    const expected = await direct(filter, 'price', 'desc');
    expect(expected).toHaveLength(1005);
    const first = await list({ ...filter, sort: 'price', dir: 'desc', page: 1 });
    expect({ total: first.total, capped: first.capped, totalPages: first.totalPages }).toEqual({ total: 1000, capped: true, totalPages: 50 });
    expect(first.rows.map((r) => r.id)).toEqual(expected.slice(0, 20));
    // The last page shown is the 50th in the sort's own order (not read from the far end, which the capped count does not know).
    const last = await list({ ...filter, sort: 'price', dir: 'desc', page: 999 });
    expect(last.page).toBe(50);
    expect(last.rows.map((r) => r.id)).toEqual(expected.slice(980, 1000));
    // Below the cap the count stays exact.
    const few = await list({ ...filter, q: `${many} ring 100`, sort: 'name', dir: 'asc', page: 1 });
    expect({ total: few.total, capped: few.capped }).toEqual({ total: 7, capped: false });
    const counted = await admin(() => countMatchingProducts({ category: 'rings', filter }));
    expect(counted).toEqual({ ok: true, data: { total: 1005 } });
    const refused = await as(who.customer, () => countMatchingProducts({ category: 'rings', filter }));
    expect(refused.ok).toBe(false);
  });

  it('reads the same pages when the walk in the list order meets more rows than it reads before the matches', async () => {
    // More rows than CAPPED_WALK_ROWS come first in 'price, highest first': the walk stops short and the planner's
    // own plan reads the page.
    const filler = `${many} filler`;
    await sql`
      insert into rings (name, sku, material, moq, price_stone1, status)
      select 'Filler ring ' || g, ${filler} || '-' || g, 'gold', 1, 5000, 'draft' from generate_series(1, ${CAPPED_WALK_ROWS + 10}) g`;
    try {
      const expected = await direct(filter, 'price', 'asc');
      for (const dir of ['desc', 'asc'] as const) {
        const inOrder = dir === 'asc' ? expected : await direct(filter, 'price', 'desc');
        for (const page of [1, 50]) {
          const got = await list({ ...filter, sort: 'price', dir, page });
          expect(got.rows.map((r) => r.id), `${dir} page ${page}`).toEqual(inOrder.slice((page - 1) * 20, page * 20));
        }
      }
    } finally {
      await sql`delete from rings where sku like ${filler + '-%'}`;
    }
  });
});

describe('bulk actions', () => {
  it('publish the picked rows, writing each change to the history with the note', async () => {
    const drafts = await ids({ ...mine, status: 'draft' });
    const result = await admin(() => bulkSetProductStatus({ category: 'rings', target: { kind: 'ids', ids: drafts }, status: 'active', publishAnyway: true }));
    expect(result).toMatchObject({ ok: true, data: { count: drafts.length }, message: `${drafts.length} products published` });
    expect(await ids({ ...mine, status: 'draft' })).toEqual([]);
    const events = await history('Bulk: published');
    expect(events.map((e) => e.product_id).sort()).toEqual([...drafts].sort());
    expect(events[0]).toMatchObject({ kind: 'updated', changes: { status: ['draft', 'active'] }, actor_email: expect.stringContaining('@') });
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith('catalog');
    // Unpublished, a product answers 404 to shoppers; published again, it is back.
    const one = drafts[0]!;
    await admin(() => bulkSetProductStatus({ category: 'rings', target: { kind: 'ids', ids: [one] }, status: 'draft' }));
    expect(await getProduct('rings', one)).toBeNull();
    await admin(() => bulkSetProductStatus({ category: 'rings', target: { kind: 'ids', ids: [one] }, status: 'active', publishAnyway: true }));
    expect(await getProduct('rings', one)).not.toBeNull();
  });

  it('set and unset New and Men’s on every product matching the filters', async () => {
    const gold = { ...mine, material: 'gold' as const };
    const matching = await ids(gold);
    const set = await admin(() => bulkSetProductFlag({ category: 'rings', target: { kind: 'matching', filter: gold, expected: matching.length }, flag: 'new', value: true }));
    expect(set).toMatchObject({ ok: true, data: { count: matching.length } });
    expect(await ids({ ...gold, isNew: true })).toEqual(matching);
    const unset = await admin(() => bulkSetProductFlag({ category: 'rings', target: { kind: 'matching', filter: gold, expected: matching.length }, flag: 'mens', value: false }));
    expect(unset).toMatchObject({ ok: true, message: `${matching.length} products unmarked as Men's` });
    expect(await ids({ ...gold, isMens: true })).toEqual([]);
    expect((await history("Bulk: unset Men's")).every((e) => Object.keys(e.changes).join() === 'is_mens_jewelry')).toBe(true);
  });

  it('change every price by a percent, rounded to the cent, and the storefront reads them at once', async () => {
    const before = await sql<{ id: string; price_stone1: string | null; price_stone2: string | null }[]>`
      select id, price_stone1, price_stone2 from rings where name like ${tag + '%'} and status = 'active'`;
    const cents = (v: string | null) => (v === null ? null : Math.round(Number(v) * 100));
    const result = await admin(() =>
      bulkChangeProductPrices({ category: 'rings', target: { kind: 'matching', filter: { ...mine, status: 'active' }, expected: before.length }, percent: 7.5 }),
    );
    expect(result).toMatchObject({ ok: true, data: { count: before.length }, message: `Prices of ${before.length} products changed by +7.5%` });
    const after = new Map((await sql<{ id: string; price_stone1: string | null; price_stone2: string | null }[]>`
      select id, price_stone1, price_stone2 from rings where id in ${sql(before.map((b) => b.id))}`).map((r) => [r.id, r]));
    for (const b of before) {
      expect(cents(after.get(b.id)!.price_stone1)).toBe(changedPriceCents(cents(b.price_stone1), 7.5));
      expect(cents(after.get(b.id)!.price_stone2)).toBe(changedPriceCents(cents(b.price_stone2), 7.5));
    }
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith('catalog');
    const priced = before.find((b) => b.price_stone1 !== null)!;
    const shown = await getProduct('rings', priced.id);
    expect(Math.round(Number((shown!.product as { price_stone1?: number | null }).price_stone1) * 100)).toBe(changedPriceCents(cents(priced.price_stone1), 7.5));
    expect((await history('Bulk: prices +7.5%')).length).toBeGreaterThan(0);
    // −90% of a cent stays a cent.
    const [cheap] = await sql<{ id: string }[]>`
      insert into rings (name, sku, price_stone1, price_stone2) values (${tag + ' cheap'}, ${tag + '-CHEAP'}, 0.01, 0) returning id`;
    await admin(() => bulkChangeProductPrices({ category: 'rings', target: { kind: 'ids', ids: [cheap!.id] }, percent: -90 }));
    expect(await sql`select price_stone1::text, price_stone2::text from rings where id = ${cheap!.id}`).toEqual([{ price_stone1: '0.01', price_stone2: '0.00' }]);
  });

  it('refuse ids of another table, too many ids, a stale count and a percent out of range, changing nothing', async () => {
    const [necklace] = await sql<{ id: string }[]>`select id from necklaces limit 1`;
    const some = (await ids()).slice(0, 3);
    const before = await state();
    const refused = [
      [await admin(() => bulkSetProductStatus({ category: 'rings', target: { kind: 'ids', ids: [...some, necklace!.id] }, status: 'archived' })), 422, NOT_IN_CATEGORY],
      [await admin(() => bulkDeleteProducts({ category: 'necklaces', target: { kind: 'ids', ids: some } })), 422, NOT_IN_CATEGORY],
      [await admin(() => bulkSetProductStatus({ category: 'rings', target: { kind: 'ids', ids: Array.from({ length: 1001 }, () => crypto.randomUUID()) }, status: 'archived' })), 400, TOO_MANY_PICKED],
      [await admin(() => bulkSetProductFlag({ category: 'rings', target: { kind: 'ids', ids: Array.from({ length: 100_000 }, () => crypto.randomUUID()) }, flag: 'new', value: true })), 400, TOO_MANY_PICKED],
      [await admin(() => bulkDeleteProducts({ category: 'rings', target: { kind: 'matching', filter: mine, expected: 3 } })), 409, MATCHING_CHANGED],
      [await admin(() => bulkChangeProductPrices({ category: 'rings', target: { kind: 'ids', ids: some }, percent: 600 })), 400, PERCENT_RANGE],
      [await admin(() => bulkChangeProductPrices({ category: 'rings', target: { kind: 'ids', ids: some }, percent: -95 })), 400, PERCENT_RANGE],
    ] as const;
    for (const [result, status, error] of refused) expect(result).toMatchObject({ ok: false, status, error });
    expect(await state()).toBe(before);
    // A price that would pass numeric(10,2): refused as a whole.
    const [huge] = await sql<{ id: string }[]>`
      insert into rings (name, sku, price_stone1) values (${tag + ' huge'}, ${tag + '-HUGE'}, 90000000) returning id`;
    const withHuge = await state();
    const result = await admin(() => bulkChangeProductPrices({ category: 'rings', target: { kind: 'ids', ids: [...some, huge!.id] }, percent: 50 }));
    expect(result).toMatchObject({ ok: false, status: 422, error: PRICE_TOO_LARGE });
    expect(await state()).toBe(withHuge);
    await sql`delete from rings where id = ${huge!.id}`;
  });

  it('change nothing when one row fails mid-statement (every action)', async () => {
    const [boom] = await sql<{ id: string }[]>`
      insert into rings (name, sku, price_stone1, status) values (${tag + ' ring boom'}, ${tag + '-BOOM'}, 20, 'active') returning id`;
    await sql`create or replace function pg_temp_list_boom() returns trigger language plpgsql as $$
                begin if old.sku like '%-BOOM' then raise exception 'boom'; end if; return null; end $$`;
    await sql`grant execute on function pg_temp_list_boom() to authenticated`;
    // After each row: the statement has changed every other row when this one fails.
    await sql`create trigger list_test_boom after update or delete on rings for each row execute function pg_temp_list_boom()`;
    try {
      const matching = await ids();
      const target = { kind: 'matching' as const, filter: mine, expected: matching.length };
      const before = await state();
      const results = [
        await admin(() => bulkSetProductStatus({ category: 'rings', target, status: 'archived' })),
        await admin(() => bulkSetProductFlag({ category: 'rings', target, flag: 'mens', value: true })),
        await admin(() => bulkChangeProductPrices({ category: 'rings', target, percent: 10 })),
        await admin(() => bulkDeleteProducts({ category: 'rings', target })),
      ];
      for (const r of results) expect(r).toMatchObject({ ok: false, status: 500 });
      expect(await state()).toBe(before);
    } finally {
      await sql`drop trigger list_test_boom on rings`;
      await sql`drop function pg_temp_list_boom()`;
      await sql`delete from rings where id = ${boom!.id}`;
    }
  });

  it('delete the products with their image rows and stored files, in the history', async () => {
    const [a, b] = await sql<{ id: string }[]>`
      insert into rings (name, sku) values (${tag + ' doomed a'}, ${tag + '-DA'}), (${tag + ' doomed b'}, ${tag + '-DB'}) returning id`;
    const res = await admin(async () => upload(uploadRequest('rings', a!.id, await imageBytes())));
    const { image } = (await res.json()) as { image: { image_url: string } };
    const file = image.image_url.split('/product-images/')[1]!;
    expect(storedFileExists(file)).toBe(true);
    const result = await admin(() => bulkDeleteProducts({ category: 'rings', target: { kind: 'ids', ids: [a!.id, b!.id] } }));
    expect(result).toMatchObject({ ok: true, data: { count: 2 }, message: '2 products deleted' });
    expect(await sql`select id from rings where id in (${a!.id}, ${b!.id})`).toEqual([]);
    expect(await sql`select id from product_images where ring_id = ${a!.id}`).toEqual([]);
    expect(storedFileExists(file)).toBe(false);
    const events = await sql`select product_id, kind from product_events where note = 'Bulk: deleted' and product_id in (${a!.id}, ${b!.id})`;
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.kind === 'deleted')).toBe(true);
  });
});
