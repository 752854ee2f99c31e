// /storage/v1/*: what supabase-js storage calls — upload (raw or multipart, upsert), download, public URLs, info,
// list and remove. Metadata rows live in storage.objects and every read or write of them runs as the caller's role
// with the caller's claims, so the bucket policies decide, as in Supabase Storage.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Db, Pool } from '../db';
import { isDataException, jsonb, pgErrorCode } from '../db';
import { BodyTooLargeError, bearerToken, decodePathSegment, readBody, sendJson, type RequestContext } from '../http';
import { verifyJwt, type JwtClaims } from '../jwt';
import { StorageError, storageErrors } from './errors';
import {
  etagMatches,
  isMimeTypeAllowed,
  isValidBucketName,
  isValidObjectName,
  objectFilePath,
  publicCacheControl,
  splitBucketPath,
  storedCacheControl,
} from './paths';

export interface StorageDeps {
  pool: Pool;
  jwtSecret: string;
  storageDir: string;
  /** Global upload limit in bytes (Supabase's default is 50 MiB). */
  fileSizeLimit: number;
}

interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: JwtClaims;
}

interface BucketRow {
  id: string;
  name: string;
  public: boolean | null;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
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

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** The caller from the bearer token (supabase-js sends the anon key or the user's access token). */
async function caller(ctx: RequestContext, secret: string): Promise<Caller> {
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
function asCaller<T>(pool: Pool, who: Caller, fn: (tx: Db) => Promise<T>): Promise<T> {
  const sub = typeof who.claims.sub === 'string' ? who.claims.sub : '';
  return pool.begin(async (tx) => {
    await tx`
      select set_config('role', ${who.role}, true), set_config('request.jwt.claims', ${JSON.stringify(who.claims)}, true),
             set_config('request.jwt.claim.sub', ${sub}, true), set_config('request.jwt.claim.role', ${who.role}, true)`;
    return fn(tx);
  }) as Promise<T>;
}

/** Postgres refusals under RLS become Storage's AccessDenied. */
function mapDbError(err: unknown): never {
  if (err instanceof StorageError) throw err;
  const code = pgErrorCode(err);
  if (code === '42501') throw storageErrors.accessDenied();
  if (code === '23505') throw storageErrors.keyAlreadyExists();
  if (isDataException(err)) throw storageErrors.invalidRequest('Invalid input');
  throw err;
}

async function findBucket(pool: Pool, id: string): Promise<BucketRow> {
  if (!isValidBucketName(id)) throw storageErrors.invalidBucketName();
  const [bucket] = await pool<BucketRow[]>`
    select id, name, public, file_size_limit::text, allowed_mime_types from storage.buckets where id = ${id}`;
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

function objectPath(rest: string): { bucket: string; name: string } {
  const parts = splitBucketPath(rest);
  if (!parts || !parts.bucket) throw storageErrors.invalidBucketName();
  if (!isValidBucketName(parts.bucket)) throw storageErrors.invalidBucketName();
  if (!isValidObjectName(parts.name)) throw storageErrors.invalidKey(parts.name);
  return parts;
}

interface UploadPayload {
  data: Buffer;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function parseUserMetadata(raw: string | null | undefined): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    throw storageErrors.invalidRequest('Invalid metadata');
  }
}

/** storage-js sends Blobs and FormData as multipart (file part plus cacheControl/metadata fields), other bodies raw. */
async function uploadPayload(ctx: RequestContext, body: Buffer): Promise<UploadPayload> {
  const contentType = ctx.header('content-type') ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Request('http://storage.local/upload', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: Uint8Array.from(body),
      }).formData();
    } catch {
      throw storageErrors.invalidRequest('Malformed multipart body');
    }
    let file: Blob | null = null;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw storageErrors.noContent();
    const cacheControl = form.get('cacheControl');
    const metadata = form.get('metadata');
    return {
      data: Buffer.from(await file.arrayBuffer()),
      contentType: file.type || 'text/plain;charset=UTF-8',
      cacheControl: storedCacheControl(typeof cacheControl === 'string' ? cacheControl : null),
      userMetadata: parseUserMetadata(typeof metadata === 'string' ? metadata : null),
    };
  }
  const xMetadata = ctx.header('x-metadata');
  return {
    data: body,
    contentType: contentType || 'text/plain;charset=UTF-8',
    cacheControl: storedCacheControl(ctx.header('cache-control')),
    userMetadata: xMetadata ? parseUserMetadata(Buffer.from(xMetadata, 'base64').toString('utf8')) : null,
  };
}

