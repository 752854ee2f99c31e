// The Storage stand-in through supabase-js: uploads checked by the product-images policies (admins only), public
// object URLs with their cache headers, list and remove.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { StorageApiError } from '@supabase/supabase-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../local-stack/config';
import { anonClient, anonKey, supabaseUrl } from '../support/auth-clients';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
const BUCKET = 'product-images';
const storageDir = testConfig().storageDir;
const apiUrl = supabaseUrl();

// A 1×1 PNG and a 1×1 GIF: real image bytes, as admins upload them.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function signedInUser(tag: string) {
  const client = anonClient();
  const { data, error } = await client.auth.signUp({
    email: `${tag}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct-horse-1',
  });
  expect(error).toBeNull();
  return { client, userId: data.user!.id };
}

let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  admin = await signedInUser('storage-admin');
  customer = await signedInUser('storage-customer');
  await sql`insert into public.admin_users (user_id) values (${admin.userId})`;
});

afterAll(() => sql.end());

const objectPath = (ext = 'png') => `rings/${randomUUID()}/${randomUUID().slice(0, 8)}.${ext}`;
const onDisk = (path: string) => join(storageDir, BUCKET, ...path.split('/'));
const readdirSafe = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe('product-images storage', () => {
  it('lets an admin upload, serves the public URL with type and cache headers, lists and removes', async () => {
    const path = objectPath();
    const bucket = admin.client.storage.from(BUCKET);
    const uploaded = await bucket.upload(path, PNG, { contentType: 'image/png', cacheControl: '3600', upsert: false });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path, fullPath: `${BUCKET}/${path}` });
    expect(existsSync(onDisk(path))).toBe(true);

    const [row] = await sql<{ owner: string; metadata: Record<string, unknown> }[]>`
      select owner, metadata from storage.objects where bucket_id = ${BUCKET} and name = ${path}`;
    expect(row?.owner).toBe(admin.userId);
    expect(row?.metadata).toMatchObject({ mimetype: 'image/png', size: PNG.length, cacheControl: 'max-age=3600' });

    const { publicUrl } = bucket.getPublicUrl(path).data;
    expect(publicUrl).toBe(`${apiUrl}/storage/v1/object/public/${BUCKET}/${path}`);
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    const cached = await fetch(publicUrl, { headers: { 'if-none-match': etag! } });
    expect(cached.status).toBe(304);
    const head = await fetch(publicUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');

    const folder = path.slice(0, path.lastIndexOf('/'));
    const listed = await bucket.list(folder);
    expect(listed.error).toBeNull();
    expect(listed.data?.map((f) => f.name)).toEqual([path.slice(folder.length + 1)]);
    const parent = await bucket.list('rings', { search: folder.split('/')[1] });
    expect(parent.data).toEqual([expect.objectContaining({ name: folder.split('/')[1], id: null })]);

    const downloaded = await bucket.download(path);
    expect(downloaded.error).toBeNull();
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(PNG)).toBe(true);

    const removed = await bucket.remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
    expect(existsSync(onDisk(path))).toBe(false);
    const after = await fetch(publicUrl);
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  });

  it('refuses to overwrite without upsert and replaces with upsert (multipart upload)', async () => {
    const path = objectPath();
    const bucket = admin.client.storage.from(BUCKET);
    expect((await bucket.upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();

    const again = await bucket.upload(path, PNG, { contentType: 'image/png', upsert: false });
    expect(again.error).toBeInstanceOf(StorageApiError);
    expect(again.error).toMatchObject({ message: 'The resource already exists', statusCode: '409', status: 400 });

    const replaced = await bucket.upload(path, new Blob([GIF], { type: 'image/gif' }), { upsert: true, cacheControl: '60' });
    expect(replaced.error).toBeNull();
    const res = await fetch(bucket.getPublicUrl(path).data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(Buffer.from(await res.arrayBuffer()).equals(GIF)).toBe(true);
    await bucket.remove([path]);
  });

  it("refuses a customer's upload and an anonymous one by the bucket's policies", async () => {
    for (const client of [customer.client, anonClient()]) {
      const path = objectPath();
      const { data, error } = await client.storage.from(BUCKET).upload(path, PNG, { contentType: 'image/png' });
      expect(data).toBeNull();
      expect(error).toBeInstanceOf(StorageApiError);
      expect(error).toMatchObject({
        message: 'new row violates row-level security policy',
        statusCode: '403',
        status: 400,
      });
      const rows = await sql`select 1 from storage.objects where bucket_id = ${BUCKET} and name = ${path}`;
      expect(rows.length).toBe(0);
      expect(existsSync(onDisk(path))).toBe(false);
      // Not even the folders of the refused key, nor a temporary file, are left behind.
      expect(existsSync(onDisk(path.split('/').slice(0, 2).join('/')))).toBe(false);
      expect(readdirSafe(`${storageDir}.uploads`)).toEqual([]);
    }
  });

  it('answers a refused upload before reading its body', async () => {
    // 60 MB announced but never sent: a server that read first would wait for the bytes.
    const started = Date.now();
    const abort = new AbortController();
    const res = await fetch(`${apiUrl}/storage/v1/object/${BUCKET}/${objectPath()}`, {
      method: 'POST',
      headers: { apikey: anonKey(), authorization: `Bearer ${anonKey()}`, 'content-type': 'image/png' },
      body: new ReadableStream({
        async pull(controller) {
          await new Promise((r) => setTimeout(r, 50));
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      }),
      duplex: 'half',
      signal: abort.signal,
    } as RequestInit);
    expect(await res.json()).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    abort.abort();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("does not let a customer remove an admin's image", async () => {
    const path = objectPath();
    await admin.client.storage.from(BUCKET).upload(path, PNG, { contentType: 'image/png' });
    const attempt = await customer.client.storage.from(BUCKET).remove([path]);
    expect(attempt.data).toEqual([]);
    expect((await fetch(admin.client.storage.from(BUCKET).getPublicUrl(path).data.publicUrl)).status).toBe(200);
    await admin.client.storage.from(BUCKET).remove([path]);
  });

  it("enforces the bucket's mime types and size limit, and rejects unknown buckets and bad keys", async () => {
    const bucket = admin.client.storage.from(BUCKET);
    const text = await bucket.upload(objectPath('txt'), Buffer.from('hello'), { contentType: 'text/plain' });
    expect(text.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });

    const huge = await bucket.upload(objectPath(), Buffer.alloc(10 * 1024 * 1024 + 1), { contentType: 'image/png' });
    expect(huge.error).toMatchObject({ statusCode: '413' });

    const missing = await admin.client.storage.from('no-such-bucket').upload(objectPath(), PNG, { contentType: 'image/png' });
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });

    const session = (await admin.client.auth.getSession()).data.session!;
    const traversal = await fetch(`${apiUrl}/storage/v1/object/${BUCKET}/..%2F..%2Fescape.png`, {
      method: 'POST',
      headers: { apikey: anonKey(), authorization: `Bearer ${session.access_token}`, 'content-type': 'image/png' },
      body: PNG,
    });
    expect(traversal.status).toBe(400);
    expect(await traversal.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    expect(existsSync(join(storageDir, 'escape.png'))).toBe(false);
  });
});
