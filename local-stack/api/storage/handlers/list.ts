// List a folder of a bucket: files and the folders above them, sorted and paged as Supabase Storage does.
import { sendJson, type RequestContext } from '../../http';
import { type StorageDeps, type ObjectRow, caller, asCaller, mapDbError, findBucket, readJson } from '../access';

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

export async function list(ctx: RequestContext, deps: StorageDeps, bucketId: string): Promise<void> {
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
