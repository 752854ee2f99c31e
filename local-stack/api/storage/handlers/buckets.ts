// Bucket lookups.
import { sendJson, type RequestContext } from '../../http';
import { storageErrors } from '../errors';
import { type StorageDeps, caller, asCaller, mapDbError } from '../access';

export async function buckets(ctx: RequestContext, deps: StorageDeps, id: string | null): Promise<void> {
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
