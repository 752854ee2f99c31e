// Upload: raw or multipart bodies, upsert, the metadata row written as the caller, the file moved into place.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Db } from '../../db';
import { jsonb } from '../../db';
import { BodyTooLargeError, readBody, sendJson, type RequestContext } from '../../http';
import { storageErrors } from '../errors';
import { isMimeTypeAllowed, objectFilePath, storedCacheControl } from '../paths';
import { type StorageDeps, caller, asCaller, mapDbError, findBucket, objectPath } from '../access';

export interface UploadPayload {
  data: Buffer;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export function parseUserMetadata(raw: string | null | undefined): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    throw storageErrors.invalidRequest('Invalid metadata');
  }
}

/** storage-js sends Blobs and FormData as multipart (file part plus cacheControl/metadata fields), other bodies raw. */
export async function uploadPayload(ctx: RequestContext, body: Buffer): Promise<UploadPayload> {
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
export const uploadsDir = (storageDir: string) => `${storageDir}.uploads`;

/** The row an upload writes; with `dryRun` it is only tried (and rolled back), to ask the policies before any work. */
export async function insertObjectRow(
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
export async function upload(ctx: RequestContext, deps: StorageDeps, rest: string, upsert: boolean): Promise<void> {
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
