// The product tables' stored search vectors (kept by a trigger on the text they are made of, not generated) against
// the vectors of each row's text computed afresh, after inserts, text edits, type and flag changes, and updates that
// leave the text alone (prices, status, MOQ), on every table: the whole seeded catalog and the rows written here.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
const TAG = `sv${randomUUID().slice(0, 6)}`;

// The words each table adds for what the product is (the *_search_vectors triggers, 20261210000200_catalog.sql).
const KIND: Record<string, string> = {
  rings: `'ring band'`,
  necklaces: `'necklace ' || coalesce(necklace_type, '') || case when is_bracelet then ' bracelet' else '' end`,
  bracelets: `'bracelet bangle cuff' || case when is_necklace then ' necklace' else '' end`,
  earrings: `'earring ' || coalesce(earring_type, '')`,
  body_jewelry: `'body jewelry piercing ' || coalesce(jewelry_type, '')`,
};

/** Rows whose stored vectors differ from their text's, per table. */
async function stale(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [table, kind] of Object.entries(KIND)) {
    const [row] = await sql.unsafe<{ n: number }[]>(`
      select count(*)::int as n from public.${table}
       where search_vector is distinct from public.product_search_vector(sku, name, material, stone, ${kind}, description)
          or name_vector is distinct from public.product_name_vector(sku, name)
          or name_vector is distinct from (to_tsvector('simple', coalesce(sku, '')) || to_tsvector('english', coalesce(name, '')))`);
    out[table] = row!.n;
  }
  return out;
}
const none = Object.fromEntries(Object.keys(KIND).map((t) => [t, 0]));

beforeAll(async () => {
  for (const table of Object.keys(KIND)) {
    await sql`insert into ${sql(table)} ${sql({ name: `${TAG} Halo ${table}`, sku: `${TAG}-${table}`, material: 'gold', description: 'Hand set' } as never)}`;
  }
});

afterAll(async () => {
  for (const table of Object.keys(KIND)) await sql`delete from ${sql(table)} where sku like ${TAG + '-%'}`;
  await sql.end();
});

it('hold the words of the name, SKU, material, stone, type and description after every kind of write', async () => {
  expect(await stale()).toEqual(none);
  const [ring] = await sql<{ search_vector: string }[]>`select search_vector::text from rings where sku = ${TAG + '-rings'}`;
  expect(ring!.search_vector).toContain("'ring':");
  expect(ring!.search_vector).toContain("'hand':");

  // Text edits on every table, one column a statement (the trigger names each column it reads), and each table's
  // own type or flag.
  for (const table of Object.keys(KIND)) {
    const where = sql`where sku = ${`${TAG}-${table}`}`;
    for (const write of [
      sql`update ${sql(table)} set name = ${`${TAG} Renamed Solitaire`} ${where}`,
      sql`update ${sql(table)} set description = 'Bezel set' ${where}`,
      sql`update ${sql(table)} set stone = 'Ruby' ${where}`,
      sql`update ${sql(table)} set material = 'silver' ${where}`,
    ]) {
      await write;
      expect(await stale()).toEqual(none);
    }
  }
  await sql`update necklaces set necklace_type = 'Pendant', is_bracelet = true where sku = ${TAG + '-necklaces'}`;
  await sql`update bracelets set is_necklace = true where sku = ${TAG + '-bracelets'}`;
  await sql`update earrings set earring_type = 'hoop' where sku = ${TAG + '-earrings'}`;
  await sql`update body_jewelry set jewelry_type = 'septum' where sku = ${TAG + '-body_jewelry'}`;
  await sql`update rings set sku = ${TAG + '-rings'} , material = 'rose-gold' where sku = ${TAG + '-rings'}`;
  // Writes that leave the text alone do not touch the vectors, and need not.
  await sql`update rings set price_stone1 = 99.5, moq = 3, status = 'draft' where sku = ${TAG + '-rings'}`;
  expect(await stale()).toEqual(none);

  const [necklace] = await sql<{ v: string }[]>`select search_vector::text as v from necklaces where sku = ${TAG + '-necklaces'}`;
  expect(necklace!.v).toMatch(/'pendant':.*'bracelet':|'bracelet':.*'pendant':/);
  const [renamed] = await sql<{ n: number }[]>`
    select count(*)::int as n from earrings where sku = ${TAG + '-earrings'} and name_vector @@ to_tsquery('english', 'solitaire')
      and search_vector @@ to_tsquery('english', 'hoop & bezel & ruby') and not search_vector @@ to_tsquery('english', 'halo')`;
  expect(renamed!.n).toBe(1);
});
