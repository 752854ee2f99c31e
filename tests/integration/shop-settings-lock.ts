// The shop's shipping methods, tax settings and exemptions are shared by every test file running at once: a file that
// changes them, or whose expectations read them exactly, holds this lock for its whole run, so no other such file
// sees its changes half-made. A Postgres advisory lock, held by a connection of its own.
import postgres from 'postgres';

const LOCK = 46_0001;

export async function holdShopSettings(): Promise<() => Promise<void>> {
  const conn = postgres(process.env.DATABASE_URL!, { max: 1, idle_timeout: 0, onnotice: () => {} });
  await conn`select pg_advisory_lock(${LOCK})`;
  return async () => {
    await conn`select pg_advisory_unlock(${LOCK})`;
    await conn.end();
  };
}
