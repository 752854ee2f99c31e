// Shared by the RLS tests: a statement run as an API role and rolled back, telling Postgres' refusal from a broken
// statement. A refusal is insufficient_privilege (42501: a missing grant, or a new row a policy's check refuses) or,
// where a policy hides the rows, no row at all; any other error is thrown, so a typo fails the test instead of
// passing for a refusal.
import postgres from 'postgres';
import { withActor, type DbActor, type Tx } from '@/lib/core/db';

export const INSUFFICIENT_PRIVILEGE = '42501';

export function isPermissionError(err: unknown): err is postgres.PostgresError {
  return err instanceof postgres.PostgresError && err.code === INSUFFICIENT_PRIVILEGE;
}

/** Ran, touching `count` rows (0: the policy hid them), or refused with Postgres' message. */
export type Outcome = { ok: true; count: number } | { ok: false; refused: string };

export async function attemptAs(
  actor: DbActor,
  fn: (tx: Tx) => Promise<postgres.RowList<postgres.Row[]>>,
  sql?: postgres.Sql,
): Promise<Outcome> {
  const rollback = new Error('rollback');
  let count: number | undefined;
  try {
    await withActor(
      actor,
      async (tx) => {
        count = (await fn(tx)).count;
        throw rollback;
      },
      sql,
    );
  } catch (err) {
    if (err === rollback && count !== undefined) return { ok: true, count };
    if (isPermissionError(err)) return { ok: false, refused: err.message };
    throw err;
  }
  throw new Error('the statement was not rolled back');
}

/** True when the statement went through and touched a row; false when refused or every row was hidden. */
export async function allowedAs(
  actor: DbActor,
  fn: (tx: Tx) => Promise<postgres.RowList<postgres.Row[]>>,
  sql?: postgres.Sql,
): Promise<boolean> {
  const outcome = await attemptAs(actor, fn, sql);
  return outcome.ok && outcome.count > 0;
}
