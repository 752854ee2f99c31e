// An exact SKU typed into search, or a list of them pasted into quick order, is found through each product table's
// one lower(sku) index (built in "C" order for the quick order's prefix lookups): the lookups compare in that order,
// so the index serves them. Planner settings make any usable index win over reading the small test tables.
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

it('reads it for a list of SKUs too, as quick order looks up a pasted order', async () => {
  const plan = await sql.begin(async (tx) => {
    await tx`set local enable_seqscan = off`;
    await tx`set local enable_bitmapscan = off`;
    const rows = await tx<{ 'QUERY PLAN': string }[]>`
      explain select id from public.rings t where lower(t.sku) collate "C" = any(${['rng-1001', 'rng-1002']}::text[])`;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  expect(plan).toContain('rings_sku_prefix_idx');
});
