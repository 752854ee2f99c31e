// A ring's sizes and surcharge through the back office, as the demo admin under RLS: the modal's save (stored
// canonical, written to the history in words, refused on an adjustable ring beside the field), the bulk bar's 'Set
// ring sizes' (adjustable rings skipped and counted, a surcharge left without its size refused, one statement: all or
// nothing), and the CSV (export → import changes nothing; a bad row is listed and the rest imported).
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as exportCsv } from '@/app/api/admin/products/export/route';
import { POST as importCsv } from '@/app/api/admin/products/import/route';
import { bulkSetProductRingSizes, createProduct, loadProductHistory, updateProduct } from '@/lib/admin/catalog/actions';
import { SIZES_RINGS_ONLY, surchargeLeftOut } from '@/lib/admin/catalog/bulk-rules';
import { parseCsvText } from '@/lib/admin/catalog/csv-file';
import { emptyFormValues, formValuesFromRow } from '@/lib/admin/catalog/form-values';
import { RING_SIZES_FORMAT } from '@/lib/catalog/ring-sizes';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { importEvents, importRequest, tableFingerprint, uniqueTag } from './catalog-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});
vi.mock('next/server', async (importOriginal) => ({ ...(await importOriginal<typeof import('next/server')>()), after: vi.fn() }));

let who: Callers;
const tag = uniqueTag('IT-SIZE');
const ADJUSTABLE_WITH_SIZES = 'An adjustable ring has no sizes: clear the sizes or untick Adjustable.';
const FIVE_TO_NINE = ['5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9'];

beforeAll(async () => {
  who = await callers();
});
beforeEach(() => vi.mocked(revalidateTag).mockClear());
afterAll(async () => {
  await sql`delete from rings where sku like ${tag + '%'}`;
  await closeSupport();
});

const admin = <T>(fn: () => Promise<T>) => as(who.admin, fn);
const ringValues = (sku: string, values: Record<string, unknown> = {}) => ({ ...emptyFormValues('rings'), status: 'active', name: 'Sized Ring', sku: `${tag}-${sku}`, price_stone1: '50.00', ...values });
const stored = (sku: string) =>
  sql<{ id: string; is_adjustable: boolean; sizes: string[]; size_surcharge: string | null; size_surcharge_from: string | null }[]>`
    select id, is_adjustable, sizes, size_surcharge::text, size_surcharge_from from rings where sku = ${`${tag}-${sku}`}`.then((r) => r[0]);

/** Rings written straight to the table, each with its sizing: the bulk and CSV fixtures. */
async function insertRings(rows: { sku: string; adjustable?: boolean; sizes?: string[]; surcharge?: number; from?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const [row] = await sql<{ id: string }[]>`
      insert into rings (name, sku, price_stone1, status, is_adjustable, sizes, size_surcharge, size_surcharge_from)
      values (${`${tag} ${r.sku}`}, ${`${tag}-${r.sku}`}, 40, 'active', ${r.adjustable ?? false}, ${r.sizes ?? (r.adjustable ? [] : FIVE_TO_NINE)}::text[],
              ${r.surcharge ?? null}, ${r.from ?? null})
      returning id`;
    ids.push(row!.id);
  }
  return ids;
}

describe('the product modal', () => {
  it('saves the sizes and the surcharge canonical, and the history shows them in words', async () => {
    const created = await admin(() => createProduct({ category: 'rings', values: ringValues('M1'), publishAnyway: true }));
    expect(created).toMatchObject({ ok: true });
    expect(await stored('M1')).toMatchObject({ sizes: FIVE_TO_NINE, size_surcharge: null, size_surcharge_from: null });

    const id = created.ok ? created.data.id : '';
    const updated = await admin(() =>
      updateProduct({ category: 'rings', id, values: ringValues('M1', { sizes: '11, 5-7, 10.0', size_surcharge: '2.5', size_surcharge_from: '10' }) }),
    );
    expect(updated).toMatchObject({ ok: true, message: 'Product updated successfully' });
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith('catalog');
    expect(await stored('M1')).toMatchObject({ sizes: ['5', '5.5', '6', '6.5', '7', '10', '11'], size_surcharge: '2.50', size_surcharge_from: '10' });

    const history = await admin(() => loadProductHistory({ category: 'rings', productId: id, before: Number.MAX_SAFE_INTEGER }));
    expect(history.ok && history.data.entries[0]!.changes).toEqual([
      { field: 'Ring sizes', before: '5-9', after: '5-7, 10, 11' },
      { field: 'Size surcharge', before: '(empty)', after: '$2.50' },
      { field: 'Surcharge from size', before: '(empty)', after: '10' },
    ]);
    // The form of the stored ring reads back what was saved.
    const [row] = await sql`select * from rings where id = ${id}`;
    expect(formValuesFromRow('rings', { ...row!, id })).toMatchObject({ sizes: '5-7, 10, 11', size_surcharge: '2.50', size_surcharge_from: '10' });
  });

  it('refuses sizes on an adjustable ring beside the field, and writes nothing', async () => {
    const refused = await admin(() => createProduct({ category: 'rings', values: ringValues('ADJ', { is_adjustable: true, sizes: '7' }) }));
    expect(refused).toMatchObject({ ok: false, status: 400, error: ADJUSTABLE_WITH_SIZES, fieldErrors: { sizes: ADJUSTABLE_WITH_SIZES } });
    expect(await stored('ADJ')).toBeUndefined();

    const notOffered = await admin(() => createProduct({ category: 'rings', values: ringValues('ADJ', { size_surcharge: '3', size_surcharge_from: '12' }) }));
    expect(notOffered).toMatchObject({ ok: false, fieldErrors: { size_surcharge_from: 'The surcharge starts at size 12, which the ring does not offer.' } });

    const badList = await admin(() => createProduct({ category: 'rings', values: ringValues('ADJ', { sizes: '5-9, 17' }) }));
    expect(badList).toMatchObject({ ok: false, fieldErrors: { sizes: `"17" is not a ring size: ${RING_SIZES_FORMAT}.` } });
    expect(await stored('ADJ')).toBeUndefined();

    const adjustable = await admin(() => createProduct({ category: 'rings', values: ringValues('ADJ', { is_adjustable: true, sizes: '' }), publishAnyway: true }));
    expect(adjustable).toMatchObject({ ok: true });
    expect(await stored('ADJ')).toMatchObject({ is_adjustable: true, sizes: [] });
  });
});

