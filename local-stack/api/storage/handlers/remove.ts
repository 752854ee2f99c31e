// Remove one object or many, as the caller.
import { rm } from 'node:fs/promises';
import { sendJson, type RequestContext } from '../../http';
import { storageErrors } from '../errors';
import { isValidObjectName, objectFilePath } from '../paths';
import { type StorageDeps, type ObjectRow, caller, asCaller, mapDbError, findBucket, objectPath, readJson } from '../access';

export async function removeMany(ctx: RequestContext, deps: StorageDeps, bucketId: string): Promise<void> {
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

export async function removeOne(ctx: RequestContext, deps: StorageDeps, rest: string): Promise<void> {
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
