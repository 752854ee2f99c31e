import 'server-only';
import postgres from 'postgres';
import { env } from '../env';
import { connectionFor } from './connection.mjs';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;
export type { DbRow } from './rows';

/** Who a query runs as. RLS policies see exactly these claims, as they would behind Supabase's API. */
export type DbActor =
  | { role: 'anon' }
  | { role: 'authenticated'; userId: string; email?: string | null }
  | { role: 'service_role' };

const globalForDb = globalThis as unknown as { __shopSql?: Sql };

/** The shared connection pool (one per server process, kept across hot reloads). */
export function db(): Sql {
  if (!globalForDb.__shopSql) {
    const { url, options } = connectionFor(env().DATABASE_URL);
    globalForDb.__shopSql = postgres(url, {
      max: Number(process.env.DATABASE_POOL_SIZE) || 10,
      idle_timeout: 30,
      onnotice: () => {},
      transform: { undefined: null },
      ...options,
    });
  }
  return globalForDb.__shopSql;
}

export function claimsFor(actor: DbActor): Record<string, unknown> {
  if (actor.role === 'authenticated') {
    return { sub: actor.userId, role: 'authenticated', aud: 'authenticated', email: actor.email ?? undefined };
  }
  return { role: actor.role };
}

/**
 * The database role of each actor. An anonymous or signed-in caller's queries run as the shop's own role for it: a
 * member of the API role (its privileges, and every policy written for it), plus the catalog's price columns, which
 * the API roles lose where the shop hides prices (ARCHITECTURE.md, "Trade accounts and price groups").
 */
const SHOP_ROLES: Record<DbActor['role'], string> = { anon: 'shop_anon', authenticated: 'shop_authenticated', service_role: 'service_role' };

/**
 * Runs `fn` in one transaction as `actor`: `set local role` plus the JWT claims, so the same RLS policies that guard
 * Supabase's REST API guard the server's own queries. Everything inside commits or rolls back together.
 */
export async function withActor<T>(actor: DbActor, fn: (tx: Tx) => Promise<T>, sql: Sql = db()): Promise<T> {
  return sql.begin(async (tx) => {
    // Sent ahead of fn's first statement in the same round trip: Postgres runs a connection's statements in order, so
    // the role holds for all of them.
    const asActor = tx`select set_config('role', ${SHOP_ROLES[actor.role]}, true),
                              set_config('request.jwt.claims', ${JSON.stringify(claimsFor(actor))}, true)`.execute();
    const [, result] = await Promise.all([asActor, fn(tx)]);
    return result;
  }) as Promise<T>;
}

export const asAnon = <T>(fn: (tx: Tx) => Promise<T>) => withActor({ role: 'anon' }, fn);

/**
 * Service-role access bypasses RLS. Only for the few server paths that act for nobody in particular: payment
 * fulfilment, seeding and maintenance. Name every caller.
 */
export const asServiceRole = <T>(fn: (tx: Tx) => Promise<T>) => withActor({ role: 'service_role' }, fn);
