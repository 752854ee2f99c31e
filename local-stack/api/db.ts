// The stand-ins talk to Postgres with postgres.js as the superuser; RLS is applied explicitly where Supabase applies it.
import type postgres from 'postgres';

/** Either the pool or a transaction: both run tagged-template queries. */
export type Db = postgres.ISql<Record<string, never>>;
export type Pool = postgres.Sql<Record<string, never>>;

/**
 * JSON text for a jsonb value: `${jsonb(x)}::text::jsonb`. The text cast matters: a parameter typed as jsonb would be
 * JSON-encoded by postgres.js a second time.
 */
export const jsonb = (value: unknown): string => JSON.stringify(value ?? null);

export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

export const pgErrorCode = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null ? (err as { code?: string }).code : undefined;

/** Postgres refused a value (SQLSTATE class 22: NUL in text, a malformed uuid, bad JSON escapes): the caller's fault. */
export const isDataException = (err: unknown): boolean => pgErrorCode(err)?.startsWith('22') === true;
