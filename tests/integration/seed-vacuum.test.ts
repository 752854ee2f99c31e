// After a bulk load the seed and the bench vacuum until every page is all-visible, even when a snapshot taken
// before the load committed is still open elsewhere (supabase/seed/vacuum.ts).
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import { vacuumAllVisible } from '@/supabase/seed/vacuum';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
// A schema of its own: the tests of the migrations and grants read every table in public, and run alongside.
const schema = `vacuum_probe_${crypto.randomUUID().slice(0, 8)}`;
const table = 'probe';
afterAll(async () => {
  await sql.unsafe(`drop schema if exists ${schema} cascade`);
  await Promise.all([sql.end(), other.end()]);
});

const visibility = async () =>
  (await sql<{ relpages: number; relallvisible: number }[]>`
    select relpages, relallvisible from pg_class where relnamespace = ${schema}::regnamespace and relname = ${table}`)[0]!;

it('marks every page all-visible once an older snapshot has ended', async () => {
  await sql.unsafe(`create schema ${schema}`);
  await sql.unsafe(`create table ${schema}.${table} (id int primary key, filler text)`);
  // A snapshot taken before the load commits, held by another connection for 1.5 s.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const snapshot = new Promise<void>((resolve) => (taken = resolve));
  const holder = other.begin('isolation level repeatable read', async (tx) => {
    await tx`select 1`;
    taken();
    await held;
  });
  await snapshot;
  await sql.unsafe(`insert into ${schema}.${table} select g, repeat('x', 200) from generate_series(1, 5000) g`);
  setTimeout(release, 1_500);

  const lines: string[] = [];
  await vacuumAllVisible(sql, [table], (line) => lines.push(line), schema);
  await holder;

  const { relpages, relallvisible } = await visibility();
  expect(relpages).toBeGreaterThan(10);
  expect(relallvisible).toBe(relpages);
  // The first VACUUM could not mark the pages while the snapshot was open: they were vacuumed again.
  expect(lines.some((l) => l.includes(`${table} again`))).toBe(true);
});

it('refuses a name that is not a plain table name', async () => {
  await expect(vacuumAllVisible(sql, ['rings; drop table x'])).rejects.toThrow('not a table name');
});
