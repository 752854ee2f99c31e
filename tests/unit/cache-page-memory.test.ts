// The cache handler's memory part: a page counts its bytes (HTML, RSC payload, postponed state), not the JSON of its
// payload, and the memory holds `cacheMaxMemorySize` bytes of pages, the oldest giving way.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache';

// No database in a unit test.
process.env.SHARED_CACHE_TAGS = 'off';
const { default: SharedTagsCache, memoryBytes } = await import('@/lib/core/cache/shared-tags-handler.mjs');

type Handler = {
  get(key: string, ctx: Record<string, unknown>): Promise<{ value: Record<string, unknown> } | null>;
  set(key: string, data: Record<string, unknown> | null, ctx: Record<string, unknown>): Promise<void>;
};

const KB = 1024;
// Bytes of 255 are the JSON estimate's worst case: four characters each ('255,').
const page = (htmlBytes: number, rscBytes: number, postponed?: string) => ({
  kind: 'APP_PAGE',
  html: 'x'.repeat(htmlBytes),
  rscData: Buffer.alloc(rscBytes, 255),
  headers: {},
  status: 200,
  postponed,
  segmentData: undefined,
});

describe('cache memory', () => {
  it('counts a page by its bytes', () => {
    expect(memoryBytes({ value: page(1000, 5000) })).toBe(6000);
    expect(memoryBytes({ value: page(1000, 5000, 'p'.repeat(300)) })).toBe(6300);
    expect(memoryBytes({ value: { kind: 'APP_ROUTE', body: Buffer.alloc(700), headers: {}, status: 200 } })).toBe(700);
    expect(memoryBytes({ value: { kind: 'FETCH', data: { body: 'abc' } } })).toBe(JSON.stringify({ body: 'abc' }).length);
    expect(memoryBytes({ value: null })).toBe(25);
  });

  it('holds cacheMaxMemorySize bytes of pages, the oldest giving way', async () => {
    // The memory cache is one per process: a cache made by an earlier test would keep its own size.
    const FileSystemCache = ((FileSystemCacheModule as unknown as { default?: unknown }).default ?? FileSystemCacheModule) as { memoryCache?: unknown };
    FileSystemCache.memoryCache = undefined;
    const handler = new SharedTagsCache({
      fs: nodeFs,
      serverDistDir: mkdtempSync(`${tmpdir()}/shop-cache-memory-`),
      revalidatedTags: [],
      flushToDisk: false,
      maxMemoryCacheSize: 1024 * KB,
    }) as unknown as Handler;
    const ctx = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false };
    // 300 kB a page: three fit in 1 MB (counted as JSON, one page alone would take 900 kB).
    for (const key of ['/a', '/b', '/c']) await handler.set(key, page(100 * KB, 200 * KB), { isRoutePPREnabled: false, isFallback: false });
    for (const key of ['/a', '/b', '/c']) expect((await handler.get(key, ctx))?.value).toMatchObject({ status: 200 });
    await handler.set('/d', page(100 * KB, 200 * KB), { isRoutePPREnabled: false, isFallback: false });
    expect(await handler.get('/a', ctx)).toBeNull();
    for (const key of ['/b', '/c', '/d']) expect(await handler.get(key, ctx)).not.toBeNull();
  });
});
