// The baseline schema (supabase/migrations) builds the very database the chain of migrations it replaced built:
// the same tables, columns, constraints, indexes, functions, triggers, policies, grants and rows
// (supabase/schema-compare.ts; also `npm run schema:compare`). And the comparison sees a change of each kind.
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { compareSchemas } from '../../supabase/schema-compare';
import { diffDumps, dumpSchema } from '../../supabase/schema-dump';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
afterAll(() => sql.end());

const adminUrl = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: '/postgres' }).toString();
const rollback = new Error('rollback');

describe('the baseline schema', () => {
  it('equals the schema of the chain it replaced, grants and rows included', async () => {
    const result = await compareSchemas(adminUrl);
    expect(result.oldFiles).toBeGreaterThan(result.newFiles);
    expect(result.schema).toEqual([]);
    expect(result.grants).toEqual([]);
    expect(result.objects).toBeGreaterThan(2000);
  }, 120_000);

  it('is compared closely enough to see a policy, grant, index, function body, check or row change', async () => {
    const before = await dumpSchema(sql);
    let diff: string[] = [];
    await sql
      .begin(async (tx) => {
        await tx.unsafe(`
          alter policy "read own orders" on public.orders using (false);
          revoke select on public.admin_users from authenticated;
          create index schema_probe_idx on public.orders (id);
          create or replace function public.quarter_of(p_at timestamptz) returns timestamptz
            language sql immutable set search_path = '' as $$ select p_at $$;
          alter table public.price_groups drop constraint price_groups_name_check;
          delete from public.search_words where word = 'ring';`);
        diff = diffDumps(before, await dumpSchema(tx as unknown as postgres.Sql));
        throw rollback;
      })
      .catch((e) => {
        if (e !== rollback) throw e;
      });
    const kinds = (sign: string) => new Set(diff.filter((l) => l.startsWith(sign)).map((l) => l.split(' ')[1]));
    expect(kinds('-')).toEqual(new Set(['relation', 'constraint', 'function', 'policy', 'row']));
    expect(kinds('+')).toEqual(new Set(['relation', 'index', 'column', 'function', 'policy']));
  });
});
