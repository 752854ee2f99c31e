// The database starts like a new hosted Supabase project (nothing granted by default), so every privilege the app
// uses comes from a migration. The matrix in supabase/grants.ts lists every table in public and what each role may
// do there; the database must match it exactly.
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { compareGrants, readGrants, TABLE_GRANTS } from '../../supabase/grants';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

const rollback = new Error('rollback');
async function inRollback(fn: (tx: postgres.TransactionSql) => Promise<void>) {
  await sql.begin(fn).then(
    () => {
      throw new Error('expected a rollback');
    },
    (e) => {
      if (e !== rollback) throw e;
    },
  );
}

async function asRole(tx: postgres.TransactionSql, role: string, claims: Record<string, unknown> = { role }) {
  await tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
}

describe('grants', () => {
  it('match the matrix for every table, view, sequence and function in public', async () => {
    const found = await readGrants(sql);
    expect(found.tables.length).toBe(Object.keys(TABLE_GRANTS).length);
    expect(compareGrants(found)).toEqual([]);
  });

  it('come from the migrations only: the API roles have no default privileges in public', async () => {
    const rows = await sql`
      select d.defaclobjtype from pg_default_acl d, aclexplode(d.defaclacl) a
       where d.defaclnamespace = 'public'::regnamespace
         and a.grantee in (select oid from pg_roles where rolname in ('anon', 'authenticated', 'service_role'))`;
    expect(rows).toEqual([]);
    await inRollback(async (tx) => {
      await tx`create table public.grants_probe (id int primary key)`;
      const problems = compareGrants(await readGrants(tx as unknown as postgres.Sql));
      expect(problems).toEqual(['table grants_probe: not listed in supabase/grants.ts']);
      await asRole(tx, 'anon');
      await expect(tx`select * from public.grants_probe`).rejects.toMatchObject({ code: '42501' });
      throw rollback;
    });
  });

  it('report a revoked grant and a grant beyond the matrix, one readable line each', async () => {
    await inRollback(async (tx) => {
      await tx`revoke select on public.search_words from anon`;
      await tx`grant delete on public.orders to service_role`;
      await tx`grant execute on function public.purge_rate_limits() to anon`;
      expect(compareGrants(await readGrants(tx as unknown as postgres.Sql))).toEqual([
        'function purge_rate_limits(): anon has EXECUTE beyond what the app needs',
        'table orders: service_role has DELETE beyond what the app needs',
        'table search_words: anon lacks SELECT',
      ]);
      throw rollback;
    });
  });

  it('let each role do what the app does, and refuse the rest with 42501', async () => {
    await inRollback(async (tx) => {
      await asRole(tx, 'anon');
      await tx`select count(*) from public.catalog_products`;
      await tx`select count(*) from public.search_words`;
      await expect(tx`savepoint a`.then(() => tx`select 1 from public.user_profiles`)).rejects.toMatchObject({
        code: '42501',
      });
      await tx`rollback to savepoint a`;
      await expect(tx`savepoint b`.then(() => tx`insert into public.page_content (page_slug, page_title) values ('x', 'x')`)).rejects.toMatchObject({
        code: '42501',
      });
      await tx`rollback to savepoint b`;
      await asRole(tx, 'service_role');
      await tx`select count(*) from public.checkout_sessions`;
      await tx`select nextval('public.order_reference_seq')`;
      await expect(tx`savepoint c`.then(() => tx`select 1 from public.user_addresses`)).rejects.toMatchObject({
        code: '42501',
      });
      await tx`rollback to savepoint c`;
      await asRole(tx, 'authenticated', { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' });
      await tx`select count(*) from public.orders`;
      await expect(tx`savepoint d`.then(() => tx`select 1 from public.checkout_sessions`)).rejects.toMatchObject({
        code: '42501',
      });
      await tx`rollback to savepoint d`;
      throw rollback;
    });
  });
});
