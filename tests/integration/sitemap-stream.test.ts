// Product sitemap files stream from the database a batch at a time: with small files and batches, every active
// product appears exactly once across the files, in the oldest-first order, with each batch starting after the row
// before it to the microsecond (products made in one statement share a created_at and are ordered by id).
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productSitemapStream } from '@/lib/seo/sitemap';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
const TAG = `sm${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  // Twelve rings in one statement (one created_at), and a draft, which no sitemap lists.
  await sql`insert into rings ${sql(Array.from({ length: 12 }, (_, i) => ({ name: `${TAG} Ring ${i}`, sku: `${TAG}-${i}`, status: 'active' })))}`;
  await sql`insert into rings ${sql({ name: `${TAG} Draft`, sku: `${TAG}-draft`, status: 'draft' })}`;
});

afterAll(async () => {
  await sql`delete from rings where sku like ${TAG + '-%'}`;
  await sql.end();
});

it('lists every active product once, in order, across small files read in smaller batches', async () => {
  const expected = await sql<{ id: string }[]>`
    select id from catalog_products where status = 'active' order by created_at, id`;
  const perFile = Math.ceil(expected.length / 4);
  const listed: string[] = [];
  let files = 0;
  for (let chunk = 0; ; chunk++) {
    const stream = await productSitemapStream(chunk, perFile, 7);
    if (!stream) break;
    const xml = await new Response(stream).text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(xml.endsWith('</urlset>\n')).toBe(true);
    const ids = [...xml.matchAll(/<loc>[^<]*\/([0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!);
    expect(ids.length).toBeLessThanOrEqual(perFile);
    listed.push(...ids);
    files++;
  }
  expect(files).toBe(Math.ceil(expected.length / perFile));
  expect(listed).toEqual(expected.map((r) => r.id));
  const [draft] = await sql<{ id: string }[]>`select id from rings where sku = ${TAG + '-draft'}`;
  expect(listed).not.toContain(draft!.id);
});

it('has no file past the end', async () => {
  expect(await productSitemapStream(1_000)).toBeNull();
});
