// An exact SKU typed into search is found through each product table's one lower(sku) index (built in "C" order for
// the quick order's prefix lookups): the lookups compare in that order, so the index serves them. Planner costs are
// set so that any usable index wins over reading the small test tables.
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });

afterAll(async () => {
  await sql.end();
});

it('reads the SKU index of every table for an exact SKU', async () => {
  const plan = await sql.begin(async (tx) => {
    await tx`set local enable_seqscan = off`;
    await tx`set local enable_bitmapscan = off`;
    const rows = await tx<{ 'QUERY PLAN': string }[]>`
      explain select id from public.catalog_products where lower(sku) collate "C" = ${'rng-1001'}`;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  for (const table of ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry']) {
    expect(plan).toContain(`${table}_sku_prefix_idx`);
  }
});
