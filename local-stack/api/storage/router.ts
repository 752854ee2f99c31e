// /storage/v1/*: what supabase-js storage calls — upload (raw or multipart, upsert), download, public URLs, info,
// list and remove. Metadata rows live in storage.objects and every read or write of them runs as the caller's role
// with the caller's claims, so the bucket policies decide, as in Supabase Storage.
import { isDataException } from '../db';
import { BodyTooLargeError, decodePathSegment, sendJson, type RequestContext } from '../http';
import { StorageError, storageErrors } from './errors';
import type { StandInLog } from '../../log';
import type { StorageDeps } from './access';
import { upload } from './handlers/upload';
import { downloadPublic, downloadAuthenticated, objectInfo } from './handlers/download';
import { list } from './handlers/list';
import { removeMany, removeOne } from './handlers/remove';
import { buckets } from './handlers/buckets';
import { sign } from './handlers/sign';

export async function handleStorage(ctx: RequestContext, deps: StorageDeps, log?: StandInLog): Promise<void> {
  const { method, path } = ctx;
  try {
    let m: RegExpExecArray | null;
    if ((m = /^\/object\/sign(\/.+)$/.exec(path))) return await sign(ctx, deps, m[1]!);
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
      log?.(`storage: ${method} ${path} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`, 'error');
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
