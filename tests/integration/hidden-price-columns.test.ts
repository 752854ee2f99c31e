// Hidden prices through the Data API: a request runs as the API role of its key or token (anon, authenticated) with
// its claims, as PostgREST runs it. Where the shop hides prices, those roles read products without their prices,
// while the shop's own queries (shop_anon, shop_authenticated: lib/core/db) still read them all and show each visitor
// only what their view allows. Shown to everyone again, the API roles read prices as before. The file holds the shop
// settings lock (shop-settings-lock.ts): it changes who sees prices.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, withActor } from '@/lib/core/db';
import { INSUFFICIENT_PRIVILEGE } from './rls-support';
import { compareGrants, readGrants } from '@/supabase/grants';
import { insertProducts, removeProducts, sql, type TestProducts } from './checkout-support';
import { holdShopSettings } from './shop-settings-lock';

let p: TestProducts;
let release: () => Promise<void>;
const BUYER = '7a0f6b3e-2f1d-4c5b-9a8e-1d2c3b4a5f60';

beforeAll(async () => {
  release = await holdShopSettings();
  p = await insertProducts();
});

afterAll(async () => {
  await sql`update shop_settings set price_visibility = 'everyone'`;
  await release();
  await removeProducts(p);
  await sql.end();
  await db().end();
});

/** A statement as the Data API runs it for a key or token: the API role itself, with the token's claims. */
async function asApi<T>(role: 'anon' | 'authenticated', fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  const claims = role === 'authenticated' ? { role, sub: BUYER, aud: 'authenticated' } : { role };
  return sql.begin(async (tx) => {
    await tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
    return fn(tx);
  }) as Promise<T>;
}

const refusal = (run: Promise<unknown>) =>
  run.then(
    () => null,
    (err: unknown) => (err instanceof postgres.PostgresError ? err.code : String(err)),
  );

describe('who sees prices, at the database', () => {
  it('lets the API roles read prices while the shop shows them to everyone', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      const [row] = await asApi(role, (tx) => tx<{ price_stone1: string }[]>`select price_stone1 from rings where id = ${p.ring}`);
      expect(Number(row!.price_stone1)).toBe(19.99);
    }
  });

  it('keeps every price column from the API roles where the shop hides prices, and nothing else', async () => {
    await sql`update shop_settings set price_visibility = 'trade'`;
    try {
      for (const role of ['anon', 'authenticated'] as const) {
        expect(await refusal(asApi(role, (tx) => tx`select price_stone1 from rings where id = ${p.ring}`))).toBe(INSUFFICIENT_PRIVILEGE);
        expect(await refusal(asApi(role, (tx) => tx`select * from necklaces limit 1`))).toBe(INSUFFICIENT_PRIVILEGE);
        expect(await refusal(asApi(role, (tx) => tx`select n_price_18_stone1 from necklaces where id = ${p.necklace}`))).toBe(INSUFFICIENT_PRIVILEGE);
        expect(await refusal(asApi(role, (tx) => tx`select price_from, default_price from catalog_products limit 1`))).toBe(INSUFFICIENT_PRIVILEGE);
        expect(await refusal(asApi(role, (tx) => tx`select size_surcharge from rings limit 1`))).toBe(INSUFFICIENT_PRIVILEGE);
        // The rest of a product is still there: names, SKUs, images.
        const [ring] = await asApi(role, (tx) => tx<{ name: string; sku: string }[]>`select name, sku from rings where id = ${p.ring}`);
        expect(ring).toEqual({ name: 'Checkout Ring', sku: `${p.tag}-R` });
      }
      // The shop's own queries read every column, under the same policies (an anonymous one reads active products).
      const [own] = await withActor({ role: 'anon' }, (tx) => tx<{ price_stone1: string }[]>`select price_stone1 from rings where id = ${p.ring}`);
      expect(Number(own!.price_stone1)).toBe(19.99);
      const [admin] = await withActor({ role: 'authenticated', userId: BUYER }, (tx) => tx<{ current_user: string }[]>`select current_user`);
      expect(admin!.current_user).toBe('shop_authenticated');
      // npm run check:hosted reads the hidden state as the grants the list names.
      expect(compareGrants(await readGrants(sql))).toEqual([]);
    } finally {
      await sql`update shop_settings set price_visibility = 'everyone'`;
    }
    const [row] = await asApi('anon', (tx) => tx<{ price_stone1: string }[]>`select price_stone1 from rings where id = ${p.ring}`);
    expect(Number(row!.price_stone1)).toBe(19.99);
  });

  it('leaves the shop roles out of the Data API: its login role is no member of them', async () => {
    const rows = await sql<{ role: string; api: boolean }[]>`
      select r.rolname as role, exists (select 1 from pg_auth_members m join pg_roles a on a.oid = m.member
                                         where m.roleid = r.oid and a.rolname = 'authenticator') as api
        from pg_roles r where r.rolname in ('shop_anon', 'shop_authenticated') order by 1`;
    expect(rows).toEqual([
      { role: 'shop_anon', api: false },
      { role: 'shop_authenticated', api: false },
    ]);
  });
});