describe('bulk: set ring sizes', () => {
  const history = (ids: string[], note: string) =>
    sql<{ product_id: string; changes: Record<string, unknown> }[]>`select product_id, changes from product_events where note = ${note} and product_id = any(${ids}::uuid[])`;
  /** Every fixture ring and its history, as one hash: equal = nothing changed. */
  const state = async () =>
    (await sql<{ fp: string }[]>`
      select md5(coalesce(string_agg(to_jsonb(r)::text, ',' order by r.id), '') || (select count(*)::text from product_events)) as fp
        from rings r where r.sku like ${tag + '-B%'}`)[0]!.fp;

  it('sets the rings picked, skips the adjustable ones and says how many of each', async () => {
    const [a, b, adjustable] = await insertRings([{ sku: 'B1' }, { sku: 'B2', sizes: ['6'] }, { sku: 'B3', adjustable: true }]);
    const result = await admin(() => bulkSetProductRingSizes({ category: 'rings', target: { kind: 'ids', ids: [a!, b!, adjustable!] }, sizes: '6-8, 10' }));
    expect(result).toMatchObject({ ok: true, data: { count: 2, skipped: 1 }, message: 'Sizes of 2 rings set to US 6-8, 10; 1 ring skipped because it is adjustable' });
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith('catalog');
    const sized = ['6', '6.5', '7', '7.5', '8', '10'];
    expect(await stored('B1')).toMatchObject({ sizes: sized });
    expect(await stored('B2')).toMatchObject({ sizes: sized });
    expect(await stored('B3')).toMatchObject({ is_adjustable: true, sizes: [] });
    const events = await history([a!, b!, adjustable!], 'Bulk: ring sizes 6-8, 10');
    expect(events.map((e) => e.product_id).sort()).toEqual([a!, b!].sort());
    expect(events.every((e) => Object.keys(e.changes).join() === 'sizes')).toBe(true);
  });

  it('sets every ring matching the filters', async () => {
    await insertRings([{ sku: 'BM1' }, { sku: 'BM2', adjustable: true }]);
    const filter = { status: null, material: null, isNew: false, isMens: false, q: `${tag}-BM` };
    const result = await admin(() => bulkSetProductRingSizes({ category: 'rings', target: { kind: 'matching', filter, expected: 2 }, sizes: '7' }));
    expect(result).toMatchObject({ ok: true, data: { count: 1, skipped: 1 } });
    expect(await stored('BM1')).toMatchObject({ sizes: ['7'] });
  });

  it('refuses a list that leaves out a ring’s surcharge size, and a screen other than rings, changing nothing', async () => {
    const [charged, plain] = await insertRings([{ sku: 'BS1', sizes: ['8', '9', '10', '11'], surcharge: 2, from: '10' }, { sku: 'BS2' }]);
    const before = await state();
    const target = { kind: 'ids' as const, ids: [charged!, plain!] };
    expect(await admin(() => bulkSetProductRingSizes({ category: 'rings', target, sizes: '5-9' }))).toMatchObject({ ok: false, status: 422, error: surchargeLeftOut(1, ['10']) });
    expect(await admin(() => bulkSetProductRingSizes({ category: 'necklaces', target, sizes: '5-9' }))).toMatchObject({ ok: false, status: 400, error: SIZES_RINGS_ONLY });
    expect(await state()).toBe(before);
    // A list that keeps the size keeps the surcharge.
    expect(await admin(() => bulkSetProductRingSizes({ category: 'rings', target, sizes: '9-12' }))).toMatchObject({ ok: true, data: { count: 2, skipped: 0 } });
    expect(await stored('BS1')).toMatchObject({ sizes: ['9', '9.5', '10', '10.5', '11', '11.5', '12'], size_surcharge: '2.00', size_surcharge_from: '10' });
  });

  it('changes no ring when one fails mid-statement', async () => {
    const ids = await insertRings([{ sku: 'BF1' }, { sku: 'BF2' }, { sku: 'BF3-BOOM' }]);
    await sql`create or replace function public.test_ring_sizes_boom() returns trigger language plpgsql as $$
                begin if new.sku like '%-BOOM' then raise exception 'boom'; end if; return null; end $$`;
    await sql`grant execute on function public.test_ring_sizes_boom() to authenticated`;
    // After each row: the statement has changed the other rings when this one fails.
    await sql`create trigger test_ring_sizes_boom after update on rings for each row execute function public.test_ring_sizes_boom()`;
    try {
      const before = await state();
      expect(await admin(() => bulkSetProductRingSizes({ category: 'rings', target: { kind: 'ids', ids }, sizes: '12' }))).toMatchObject({ ok: false, status: 500 });
      expect(await state()).toBe(before);
    } finally {
      await sql`drop trigger test_ring_sizes_boom on rings`;
      await sql`drop function public.test_ring_sizes_boom()`;
    }
  });
});

