// Pack sizes and price breaks in the database: every category table has them with their defaults, the catalog view
// shows them, and the database refuses a list the checkout would misprice, even from a write that skips the app.
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { withActor } from '@/lib/core/db';
import { DEMO_USERS } from '@/supabase/seed/demo-users';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

const sku = () => `PB-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

describe('pack sizes and price breaks', () => {
  it('default to packs of 1 and no breaks, on every category, and show in the catalog view', async () => {
    for (const table of ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry']) {
      const [row] = await sql<{ id: string; pack_size: number; price_breaks: unknown }[]>`
        insert into ${sql(table)} (name, sku) values ('Default probe', ${sku()}) returning id, pack_size, price_breaks`;
      expect(row).toMatchObject({ pack_size: 1, price_breaks: [] });
      const [shown] = await sql`select pack_size, price_breaks from catalog_products where id = ${row!.id}`;
      expect(shown).toEqual({ pack_size: 1, price_breaks: [] });
      await sql`delete from ${sql(table)} where id = ${row!.id}`;
    }
  });

  it('take a sound list from an admin', async () => {
    const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
    const actor = { role: 'authenticated' as const, userId: admin!.id, email: DEMO_USERS.admin.email };
    const breaks = [{ minQuantity: 10, percentOff: 5 }, { minQuantity: 50, percentOff: 7.5 }];
    const [row] = await withActor(actor, (tx) => tx<{ id: string; pack_size: number; price_breaks: unknown }[]>`
      insert into public.rings (name, sku, pack_size, price_breaks) values ('Admin probe', ${sku()}, 6, ${tx.json(breaks)})
      returning id, pack_size, price_breaks`);
    expect(row).toMatchObject({ pack_size: 6, price_breaks: breaks });
    await sql`delete from rings where id = ${row!.id}`;
  });

  it.each([
    ['descending quantities', [{ minQuantity: 50, percentOff: 10 }, { minQuantity: 10, percentOff: 15 }]],
    ['less off for more', [{ minQuantity: 10, percentOff: 10 }, { minQuantity: 50, percentOff: 5 }]],
    ['more than 90 % off', [{ minQuantity: 10, percentOff: 95 }]],
    ['a break at 1', [{ minQuantity: 1, percentOff: 5 }]],
    ['a fractional quantity', [{ minQuantity: 10.5, percentOff: 5 }]],
    ['a percent as text', [{ minQuantity: 10, percentOff: '5' }]],
    ['not a list', { minQuantity: 10, percentOff: 5 }],
  ])('refuse %s', async (_name, breaks) => {
    await expect(sql`insert into rings (name, sku, price_breaks) values ('Bad probe', ${sku()}, ${sql.json(breaks as never)})`).rejects.toThrow(
      /price_breaks_check|violates check constraint/,
    );
  });

  it('refuse a pack size of 0 or above 10,000', async () => {
    await expect(sql`insert into earrings (name, sku, pack_size) values ('Bad pack', ${sku()}, 0)`).rejects.toThrow(/check constraint/);
    await expect(sql`insert into earrings (name, sku, pack_size) values ('Bad pack', ${sku()}, 10001)`).rejects.toThrow(/check constraint/);
  });
});
