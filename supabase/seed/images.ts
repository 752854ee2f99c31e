// Rasterises the product art to WebP (cached on disk by visual key and SVG hash) and uploads it through Storage.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { type ArtSpec, buildSvg, visualKey } from './art';

export const BUCKET = 'product-images';
/** Masters are 1000×1000 (the SVG's size); next/image makes the display sizes. */
const WEBP = { quality: 82, effort: 2 } as const;

export interface RenderResult {
  images: Map<string, Buffer>;
  rendered: number;
  cached: number;
  ms: number;
}

/** Runs fn over items with at most `limit` in flight. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return out;
}

/**
 * Renders every distinct visual once. The cache file name carries a hash of the SVG, so a change to the art
 * re-renders exactly the images it affects.
 */
export async function renderAll(specs: readonly ArtSpec[], cacheDir: string): Promise<RenderResult> {
  const t0 = Date.now();
  const unique = new Map<string, ArtSpec>();
  for (const spec of specs) unique.set(visualKey(spec), spec);
  await mkdir(cacheDir, { recursive: true });
  const images = new Map<string, Buffer>();
  let rendered = 0;
  let cached = 0;
  // libvips already spreads one render over its threads; two renders in flight keep every core busy.
  const limit = Math.max(2, Math.min(4, availableParallelism()));
  await mapLimit([...unique.entries()], limit, async ([key, spec]) => {
    const svg = buildSvg(spec);
    const hash = createHash('sha1').update(svg).digest('hex').slice(0, 12);
    const file = join(cacheDir, `${key}.${hash}.webp`);
    if (existsSync(file)) {
      images.set(key, await readFile(file));
      cached++;
      return;
    }
    const bytes = await sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    images.set(key, bytes);
    rendered++;
  });
  return { images, rendered, cached, ms: Date.now() - t0 };
}

export interface Upload {
  path: string;
  bytes: Buffer;
}

/** Uploads with bounded concurrency; fails on the first error with the object's path. */
export async function uploadAll(client: SupabaseClient, uploads: readonly Upload[], concurrency = 8): Promise<void> {
  const bucket = client.storage.from(BUCKET);
  await mapLimit(uploads, concurrency, async ({ path, bytes }) => {
    const { error } = await bucket.upload(path, bytes, { contentType: 'image/webp', upsert: true, cacheControl: '31536000' });
    if (error) throw new Error(`Uploading ${path} to ${BUCKET} failed: ${error.message}`);
  });
}

export function publicUrl(client: SupabaseClient, path: string): string {
  return client.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
}
