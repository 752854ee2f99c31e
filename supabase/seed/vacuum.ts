// VACUUM that leaves the tables as a running shop has them: every page marked all-visible, so index-only scans read
// no table rows. Used after bulk seeding, by the seed and by the bench.
import type postgres from 'postgres';

const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * VACUUM (ANALYZE) of `tables` (in `schema`, public by default). VACUUM marks a page all-visible only when no
 * snapshot still open anywhere could miss its rows, and one that began before the load committed (an autovacuum
 * worker's ANALYZE of a table, as the load went on) left whole tables unmarked: all six of a 100,000-product seed's,
 * in one run. Such a snapshot ends within seconds, so the tables still unmarked are vacuumed again until they are,
 * for up to 30 s.
 */
export async function vacuumAllVisible(
  sql: postgres.Sql,
  tables: readonly string[],
  log: (line: string) => void = () => {},
  schema = 'public',
): Promise<void> {
  const bad = [schema, ...tables].find((t) => !NAME.test(t));
  if (bad) throw new Error(`vacuumAllVisible: not a table name: ${bad}`);
  const list = (names: readonly string[]) => names.map((t) => `${schema}.${t}`).join(', ');
  await sql.unsafe(`vacuum (analyze) ${list(tables)}`);
  for (let attempt = 1; ; attempt++) {
    const lagging = await sql<{ relname: string }[]>`
      select relname from pg_class
       where relnamespace = ${schema}::regnamespace and relname = any(${[...tables]}) and relallvisible < relpages * 0.99`;
    if (lagging.length === 0) return;
    const names = lagging.map((t) => t.relname);
    if (attempt > 30) return log(`vacuum: ${names.join(', ')} not all-visible yet (autovacuum will mark them)`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    log(`vacuum: ${names.join(', ')} again (not all-visible yet)`);
    await sql.unsafe(`vacuum ${list(names)}`);
  }
}
