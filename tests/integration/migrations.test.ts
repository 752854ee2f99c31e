import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, recreateDatabase } from '../../local-stack/db/migrate';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

describe('migrations', () => {
  it('apply every file in supabase/migrations to the empty test database', async () => {
    const { readdirSync } = await import('node:fs');
    const files = readdirSync('supabase/migrations').filter((f) => f.endsWith('.sql'));
    const rows = await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`;
    expect(rows.map((r) => r.version).sort()).toEqual(files.map((f) => f.split('_')[0]).sort());
  });

  it('refuse a database built by migrations the folder no longer holds, and say how to start afresh', async () => {
    const admin = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: '/postgres' }).toString();
    const url = Object.assign(new URL(admin), { pathname: '/migrations_squashed_probe' }).toString();
    await recreateDatabase(admin, 'migrations_squashed_probe');
    await migrate(url);
    const probe = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await probe`insert into supabase_migrations.schema_migrations (version, name) values ('20261123000100', 'rate_limits')`;
    } finally {
      await probe.end();
    }
    await expect(migrate(url)).rejects.toThrow(
      /holds 1 migration\(s\) that supabase\/migrations does not \(20261123000100…\).*npm run db:reset/,
    );
    await sql.unsafe('drop database migrations_squashed_probe with (force)');
  });

  it('enable row-level security on every table in public', async () => {
    const rows = await sql<{ relname: string; relrowsecurity: boolean }[]>`
      select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`;
    expect(rows.length).toBeGreaterThanOrEqual(13);
    expect(rows.filter((r) => !r.relrowsecurity).map((r) => r.relname)).toEqual([]);
  });

  it('compute price_from as the lowest positive price and keep image_url on the primary image', async () => {
    const rollback = new Error('rollback');
    await sql
      .begin(async (tx) => {
        const [n] = await tx<{ id: string; price_from: string }[]>`
          insert into necklaces (name, sku, n_price_16_stone1, n_price_18_stone1, b_price_7_stone2)
          values ('Migration probe', ${'MIG-' + Date.now()}, 0, 42.5, 30.25) returning id, price_from`;
        expect(n!.price_from).toBe('30.25');
        await tx`insert into product_images (image_url, necklace_id, display_order) values ('second.webp', ${n!.id}, 2)`;
        const [a] = await tx<{ image_url: string }[]>`select image_url from necklaces where id = ${n!.id}`;
        expect(a!.image_url).toBe('second.webp');
        await tx`insert into product_images (image_url, necklace_id, display_order, is_primary) values ('first.webp', ${n!.id}, 1, true)`;
        const [b] = await tx<{ image_url: string }[]>`select image_url from necklaces where id = ${n!.id}`;
        expect(b!.image_url).toBe('first.webp');
        await tx`delete from product_images where image_url = 'first.webp' and necklace_id = ${n!.id}`;
        const [c] = await tx<{ image_url: string }[]>`select image_url from necklaces where id = ${n!.id}`;
        expect(c!.image_url).toBe('second.webp');
        throw rollback;
      })
      .catch((e) => {
        if (e !== rollback) throw e;
      });
  });

  it('refuse an image with two owners and a product with moq 0', async () => {
    await expect(sql`insert into rings (name, moq) values ('bad', 0)`).rejects.toThrow(/moq/);
    await expect(
      sql`insert into product_images (image_url, ring_id, earring_id) values ('x', gen_random_uuid(), gen_random_uuid())`,
    ).rejects.toThrow();
  });
});
