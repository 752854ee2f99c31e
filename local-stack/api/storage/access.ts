// Who is calling and under which role: the caller's claims from its bearer token, metadata reads and writes as that
// role (so the bucket policies decide), and the lookups every endpoint shares.
import type { Db, Pool } from '../db';
import { isDataException, pgErrorCode } from '../db';
import { bearerToken, readBody, type RequestContext } from '../http';
import { verifyJwt, type JwtClaims } from '../jwt';
import { StorageError, storageErrors } from './errors';
import { isValidBucketName, isValidObjectName, splitBucketPath } from './paths';

export interface StorageDeps {
  pool: Pool;
  jwtSecret: string;
  storageDir: string;
  /** Global upload limit in bytes (Supabase's default is 50 MiB). */
  fileSizeLimit: number;
}

export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: JwtClaims;
}

export interface BucketRow {
  id: string;
  name: string;
  public: boolean | null;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  version: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
}

export const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** The caller from the bearer token (supabase-js sends the anon key or the user's access token). */
export async function caller(ctx: RequestContext, secret: string): Promise<Caller> {
  const token = bearerToken(ctx.header('authorization')) ?? ctx.header('apikey');
  if (!token) throw storageErrors.invalidJwt("headers must have required property 'authorization'");
  const check = await verifyJwt(token, secret);
  if (!check.ok) {
    throw storageErrors.invalidJwt(check.expired ? 'jwt expired' : check.reason.includes('signature') ? 'invalid signature' : 'jwt malformed');
  }
  const role = typeof check.claims.role === 'string' ? check.claims.role : '';
  if (!ROLES.has(role)) throw storageErrors.accessDenied(`role "${role}" is not allowed`);
  return { role: role as Caller['role'], claims: check.claims };
}

/** Runs `fn` in a transaction as the caller's database role with the caller's JWT claims (like PostgREST). */
export function asCaller<T>(pool: Pool, who: Caller, fn: (tx: Db) => Promise<T>): Promise<T> {
  const sub = typeof who.claims.sub === 'string' ? who.claims.sub : '';
  return pool.begin(async (tx) => {
    await tx`
      select set_config('role', ${who.role}, true), set_config('request.jwt.claims', ${JSON.stringify(who.claims)}, true),
             set_config('request.jwt.claim.sub', ${sub}, true), set_config('request.jwt.claim.role', ${who.role}, true)`;
    return fn(tx);
  }) as Promise<T>;
}

/** Postgres refusals under RLS become Storage's AccessDenied. */
export function mapDbError(err: unknown): never {
  if (err instanceof StorageError) throw err;
  const code = pgErrorCode(err);
  if (code === '42501') throw storageErrors.accessDenied();
  if (code === '23505') throw storageErrors.keyAlreadyExists();
  if (isDataException(err)) throw storageErrors.invalidRequest('Invalid input');
  throw err;
}

export async function findBucket(pool: Pool, id: string): Promise<BucketRow> {
  if (!isValidBucketName(id)) throw storageErrors.invalidBucketName();
  const [bucket] = await pool<BucketRow[]>`
    select id, name, public, file_size_limit::text, allowed_mime_types from storage.buckets where id = ${id}`;
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

export function objectPath(rest: string): { bucket: string; name: string } {
  const parts = splitBucketPath(rest);
  if (!parts || !parts.bucket) throw storageErrors.invalidBucketName();
  if (!isValidBucketName(parts.bucket)) throw storageErrors.invalidBucketName();
  if (!isValidObjectName(parts.name)) throw storageErrors.invalidKey(parts.name);
  return parts;
}

export async function readJson(ctx: RequestContext): Promise<Record<string, unknown>> {
  const raw = await readBody(ctx.req, 1024 * 1024);
  if (raw.length === 0) return {};
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw storageErrors.invalidRequest('Body must be a JSON object');
}