describe('the CSV file', () => {
  async function runImport(body: string | Uint8Array) {
    const response = await admin(() => importCsv(importRequest('rings', body)));
    expect(response.status).toBe(200);
    return (await importEvents(response)).find((e) => e.type === 'done');
  }

  it('export → import of the same file changes nothing: default sizes, a wider run with a surcharge, an adjustable ring', async () => {
    await insertRings([
      { sku: 'C-DEFAULT' },
      { sku: 'C-WIDE', sizes: ['4', '4.5', '5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '12', '13'], surcharge: 2, from: '10' },
      { sku: 'C-ADJ', adjustable: true },
    ]);
    const response = await admin(() => exportCsv(new Request('http://localhost/api/admin/products/export?category=rings')));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const parsed = parseCsvText(new TextDecoder().decode(bytes));
    if (!parsed.ok) throw new Error(parsed.error);
    const cells = (sku: string) => {
      const record = parsed.value.records.find((r) => r.sku === `${tag}-${sku}`)!;
      return [record.is_adjustable, record.sizes, record.size_surcharge];
    };
    expect(cells('C-DEFAULT')).toEqual(['false', '5-9', '']);
    expect(cells('C-WIDE')).toEqual(['false', '4-11, 12, 13', '2.00 from 10']);
    expect(cells('C-ADJ')).toEqual(['true', '', '']);

    const [{ n, with_sku }] = (await sql`select count(*)::int as n, count(sku)::int as with_sku from rings`) as unknown as [{ n: number; with_sku: number }];
    const before = [await tableFingerprint('rings'), await tableFingerprint('product_events')];
    expect(await runImport(bytes)).toMatchObject({ created: 0, updated: 0, unchanged: with_sku, total: n, bad: [] });
    expect([await tableFingerprint('rings'), await tableFingerprint('product_events')]).toEqual(before);
  });

  it('lists a row with an unknown size format or a sizing problem by number and reason, and imports the rest', async () => {
    const file =
      'sku,name,is_adjustable,price_stone1,sizes,size_surcharge\n' +
      `${tag}-I1,Imported,no,20,"5-9, 10, 11",1.25 from 10\n` +
      `${tag}-I2,Bad list,no,20,5 to 9,\n` +
      `${tag}-I3,Adjustable,yes,20,7,\n` +
      `${tag}-I4,Not offered,no,20,5-9,2.00 from 11\n` +
      `${tag}-I5,No sizes,no,20,,\n`;
    const done = await runImport(file);
    expect(done).toMatchObject({
      created: 2,
      bad: [
        { row: 3, sku: `${tag}-I2`, reason: `sizes: "to" is not a ring size: ${RING_SIZES_FORMAT}.` },
        { row: 4, sku: `${tag}-I3`, reason: `sizes: ${ADJUSTABLE_WITH_SIZES}` },
        { row: 5, sku: `${tag}-I4`, reason: 'size_surcharge: The surcharge starts at size 11, which the ring does not offer.' },
      ],
    });
    expect(await stored('I1')).toMatchObject({ sizes: [...FIVE_TO_NINE, '10', '11'], size_surcharge: '1.25', size_surcharge_from: '10' });
    expect(await stored('I5')).toMatchObject({ sizes: [] });
    expect(await sql`select sku from rings where sku in ${sql([`${tag}-I2`, `${tag}-I3`, `${tag}-I4`])}`).toEqual([]);
  });
});
