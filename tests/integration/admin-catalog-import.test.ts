// CSV import and export of the category screens, through their route handlers as the demo admin: the rules
// row by row, upsert by SKU, image_url as the primary image, all-or-nothing writes (a failure in the last batch
// leaves no row), files that are refused before anything is written, and export → import changing nothing.
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as exportCsv } from '@/app/api/admin/products/export/route';
import { POST as importCsv } from '@/app/api/admin/products/import/route';
import { csvColumns } from '@/lib/admin/catalog/fields';
import { IMPORT_MAX_BYTES } from '@/lib/admin/catalog/csv-file';
import { IMPORT_BATCH_SIZE } from '@/lib/admin/catalog/import';
import { CATEGORIES } from '@/lib/catalog/categories';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { importEvents, importRequest, tableFingerprint, uniqueTag } from './catalog-support';
import { sql } from './checkout-support';

const hooks = vi.hoisted(() => ({ after: [] as Array<() => unknown> }));
vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});
// Next.js runs after() callbacks once the response has ended; here, when the test says so.
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  after: (fn: () => unknown) => void hooks.after.push(fn),
}));

let who: Callers;
const tag = uniqueTag('IT-IMP');

beforeAll(async () => {
  who = await callers();
});
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  hooks.after.length = 0;
});
afterAll(async () => {
  for (const category of CATEGORIES) await sql`delete from ${sql('public.' + category)} where sku like ${tag + '%'}`;
  await closeSupport();
});

async function runImport(category: string, body: string | Uint8Array) {
  const response = await as(who.admin, () => importCsv(importRequest(category, body)));
  if (response.headers.get('content-type')?.startsWith('application/json')) return { status: response.status, error: ((await response.json()) as { error: string }).error, events: [] };
  const events = await importEvents(response);
  for (const fn of hooks.after.splice(0)) await fn();
  return { status: response.status, error: undefined, events };
}

const done = (events: Awaited<ReturnType<typeof runImport>>['events']) => events.find((e) => e.type === 'done');

describe('import rules, row by row', () => {
  const file =
    'SKU,Name,Weight,MOQ,Is_New_Arrival,Is_Mens_Jewelry,Material,Stone,Stone1,Stone2,Price_Stone1,Price_Stone2,Earring_Type,Notes\n' +
    `${tag}-E1,Stud Pair,1.25,6,Yes,0,Gold,Ruby,Ruby,Onyx,19.99,24.50,Stud,ignored\n` +
    `${tag}-E2,,heavy,several,TRUE,true,,,,,12,,,\n` +
    `,No sku here,1,1,yes,yes,,,,,5,,,\n` +
    `${tag}-E3,Hoops,2,1,no,1,silver,,,,"1,000.00",,Hoop,\n` +
    `${tag}-E4,Drops,2,1,no,no,tin,,,,7.5,,Drop,\n` +
    `${tag}-E5,Climbers,-1,1,no,no,silver,,,,7.5,,,\n`;

  it('writes the good rows, lists the bad ones, skips rows without sku, and says how many', async () => {
    const { status, events } = await runImport('earrings', file);
    expect(status).toBe(200);
    expect(events[0]).toEqual({ type: 'start', rows: 5 });
    expect(events[1]).toEqual({ type: 'progress', checked: 5, rows: 5 });
    expect(events.at(-1)).toEqual({
      type: 'done',
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      total: 6,
      bad: [
        { row: 5, sku: `${tag}-E3`, reason: 'price_stone1: Price (Stone 1) must be a number, like 12.50' },
        { row: 6, sku: `${tag}-E4`, reason: 'material: Material must be one of silver, gold, rose-gold' },
        { row: 7, sku: `${tag}-E5`, reason: 'weight: Weight cannot be negative' },
      ],
    });
    const rows = await sql`select * from earrings where sku like ${tag + '%'} order by sku`;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      sku: `${tag}-E1`, name: 'Stud Pair', weight: '1.25', moq: 6, is_new_arrival: true, is_mens_jewelry: false, material: 'gold',
      stone: 'Ruby', stone_details: { Stone1: 'Ruby', Stone2: 'Onyx' }, price_stone1: '19.99', price_stone2: '24.50', earring_type: 'Stud',
    });
    expect(rows[1]).toMatchObject({
      sku: `${tag}-E2`, name: 'Untitled Product', weight: null, moq: 1, is_new_arrival: true, is_mens_jewelry: true, material: null,
      stone_details: null, price_stone1: '12.00', earring_type: null,
    });
    expect(revalidateTag).toHaveBeenCalledWith('catalog');
  });

  it('stores pack sizes and price breaks, and lists a bad list by row and reason', async () => {
    const packs =
      'sku,name,price_stone1,pack_size,price_breaks\n' +
      `${tag}-P1,Six Pack,10,6,10:5;50:10\n` +
      `${tag}-P2,Bad Breaks,10,,50:10;10:5\n`;
    const { events } = await runImport('rings', packs);
    expect(done(events)).toMatchObject({
      created: 1,
      bad: [{ row: 3, sku: `${tag}-P2`, reason: 'price_breaks: Price break quantities must go up, each larger than the one before' }],
    });
    const [row] = await sql`select pack_size, price_breaks from rings where sku = ${tag + '-P1'}`;
    expect(row).toEqual({ pack_size: 6, price_breaks: [{ minQuantity: 10, percentOff: 5 }, { minQuantity: 50, percentOff: 10 }] });
  });

  it('importing the file again updates by SKU instead of adding, and leaves unchanged rows alone', async () => {
    const before = await sql`select id, sku from earrings where sku like ${tag + '%'} order by sku`;
    const { events } = await runImport('earrings', file.replace('Stud Pair', 'Stud Pair II'));
    expect(done(events)).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = await sql`select id, sku, name from earrings where sku like ${tag + '%'} order by sku`;
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after[0]!.name).toBe('Stud Pair II');
  });
});

