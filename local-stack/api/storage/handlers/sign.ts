// Signed URLs, as Storage makes them: POST /object/sign/{bucket}/{name} with {expiresIn} answers
// {signedURL: '/object/sign/{bucket}/{name}?token=…'} once the caller may read the object under the bucket's
// policies; GET of that URL serves the object to whoever holds it until the token expires. The token is an HS256
// JWT of the project's secret naming the one object ({url: '{bucket}/{name}'}), so it opens nothing else.
import { sendJson, type RequestContext } from '../../http';
import { signJwt, verifyJwt } from '../../jwt';
import { storageErrors, StorageError } from '../errors';
import { type StorageDeps, type ObjectRow, caller, asCaller, mapDbError, findBucket, objectPath, readJson } from '../access';
import { serveObject } from './download';

/** Storage's own longest link: one year. */
const MAX_EXPIRES_IN = 365 * 24 * 60 * 60;

export async function sign(ctx: RequestContext, deps: StorageDeps, rest: string): Promise<void> {
  if (ctx.method === 'POST') return createSignedUrl(ctx, deps, rest);
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return getSignedObject(ctx, deps, rest);
  throw storageErrors.notFound();
}

async function createSignedUrl(ctx: RequestContext, deps: StorageDeps, rest: string): Promise<void> {
  const who = await caller(ctx, deps.jwtSecret);
  const { bucket: bucketId, name } = objectPath(rest);
  const body = await readJson(ctx);
  const expiresIn = body.expiresIn;
  if (expiresIn === undefined) throw storageErrors.invalidRequest("body must have required property 'expiresIn'");
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn)) throw storageErrors.invalidRequest('body/expiresIn must be integer');
  if (expiresIn < 1) throw storageErrors.invalidRequest('body/expiresIn must be >= 1');
  await findBucket(deps.pool, bucketId);
  // Read as the caller: an object the policies hide is answered as missing, as Storage answers it.
  const row = await asCaller(deps.pool, who, async (tx) => {
    const [found] = await tx<Pick<ObjectRow, 'name'>[]>`
      select name from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
    return found ?? null;
  }).catch(mapDbError);
  if (!row) throw storageErrors.noSuchKey();
  const url = `${bucketId}/${name}`;
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt({ url, iat: now, exp: now + Math.min(expiresIn, MAX_EXPIRES_IN) }, deps.jwtSecret);
  sendJson(ctx.res, 200, { signedURL: `/object/sign/${url}?token=${token}` });
}

async function getSignedObject(ctx: RequestContext, deps: StorageDeps, rest: string): Promise<void> {
  const token = ctx.url.searchParams.get('token');
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'");
  const { bucket: bucketId, name } = objectPath(rest);
  const check = await verifyJwt(token, deps.jwtSecret);
  if (!check.ok) {
    throw storageErrors.invalidJwt(check.expired ? 'jwt expired' : check.reason.includes('signature') ? 'invalid signature' : 'jwt malformed');
  }
  // A token names one object: another object's link, or any other JWT of the project, opens nothing here.
  if (check.claims.url !== `${bucketId}/${name}`) throw new StorageError(400, 'InvalidSignature', 'Invalid signature');
  await findBucket(deps.pool, bucketId);
  const [row] = await deps.pool<ObjectRow[]>`
    select name, metadata, updated_at from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
  if (!row) throw storageErrors.noSuchKey();
  const stored = typeof row.metadata?.cacheControl === 'string' ? row.metadata.cacheControl : 'no-cache';
  await serveObject(ctx, deps, bucketId, row, stored);
}