/** Where upload bytes wait until their row is accepted: beside the buckets, never inside one. */
const uploadsDir = (storageDir: string) => `${storageDir}.uploads`;

/** The row an upload writes; with `dryRun` it is only tried (and rolled back), to ask the policies before any work. */
async function insertObjectRow(
  tx: Db,
  row: { id: string; bucketId: string; name: string; owner: string | null; metadata: unknown; userMetadata: unknown },
  upsert: boolean,
): Promise<string> {
  try {
    if (upsert) {
      // ON CONFLICT DO UPDATE needs the update (and select) policies too, as Storage's upsert does.
      const [found] = await tx<{ id: string }[]>`
        insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
        values (${row.id}, ${row.bucketId}, ${row.name}, ${row.owner}, ${row.owner}, ${jsonb(row.metadata)}::text::jsonb,
                ${jsonb(row.userMetadata)}::text::jsonb, ${randomUUID()})
        on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
          metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
          updated_at = now(), last_accessed_at = now()
        returning id`;
      return found?.id ?? row.id;
    }
    // No RETURNING: a plain upload needs only the insert policy.
    await tx`
      insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
      values (${row.id}, ${row.bucketId}, ${row.name}, ${row.owner}, ${row.owner}, ${jsonb(row.metadata)}::text::jsonb,
              ${jsonb(row.userMetadata)}::text::jsonb, ${randomUUID()})`;
    return row.id;
  } catch (err) {
    return mapDbError(err);
  }
}

class DryRun extends Error {}

/**
 * Checks, write nothing, then write: the caller's policies are asked first (a refused upload reads no body and
 * touches no disk); the bytes go to a temporary file outside the buckets; the row is inserted; only then is the
 * file moved into place, inside the same transaction, so a failed move leaves no row either.
 */
async function upload(ctx: RequestContext, deps: StorageDeps, rest: string, upsert: boolean): Promise<void> {
  const who = await caller(ctx, deps.jwtSecret);
  const { bucket: bucketId, name } = objectPath(rest);
  const bucket = await findBucket(deps.pool, bucketId);
  const file = objectFilePath(deps.storageDir, bucketId, name);
  const sub = typeof who.claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(who.claims.sub) ? who.claims.sub : null;
  const row = { id: randomUUID(), bucketId, name, owner: sub, metadata: {}, userMetadata: null as unknown };
  await asCaller(deps.pool, who, async (tx) => {
    await insertObjectRow(tx, row, upsert);
    throw new DryRun();
  }).catch((err: unknown) => {
    if (!(err instanceof DryRun)) throw err;
  });

  const bucketLimit = bucket.file_size_limit ? Number(bucket.file_size_limit) : Infinity;
  const limit = Math.min(deps.fileSizeLimit, bucketLimit);
  let body: Buffer;
  try {
    // Multipart framing adds a little; the file itself is checked against the limit below.
    body = await readBody(ctx.req, limit + 64 * 1024);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw storageErrors.entityTooLarge();
    throw err;
  }
  const payload = await uploadPayload(ctx, body);
  if (payload.data.length > limit) throw storageErrors.entityTooLarge();
  if (!isMimeTypeAllowed(payload.contentType, bucket.allowed_mime_types)) {
    throw storageErrors.invalidMimeType(payload.contentType);
  }

  const etag = `"${createHash('md5').update(payload.data).digest('hex')}"`;
  const metadata = {
    eTag: etag,
    size: payload.data.length,
    mimetype: payload.contentType,
    cacheControl: payload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: payload.data.length,
    httpStatusCode: 200,
  };
  const temp = join(uploadsDir(deps.storageDir), `${randomUUID()}.upload`);
  await mkdir(dirname(temp), { recursive: true });
  await writeFile(temp, payload.data);
  let id: string;
  try {
    id = await asCaller(deps.pool, who, async (tx) => {
      const objectId = await insertObjectRow(tx, { ...row, metadata, userMetadata: payload.userMetadata }, upsert);
      await mkdir(dirname(file), { recursive: true });
      await rename(temp, file);
      return objectId;
    });
  } finally {
    await rm(temp, { force: true });
  }
  sendJson(ctx.res, 200, { Id: id, Key: `${bucketId}/${name}` });
}

