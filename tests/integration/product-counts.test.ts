// Catalog counts come from public.product_counts, kept by the product tables' triggers. Checked three ways: every
// storefront listing view and material filter against a plain count(*) over catalog_products; every category
// screen's filters (status, material, new, men's) against count(*) over its table; and the whole counter table
// against a full recount after a burst of concurrent inserts, edits, bulk updates, deletes and rollbacks on all five
// tables, all at once (no writer waits for another on a counter, so none deadlocks). Counters and recount are read
// in one snapshot, so other test files' writes cannot skew them.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import { listingWhere, loadListingCounts, type ListingScope } from '@/lib/catalog/listing';
import { CATEGORIES, MATERIALS, type Material } from '@/lib/catalog/categories';
import { LISTING_SLUGS } from '@/lib/catalog/slugs';
import { countAllMatching } from '@/lib/admin/catalog/list';
import type { ListFilter } from '@/lib/admin/catalog/list-params';
import { PRODUCT_STATUSES } from '@/lib/catalog/status';
import { withActor } from '@/lib/core/db';

const sql = postgres(process.env.DATABASE_URL!, { max: 12, onnotice: () => {} });
const TAG = `lc${randomUUID().slice(0, 6)}`;

afterAll(async () => {
  for (const table of CATEGORIES) await sql`delete from ${sql(table)} where sku like ${TAG + '-%'}`;
  await sql.end();
});

const SCOPES: ListingScope[] = [
  { kind: 'all' },
  { kind: 'new' },
  { kind: 'mens' },
  ...LISTING_SLUGS.map((slug) => ({ kind: 'category' as const, slug })),
];
const MATERIAL_FILTERS: Material[][] = [[], ...MATERIALS.map((m) => [m]), ['silver', 'rose-gold'], [...MATERIALS]];

const RECOUNT = `
  select category, status, necklace_type, is_bracelet, is_necklace, is_new_arrival, is_mens_jewelry, material,
         count(*)::int as total, count(price_from)::int as priced
    from catalog_products
   group by 1, 2, 3, 4, 5, 6, 7, 8`;

/** Counters (summed per combination) and recount in one snapshot, as sorted lists; combinations at zero are left out. */
async function countersAndRecount() {
  return sql.begin('isolation level repeatable read', async (tx) => {
    const key = (r: Record<string, unknown>) => JSON.stringify(r);
    const counters = await tx.unsafe(`
      select category, status, necklace_type, is_bracelet, is_necklace, is_new_arrival, is_mens_jewelry, material,
             sum(total)::int as total, sum(priced)::int as priced
        from product_counts group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(total) <> 0 or sum(priced) <> 0`);
    const recount = await tx.unsafe(RECOUNT);
    return { counters: counters.map(key).sort(), recount: recount.map(key).sort() };
  });
}

it('gives every listing view and material filter the count of a plain count(*)', async () => {
  let checked = 0;
  for (const scope of SCOPES) {
    for (const materials of MATERIAL_FILTERS) {
      const [expected] = await sql.unsafe<{ total: number; priced: number }[]>(
        `select count(*)::int as total, count(price_from)::int as priced from catalog_products
          where ${listingWhere(scope, materials)}`,
      );
      expect(await loadListingCounts(scope, materials), `${JSON.stringify(scope)} ${materials.join(',')}`).toEqual(expected);
      checked++;
    }
  }
  expect(checked).toBe(SCOPES.length * MATERIAL_FILTERS.length);
});

