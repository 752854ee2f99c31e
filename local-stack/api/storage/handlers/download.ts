// Download (public and authenticated) and object info, with ETags and cache headers.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { sendJson, type RequestContext } from '../../http';
import { storageErrors } from '../errors';
import { etagMatches, objectFilePath, publicCacheControl } from '../paths';
import { type StorageDeps, type ObjectRow, caller, asCaller, mapDbError, findBucket, objectPath } from '../access';

export async function serveObject(
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

export async function downloadPublic(ctx: RequestContext, deps: StorageDeps, rest: string): Promise<void> {
  const { bucket: bucketId, name } = objectPath(rest);
  const bucket = await findBucket(deps.pool, bucketId);
  if (!bucket.public) throw storageErrors.noSuchBucket();
  const [row] = await deps.pool<ObjectRow[]>`
    select name, metadata, updated_at from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
  if (!row) throw storageErrors.noSuchKey();
  const stored = typeof row.metadata?.cacheControl === 'string' ? row.metadata.cacheControl : 'max-age=3600';
  await serveObject(ctx, deps, bucketId, row, publicCacheControl(stored));
}

export async function downloadAuthenticated(ctx: RequestContext, deps: StorageDeps, rest: string): Promise<void> {
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

export async function objectInfo(ctx: RequestContext, deps: StorageDeps, rest: string, isPublic: boolean): Promise<void> {
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