describe('image_url', () => {
  it('becomes the primary image; a second one goes first and the old one moves down; the same file again changes nothing', async () => {
    const [one, two] = await sql<{ image_url: string }[]>`select distinct image_url from product_images where ring_id is not null order by image_url limit 2`;
    const sku = `${tag}-IMG`;
    await runImport('rings', `sku,name,image_url\n${sku},Imaged,${one!.image_url}\n`);
    const [ring] = await sql<{ id: string; image_url: string }[]>`select id, image_url from rings where sku = ${sku}`;
    expect(ring!.image_url).toBe(one!.image_url);
    const images = () => sql`select image_url, is_primary, display_order from product_images where ring_id = ${ring!.id} order by display_order`;
    expect(await images()).toEqual([{ image_url: one!.image_url, is_primary: true, display_order: 0 }]);

    await runImport('rings', `sku,name,image_url\n${sku},Imaged,${two!.image_url}\n`);
    expect(await images()).toEqual([
      { image_url: two!.image_url, is_primary: true, display_order: 0 },
      { image_url: one!.image_url, is_primary: false, display_order: 1 },
    ]);
    const settled = await tableFingerprint('product_images');
    await runImport('rings', `sku,name,image_url\n${sku},Imaged,${two!.image_url}\n`);
    expect(await tableFingerprint('product_images')).toBe(settled);
    expect((await sql`select image_url from rings where id = ${ring!.id}`)[0]!.image_url).toBe(two!.image_url);
  });
});

