// Shared by the catalog back-office tests: real image bytes, requests to the catalog route handlers, the import's
// streamed answer, and what Storage holds for a product.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { testConfig } from '../../local-stack/config';
import type { ImportEvent } from '@/lib/admin/catalog/import-rows';
import { sql } from './checkout-support';

export const BUCKET = 'product-images';

/** A small real image in `format`. */
export async function imageBytes(format: 'png' | 'jpeg' | 'webp' | 'avif' = 'png', colour = '#b08d57'): Promise<Uint8Array> {
  const image = sharp({ create: { width: 16, height: 16, channels: 3, background: colour } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

export function uploadRequest(category: string | null, productId: string | null, body: Uint8Array, type = 'image/png'): Request {
  const q = new URLSearchParams();
  if (category) q.set('category', category);
  if (productId) q.set('productId', productId);
  return new Request(`http://localhost/api/admin/product-images?${q}`, { method: 'POST', headers: { 'content-type': type }, body: Buffer.from(body) });
}

export function importRequest(category: string, body: string | Uint8Array): Request {
  return new Request(`http://localhost/api/admin/products/import?category=${category}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: typeof body === 'string' ? body : Buffer.from(body),
  });
}

/** Every event of an import's streamed answer. */
export async function importEvents(response: Response): Promise<ImportEvent[]> {
  const text = await response.text();
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as ImportEvent);
}

export async function storedObjects(prefix: string): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select name from storage.objects where bucket_id = ${BUCKET} and name like ${prefix + '%'} order by name`;
  return rows.map((r) => r.name);
}

export const storedFileExists = (name: string) => existsSync(join(testConfig().storageDir, BUCKET, ...name.split('/')));

/** A tag no other test uses, for SKUs. */
export const uniqueTag = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** Every row of a table as one hash (generated columns included): equal = nothing changed. */
export async function tableFingerprint(table: string): Promise<string> {
  const [row] = await sql<{ fp: string }[]>`
    select count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), ',' order by t.id)), '') as fp from ${sql('public.' + table)} t`;
  return row!.fp;
}