it("gives every category screen's filters the count of a plain count(*) over its table", async () => {
  const filters: ListFilter[] = [];
  for (const status of [null, ...PRODUCT_STATUSES]) {
    for (const material of [null, ...MATERIALS]) {
      for (const [isNew, isMens] of [[false, false], [true, false], [false, true], [true, true]] as const) {
        filters.push({ status, material, isNew, isMens, q: '' });
      }
    }
  }
  for (const category of CATEGORIES) {
    const got = await withActor({ role: 'anon' }, async (tx) => Promise.all(filters.map((f) => countAllMatching(tx, category, f))));
    const expected = await Promise.all(
      filters.map(async (f) => {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from ${sql(category)}
           where (${f.status}::text is null or status = ${f.status}) and (${f.material}::text is null or material = ${f.material})
             and (not ${f.isNew} or is_new_arrival) and (not ${f.isMens} or is_mens_jewelry)`;
        return row!.n;
      }),
    );
    expect(got, category).toEqual(expected);
    expect(got[0], `${category} has products`).toBeGreaterThan(0);
  }
});

let made = 0;
/** A product of writer `w`; `i` varies its status, flags, material and price. */
function product(table: string, w: number, i: number) {
  const v = w + i;
  const row: Record<string, unknown> = {
    name: `${TAG} Piece ${++made}`,
    sku: `${TAG}-${table}-w${w}-${made}`,
    material: v % 4 === 3 ? null : MATERIALS[v % MATERIALS.length],
    status: v % 5 === 4 ? 'draft' : 'active',
    is_new_arrival: v % 2 === 0,
    is_mens_jewelry: v % 3 === 0,
  };
  if (table === 'necklaces') Object.assign(row, { necklace_type: v % 2 ? 'Chain' : 'Pendant', is_bracelet: v % 3 === 1, n_price_18_stone1: v % 4 ? 40 + v : 0 });
  else if (table === 'bracelets') Object.assign(row, { is_necklace: v % 2 === 1, b_price_7_stone1: v % 4 ? 30 + v : 0 });
  else Object.assign(row, { price_stone1: v % 4 ? 20 + v : 0 });
  return row;
}

it('equal a full recount after a burst of concurrent inserts, edits, bulk updates, deletes and rollbacks', async () => {
  const WRITERS = 40;
  const tableOf = (w: number) => CATEGORIES[w % CATEGORIES.length]!;
  // Each writer changes its own products (so the burst's only shared rows are the counters'), three to start with.
  for (const table of CATEGORIES) {
    const rows = Array.from({ length: WRITERS }, (_, w) => w).filter((w) => tableOf(w) === table).flatMap((w) => [product(table, w, 0), product(table, w, 1), product(table, w, 2)]);
    await sql`insert into ${sql(table)} ${sql(rows as never)}`;
  }
  const before = await countersAndRecount();
  expect(before.counters).toEqual(before.recount);

  const burst = Array.from({ length: WRITERS }, (_, w) => async () => {
    const table = tableOf(w);
    const mine = `${TAG}-${table}-w${w}-%`;
    switch (w % 8) {
      case 0:
      case 1:
        // Several products in one statement, some drafts, some unpriced.
        await sql`insert into ${sql(table)} ${sql([product(table, w, 3), product(table, w, 4), product(table, w, 5)] as never)}`;
        break;
      case 2:
        // Published, or taken off the shop.
        await sql`update ${sql(table)} set status = case status when 'active' then 'archived' else 'active' end
                   where sku like ${mine}`;
        break;
      case 3:
        // The columns a listing filters on, in bulk.
        await sql`update ${sql(table)} set material = 'gold', is_new_arrival = not is_new_arrival,
                   is_mens_jewelry = true where sku like ${mine}`;
        break;
      case 4:
        // An edit that moves no counter.
        await sql`update ${sql(table)} set description = ${'Edited ' + w} where sku like ${mine}`;
        break;
      case 5:
        await sql`delete from ${sql(table)} where id in (select id from ${sql(table)} where sku like ${mine} limit 1)`;
        break;
      case 6:
        // Rolled back: leaves no trace.
        await sql
          .begin(async (tx) => {
            await tx`insert into ${tx(table)} ${tx(product(table, w, 6) as never)}`;
            await tx`update ${tx(table)} set status = 'draft' where sku like ${mine}`;
            throw new Error('rolled back');
          })
          .catch((err: Error) => expect(err.message).toBe('rolled back'));
        break;
      default:
        // Several statements in one transaction: an insert, then the price and type changed.
        await sql.begin(async (tx) => {
          await tx`insert into ${tx(table)} ${tx(product(table, w, 7) as never)}`;
          if (table === 'necklaces') await tx`update necklaces set necklace_type = 'Chain', n_price_18_stone1 = 0 where sku like ${mine}`;
          else if (table === 'bracelets') await tx`update bracelets set is_necklace = true where sku like ${mine}`;
          else await tx`update ${tx(table)} set price_stone1 = 55 where sku like ${mine}`;
        });
    }
  });
  await Promise.all(burst.map((write) => write()));

  const after = await countersAndRecount();
  expect(after.counters).toEqual(after.recount);
  expect(after.counters).not.toEqual(before.counters);

  // And every listing view and category screen still agrees with count(*) after the burst.
  for (const scope of SCOPES) {
    const [expected] = await sql.unsafe<{ total: number }[]>(
      `select count(*)::int as total from catalog_products where ${listingWhere(scope, [])}`,
    );
    expect((await loadListingCounts(scope, [])).total).toBe(expected!.total);
  }
  for (const category of CATEGORIES) {
    const [expected] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(category)} where status = 'draft'`;
    const filter: ListFilter = { status: 'draft', material: null, isNew: false, isMens: false, q: '' };
    expect(await withActor({ role: 'anon' }, (tx) => countAllMatching(tx, category, filter))).toBe(expected!.n);
  }
});