async function serveObject(
  ctx: RequestContext,
  deps: StorageDeps,
  bucketId: string,
  row: Pick<ObjectRow, 'name' | 'metadata' | 'updated_at'>,
  cacheControl: string,
): Promise<void> {
  const file = objectFilePath(deps.storageDir, bucketId, row.name);
  const info = await stat(file).catch(() => null);
  if (!info) throw storageErrors.noSuchKey();
  const meta = row.metadata ?? {};
  const etag = typeof meta.eTag === 'string' ? meta.eTag : `"${info.size}-${info.mtimeMs}"`;
  const headers: Record<string, string> = {
    'Content-Type': typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': (row.updated_at ?? info.mtime).toUTCString(),
    'Accept-Ranges': 'none',
    // As hosted Storage does: a stored file is never sniffed into another type (an HTML page uploaded as an image).
    'X-Content-Type-Options': 'nosniff',
  };
  const download = ctx.url.searchParams.get('download');
  if (download !== null) {
    const filename = download || row.name.split('/').pop() || 'download';
    headers['Content-Disposition'] = `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`;
  }
  if (etagMatches(ctx.header('if-none-match'), etag)) {
    ctx.res.writeHead(304, headers);
    ctx.res.end();
    return;
  }
  headers['Content-Length'] = String(info.size);
  ctx.res.writeHead(200, headers);
  if (ctx.method === 'HEAD') {
    ctx.res.end();
    return;
  }
  await new Promise<void>((resolveStream, reject) => {
    const stream = createReadStream(file);
    stream.on('error', reject);
    ctx.res.on('close', () => {
      stream.destroy();
      resolveStream();
    });
    stream.pipe(ctx.res).on('finish', () => resolveStream());
  });
}

async function downloadPublic(ctx: RequestContext, deps: StorageDeps, rest: string): Promise<void> {
  const { bucket: bucketId, name } = objectPath(rest);
  const bucket = await findBucket(deps.pool, bucketId);
  if (!bucket.public) throw storageErrors.noSuchBucket();
  const [row] = await deps.pool<ObjectRow[]>`
    select name, metadata, updated_at from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
  if (!row) throw storageErrors.noSuchKey();
  const stored = typeof row.metadata?.cacheControl === 'string' ? row.metadata.cacheControl : 'max-age=3600';
  await serveObject(ctx, deps, bucketId, row, publicCacheControl(stored));
}

async function downloadAuthenticated(ctx: RequestContext, deps: StorageDeps, rest: string): Promise<void> {
  const who = await caller(ctx, deps.jwtSecret);
  const { bucket: bucketId, name } = objectPath(rest);
  await findBucket(deps.pool, bucketId);
  const row = await asCaller(deps.pool, who, async (tx) => {
    const [found] = await tx<ObjectRow[]>`
      select name, metadata, updated_at from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
    return found ?? null;
  }).catch(mapDbError);
  if (!row) throw storageErrors.noSuchKey();
  const stored = typeof row.metadata?.cacheControl === 'string' ? row.metadata.cacheControl : 'no-cache';
  await serveObject(ctx, deps, bucketId, row, stored);
}

async function objectInfo(ctx: RequestContext, deps: StorageDeps, rest: string, isPublic: boolean): Promise<void> {
  const { bucket: bucketId, name } = objectPath(rest);
  const bucket = await findBucket(deps.pool, bucketId);
  let row: ObjectRow | null;
  if (isPublic) {
    if (!bucket.public) throw storageErrors.noSuchBucket();
    [row = null] = await deps.pool<ObjectRow[]>`
      select * from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
  } else {
    const who = await caller(ctx, deps.jwtSecret);
    row = await asCaller(deps.pool, who, async (tx) => {
      const [found] = await tx<ObjectRow[]>`select * from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
      return found ?? null;
    }).catch(mapDbError);
  }
  if (!row) throw storageErrors.noSuchKey();
  const meta = row.metadata ?? {};
  sendJson(ctx.res, 200, {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at?.toISOString() ?? null,
    created_at: row.created_at?.toISOString() ?? null,
  });
}