describe('image_url outside the bucket or naming no file', () => {
  it('refuses an encoded climb out of the bucket and a bucket URL with no file, and writes the other rows', async () => {
    const [one] = await sql<{ image_url: string }[]>`select image_url from product_images where ring_id is not null limit 1`;
    const prefix = one!.image_url.slice(0, one!.image_url.indexOf('/product-images/') + '/product-images/'.length);
    const climb = `${prefix}%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/favicon.ico`;
    const missing = `${prefix}rings/00000000-0000-4000-8000-000000000000/not-stored.png`;
    const { events } = await runImport(
      'rings',
      `sku,name,image_url\n${tag}-U1,Climb,${climb}\n${tag}-U2,Missing,${missing}\n${tag}-U3,Stored,${one!.image_url}\n`,
    );
    expect(done(events)).toMatchObject({
      created: 1,
      bad: [
        { row: 2, sku: `${tag}-U1`, reason: expect.stringMatching(/^image_url: must be an image stored in the shop's product-images bucket/) },
        { row: 3, sku: `${tag}-U2`, reason: "image_url: there is no such image in the shop's product-images bucket" },
      ],
    });
    expect(await sql`select sku, image_url from rings where sku like ${tag + '-U%'} order by sku`).toEqual([{ sku: `${tag}-U3`, image_url: one!.image_url }]);
  });

  it('lists every row when each one names an image the bucket lacks, and writes nothing', async () => {
    const [one] = await sql<{ image_url: string }[]>`select image_url from product_images where ring_id is not null limit 1`;
    const prefix = one!.image_url.slice(0, one!.image_url.indexOf('/product-images/') + '/product-images/'.length);
    const before = await tableFingerprint('rings');
    const { status, events } = await runImport('rings', `sku,name,image_url\n${tag}-M1,Gone,${prefix}rings/gone-1.png\n${tag}-M2,Gone,${prefix}rings/gone-2.png\n`);
    expect(status).toBe(200);
    expect(events[0]).toEqual({ type: 'start', rows: 2 });
    expect(events.at(-1)).toEqual({
      type: 'done',
      created: 0,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      total: 2,
      bad: [1, 2].map((n) => ({ row: n + 1, sku: `${tag}-M${n}`, reason: "image_url: there is no such image in the shop's product-images bucket" })),
    });
    expect(await tableFingerprint('rings')).toBe(before);
  });
});

describe('all or nothing', () => {
  it('a failure in the last batch leaves no row of the file', async () => {
    const count = IMPORT_BATCH_SIZE * 2 + 10;
    const lines = Array.from({ length: count }, (_, i) => `${tag}-B${String(i).padStart(5, '0')},Batch ${i},${(i % 50) + 1}.00`);
    const last = `${tag}-B${String(count - 1).padStart(5, '0')}`;
    await sql.unsafe(`create or replace function public.test_refuse_sku() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await sql.unsafe(`create trigger test_refuse_sku before insert on public.bracelets for each row when (new.sku = '${last}') execute function public.test_refuse_sku()`);
    const before = await tableFingerprint('bracelets');
    try {
      const { status, events } = await runImport('bracelets', `sku,name,b_price_7_stone1\n${lines.join('\n')}\n`);
      expect(status).toBe(200);
      expect(events.filter((e) => e.type === 'progress').map((e) => (e.type === 'progress' ? e.checked : 0))).toEqual([IMPORT_BATCH_SIZE, IMPORT_BATCH_SIZE * 2]);
      expect(events.at(-1)).toMatchObject({ type: 'error', error: expect.stringMatching(/^The import could not be completed and nothing was written \(reference [0-9a-f]+\)$/), requestId: expect.any(String) });
    } finally {
      await sql.unsafe('drop trigger test_refuse_sku on public.bracelets; drop function public.test_refuse_sku()');
    }
    expect(await tableFingerprint('bracelets')).toBe(before);
    expect(await sql`select id from bracelets where sku like ${tag + '-B%'}`).toHaveLength(0);
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});

describe('files that cannot be read', () => {
  const latin1 = new Uint8Array([...new TextEncoder().encode(`sku,name\n${tag}-L1,Caf`), 0xe9, 0x0a]);
  const cases: [string, string | Uint8Array, number, RegExp][] = [
    ['a spreadsheet', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), 422, /^This is a spreadsheet file, not CSV/],
    ['another encoding', latin1, 422, /^The file is not UTF-8 text/],
    ['bad quoting', `sku,name\n${tag}-Q1,"Open quote\n${tag}-Q2,Fine\n`, 422, /^The file is not valid CSV: a quoted field is not closed properly/],
    ['a header only', 'sku,name\n', 400, /^No data to import$/],
    ['rows without sku', 'sku,name\n,Nameless\n', 400, /^No data to import$/],
    ['no sku column', 'code,name\nX,Y\n', 422, /no "sku" column/],
    ['a file over 64 MB', new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x41), 413, /^The file is too large \(64 MB at most\)/],
  ];
  for (const [name, body, status, message] of cases) {
    it(`refuses ${name} with a clear message and writes nothing`, async () => {
      const before = await tableFingerprint('rings');
      const result = await runImport('rings', body);
      expect(result.status).toBe(status);
      expect(result.error).toMatch(message);
      expect(await tableFingerprint('rings')).toBe(before);
    });
  }

  it('refuses an unknown category', async () => {
    expect(await runImport('watches', 'sku\nX\n')).toMatchObject({ status: 400, error: 'Choose the category to import into.' });
  });
});

describe('export', () => {
  for (const category of CATEGORIES) {
    it(`${category}: export → import changes nothing`, async () => {
      const response = await as(who.admin, () => exportCsv(new Request(`http://localhost/api/admin/products/export?category=${category}`)));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text.startsWith(`\ufeff${csvColumns(category).join(',')}\r\n`)).toBe(true);
      const [{ n, with_sku }] = (await sql`select count(*)::int as n, count(sku)::int as with_sku from ${sql('public.' + category)}`) as unknown as [{ n: number; with_sku: number }];
      const before = [await tableFingerprint(category), await tableFingerprint('product_images')];
      const { events } = await runImport(category, bytes);
      expect(done(events)).toMatchObject({ created: 0, updated: 0, unchanged: with_sku, total: n, bad: [] });
      expect([await tableFingerprint(category), await tableFingerprint('product_images')]).toEqual(before);
    });
  }

  it('lists every product once when many share one created_at (an import), across batches', async () => {
    const skus = Array.from({ length: 2_345 }, (_, i) => `${tag}-SAME-${i}`);
    await sql`insert into rings ${sql(skus.map((sku) => ({ name: 'Same Moment', sku })))}`;
    try {
      const response = await as(who.admin, () => exportCsv(new Request('http://localhost/api/admin/products/export?category=rings')));
      const text = await response.text();
      const listed = [...text.matchAll(new RegExp(`${tag}-SAME-\\d+`, 'g'))].map((m) => m[0]);
      expect(listed.length).toBe(skus.length);
      expect(new Set(listed).size).toBe(skus.length);
    } finally {
      await sql`delete from rings where sku like ${tag + '-SAME-%'}`;
    }
  });

  it('refuses an unknown category', async () => {
    const response = await as(who.admin, () => exportCsv(new Request('http://localhost/api/admin/products/export?category=watches')));
    expect(response.status).toBe(400);
  });
});