export interface ListItem {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

/**
 * Storage's search(): the direct children of `prefix` — objects as files, deeper keys folded into folders (which
 * have null id and metadata) — filtered by a case-insensitive name prefix, sorted and paged.
 */
export function listChildren(
  rows: Pick<ObjectRow, 'name' | 'id' | 'updated_at' | 'created_at' | 'last_accessed_at' | 'metadata'>[],
  opts: { prefix: string; search: string; sortColumn: string; sortOrder: 'asc' | 'desc'; limit: number; offset: number },
): ListItem[] {
  const prefix = opts.prefix && !opts.prefix.endsWith('/') ? `${opts.prefix}/` : opts.prefix;
  const search = opts.search.toLowerCase();
  const folders = new Map<string, ListItem>();
  const files: ListItem[] = [];
  for (const row of rows) {
    if (!row.name.startsWith(prefix)) continue;
    const restName = row.name.slice(prefix.length);
    if (!restName.toLowerCase().startsWith(search)) continue;
    const slash = restName.indexOf('/');
    if (slash >= 0) {
      const folder = restName.slice(0, slash);
      if (!folders.has(folder)) {
        folders.set(folder, { name: folder, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      }
      continue;
    }
    files.push({
      name: restName,
      id: row.id,
      updated_at: row.updated_at?.toISOString() ?? null,
      created_at: row.created_at?.toISOString() ?? null,
      last_accessed_at: row.last_accessed_at?.toISOString() ?? null,
      metadata: row.metadata,
    });
  }
  const column = (['name', 'updated_at', 'created_at', 'last_accessed_at'] as const).find((c) => c === opts.sortColumn) ?? 'name';
  const dir = opts.sortOrder === 'desc' ? -1 : 1;
  const items = [...folders.values(), ...files].sort((a, b) => {
    const x = a[column] ?? '';
    const y = b[column] ?? '';
    return (x < y ? -1 : x > y ? 1 : 0) * dir || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  });
  return items.slice(opts.offset, opts.offset + opts.limit);
}

async function readJson(ctx: RequestContext): Promise<Record<string, unknown>> {
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

async function list(ctx: RequestContext, deps: StorageDeps, bucketId: string): Promise<void> {
  const who = await caller(ctx, deps.jwtSecret);
  await findBucket(deps.pool, bucketId);
  const body = await readJson(ctx);
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  const opts = {
    prefix,
    search: typeof body.search === 'string' ? body.search : '',
    sortColumn: typeof sortBy.column === 'string' ? sortBy.column : 'name',
    sortOrder: sortBy.order === 'desc' ? ('desc' as const) : ('asc' as const),
    limit: typeof body.limit === 'number' && body.limit > 0 ? Math.min(body.limit, 1000) : 100,
    offset: typeof body.offset === 'number' && body.offset > 0 ? body.offset : 0,
  };
  const folder = opts.prefix && !opts.prefix.endsWith('/') ? `${opts.prefix}/` : opts.prefix;
  const pattern = `${folder.replace(/[%_\\]/g, '\\$&')}%`;
  const rows = await asCaller(deps.pool, who, (tx) =>
    tx<ObjectRow[]>`
      select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
      where bucket_id = ${bucketId} and name like ${pattern}`,
  ).catch(mapDbError);
  sendJson(ctx.res, 200, listChildren(rows, opts));
}

async function removeMany(ctx: RequestContext, deps: StorageDeps, bucketId: string): Promise<void> {
  const who = await caller(ctx, deps.jwtSecret);
  await findBucket(deps.pool, bucketId);
  const body = await readJson(ctx);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => typeof p === 'string')) {
    throw storageErrors.invalidRequest('body/prefixes must NOT have fewer than 1 items');
  }
  if (prefixes.length > 1000) throw storageErrors.invalidRequest('body/prefixes must NOT have more than 1000 items');
  const names = (prefixes as string[]).filter(isValidObjectName);
  const deleted = names.length
    ? await asCaller(deps.pool, who, (tx) =>
        tx<ObjectRow[]>`
          delete from storage.objects where bucket_id = ${bucketId} and name = any(${names}::text[]) returning *`,
      ).catch(mapDbError)
    : [];
  await Promise.all(deleted.map((row) => rm(objectFilePath(deps.storageDir, bucketId, row.name), { force: true })));
  sendJson(
    ctx.res,
    200,
    deleted.map((row) => ({
      bucket_id: row.bucket_id,
      name: row.name,
      owner: row.owner,
      owner_id: row.owner_id,
      id: row.id,
      version: row.version,
      updated_at: row.updated_at?.toISOString() ?? null,
      created_at: row.created_at?.toISOString() ?? null,
      last_accessed_at: row.last_accessed_at?.toISOString() ?? null,
      metadata: row.metadata,
      user_metadata: row.user_metadata,
    })),
  );
}

async function removeOne(ctx: RequestContext, deps: StorageDeps, rest: string): Promise<void> {
  const who = await caller(ctx, deps.jwtSecret);
  const { bucket: bucketId, name } = objectPath(rest);
  await findBucket(deps.pool, bucketId);
  const deleted = await asCaller(deps.pool, who, (tx) =>
    tx<ObjectRow[]>`delete from storage.objects where bucket_id = ${bucketId} and name = ${name} returning name`,
  ).catch(mapDbError);
  if (deleted.length === 0) throw storageErrors.noSuchKey();
  await rm(objectFilePath(deps.storageDir, bucketId, name), { force: true });
  sendJson(ctx.res, 200, { message: 'Successfully deleted' });
}

async function buckets(ctx: RequestContext, deps: StorageDeps, id: string | null): Promise<void> {
  const who = await caller(ctx, deps.jwtSecret);
  const rows = await asCaller(deps.pool, who, (tx) =>
    id === null
      ? tx`select * from storage.buckets order by name`
      : tx`select * from storage.buckets where id = ${id}`,
  ).catch(mapDbError);
  const shaped = rows.map((b) => ({
    ...b,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    created_at: b.created_at instanceof Date ? b.created_at.toISOString() : b.created_at,
    updated_at: b.updated_at instanceof Date ? b.updated_at.toISOString() : b.updated_at,
  }));
  if (id === null) sendJson(ctx.res, 200, shaped);
  else if (shaped[0]) sendJson(ctx.res, 200, shaped[0]);
  else throw storageErrors.noSuchBucket();
}

export async function handleStorage(ctx: RequestContext, deps: StorageDeps, log?: (line: string) => void): Promise<void> {
  const { method, path } = ctx;
  try {
    let m: RegExpExecArray | null;
    if ((method === 'GET' || method === 'HEAD') && (m = /^\/object\/public(\/.+)$/.exec(path))) {
      return await downloadPublic(ctx, deps, m[1]!);
    }
    if (method === 'GET' && (m = /^\/object\/info\/public(\/.+)$/.exec(path))) return await objectInfo(ctx, deps, m[1]!, true);
    if (method === 'GET' && (m = /^\/object\/info\/authenticated(\/.+)$/.exec(path))) {
      return await objectInfo(ctx, deps, m[1]!, false);
    }
    if (method === 'GET' && (m = /^\/object\/info(\/.+)$/.exec(path))) return await objectInfo(ctx, deps, m[1]!, false);
    if (method === 'POST' && (m = /^\/object\/list\/([^/]+)\/?$/.exec(path))) {
      return await list(ctx, deps, decodePathSegment(m[1]!) ?? '');
    }
    if ((method === 'GET' || method === 'HEAD') && (m = /^\/object\/authenticated(\/.+)$/.exec(path))) {
      return await downloadAuthenticated(ctx, deps, m[1]!);
    }
    if (method === 'DELETE' && (m = /^\/object\/([^/]+)\/?$/.exec(path))) {
      return await removeMany(ctx, deps, decodePathSegment(m[1]!) ?? '');
    }
    if ((m = /^\/object(\/[^/]+\/.+)$/.exec(path))) {
      if (method === 'POST') return await upload(ctx, deps, m[1]!, ctx.header('x-upsert') === 'true');
      // PUT replaces or creates, as Storage's update does.
      if (method === 'PUT') return await upload(ctx, deps, m[1]!, true);
      if (method === 'GET' || method === 'HEAD') return await downloadAuthenticated(ctx, deps, m[1]!);
      if (method === 'DELETE') return await removeOne(ctx, deps, m[1]!);
    }
    if (method === 'GET' && path === '/bucket') return await buckets(ctx, deps, null);
    if (method === 'GET' && (m = /^\/bucket\/([^/]+)$/.exec(path))) return await buckets(ctx, deps, decodePathSegment(m[1]!) ?? '');
    throw storageErrors.notFound();
  } catch (err) {
    let failure: StorageError;
    if (err instanceof StorageError) failure = err;
    else if (err instanceof BodyTooLargeError) failure = storageErrors.entityTooLarge();
    else if (isDataException(err)) failure = storageErrors.invalidRequest('Invalid input');
    else {
      log?.(`storage: ${method} ${path} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      failure = storageErrors.internal();
    }
    if (ctx.res.headersSent) {
      ctx.res.destroy();
      return;
    }
    const { status, body } = failure.render();
    sendJson(ctx.res, status, body);
  }
}
