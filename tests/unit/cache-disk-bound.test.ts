// The cache's disk bound: thousands of unique pages written through the real cache handler (Next's file-system cache
// underneath) into a build folder leave its disk use within the bound, whether written by one process or several
// sharing the folder, and what an earlier run left counts; search pages, the free-text ones, never reach the disk.
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import { getRouteCacheKey } from 'next/dist/server/lib/route-cache-key';
import { SharedCacheControls } from 'next/dist/server/lib/incremental-cache/shared-cache-controls.external';
import { encodeListingState } from '@/lib/catalog/listing-state';
import { encodeSearchState } from '@/lib/catalog/search-state';

// Set before the handler loads: its bound is read once, as a server reads it at start. No database in a unit test.
process.env.PAGE_CACHE_DISK_MB = '2';
process.env.SHARED_CACHE_TAGS = 'off';
const { default: SharedTagsCache, isSearchPage } = await import('@/lib/core/cache/shared-tags-handler.mjs');
const { CACHE_DISK_MAX_BYTES, DiskBound, blocksFor, cacheFolders, entryBytes, scanEntries, trimFolders } = await import('@/lib/core/cache/disk-bound.mjs');

type Handler = {
  get(key: string, ctx: Record<string, unknown>): Promise<{ value: Record<string, unknown> } | null>;
  set(key: string, data: Record<string, unknown> | null, ctx: Record<string, unknown>): Promise<void>;
};

const MB = 1024 * 1024;
const PAGES = 2000;
const listingKey = (page: number) =>
  getRouteCacheKey(`/category/rings/${encodeListingState({ page, sort: 'newest', materials: [] })}`, {
    kind: 'APP_PAGE',
    sourceRoute: '/(shop)/category/[category]/(listing)/[[...view]]/page',
  } as never);
const searchKey = (q: string) =>
  getRouteCacheKey(`/search/${encodeSearchState({ q, page: 1, sort: 'relevance', materials: [] })}`, {
    kind: 'APP_PAGE',
    sourceRoute: '/(shop)/search/[[...view]]/page',
  } as never);
const page = (bytes: number) => ({
  kind: 'APP_PAGE',
  html: `<p>${'x'.repeat(bytes)}</p>`,
  rscData: Buffer.alloc(bytes / 2, 'r'),
  headers: { 'x-next-cache-tags': '_N_T_/layout,catalog' },
  status: 200,
  postponed: undefined,
  segmentData: undefined,
});
const storeCtx = { isRoutePPREnabled: false, isFallback: false };
/** Next's record of each stored page's cache life, which it writes before handing the page to the handler. */
const cacheLives = (SharedCacheControls as unknown as { cacheControls: Map<string, unknown> }).cacheControls;
async function store(handler: Handler, key: string, data: Record<string, unknown>) {
  cacheLives.set(key, { revalidate: 300, expire: undefined });
  await handler.set(key, data, storeCtx);
}
const getCtx = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false };

/** A build folder as `next build` leaves it: the server folder with the build's own pages. */
function buildFolder() {
  const root = mkdtempSync(join(tmpdir(), 'shop-disk-bound-'));
  const server = join(root, 'server');
  mkdirSync(join(server, 'app'), { recursive: true });
  writeFileSync(join(server, 'app', 'about.html'), 'x'.repeat(3 * MB));
  return server;
}

const handlerFor = (server: string) => new SharedTagsCache({ fs: nodeFs, serverDistDir: server, revalidatedTags: [], flushToDisk: true }) as unknown as Handler;
const diskUse = async (server: string) => (await scanEntries(cacheFolders(server))).reduce((sum, e) => sum + e.bytes, 0);

/** What a process writes past the bound between its scans, at most (disk-bound.mjs): two sweep marks and a page. */
const slack = (bound: { sweepBytes: number }, processes: number) => processes * (2 * bound.sweepBytes + 64 * 1024);
/** Once the trim a write started in the background is done. */
const settled = { timeout: 10_000 };

describe('the cache on disk', () => {
  it('stays within its bound after thousands of unique page numbers and searches, and keeps the newest pages', async () => {
    const server = buildFolder();
    const handler = handlerFor(server);
    const bound = new DiskBound(server);
    expect(CACHE_DISK_MAX_BYTES).toBe(2 * MB);
    for (let i = 1; i <= PAGES; i++) {
      // As Next does: a get that finds nothing, a render, then the store.
      expect(await handler.get(listingKey(i), getCtx)).toBeNull();
      await store(handler, listingKey(i), page(4000));
      await store(handler, searchKey(`gold w${i}`), page(4000));
    }
    // Unbounded, the pages alone would take about 24 MB.
    expect(PAGES * entryBytes(page(4000))).toBeGreaterThan(20 * MB);
    await expect.poll(() => diskUse(server), settled).toBeLessThanOrEqual(CACHE_DISK_MAX_BYTES + slack(bound, 1));
    expect((await handler.get(listingKey(PAGES), getCtx))?.value).toMatchObject({ status: 200 });
    // The build's own pages are never removed.
    expect(readdirSync(join(server, 'app'))).toEqual(['about.html']);
    // Search pages are in memory, never on disk.
    expect((await handler.get(searchKey(`gold w${PAGES}`), getCtx))?.value).toMatchObject({ status: 200 });
    expect(readdirSync(server, { recursive: true }).filter((f) => String(f).includes('/search'))).toEqual([]);
    // Next's record of cache lives keeps only pages still on disk.
    const listed = () => [...cacheLives.keys()].filter((k) => k.includes('/category/rings/'));
    const gone = async () => {
      const onDisk = new Set((await scanEntries(cacheFolders(server))).map((e) => e.stem.slice(server.length)));
      return listed().filter((k) => !onDisk.has(k));
    };
    await expect.poll(gone, settled).toEqual([]);
    expect(listed().length).toBeLessThan(PAGES / 4);
  }, 120_000);

  it("keeps Next's record of cache lives to the pages it keeps: none for a 404, the search pages in memory", async () => {
    const handler = handlerFor(buildFolder());
    await store(handler, listingKey(999_999), { ...page(100), status: 404 });
    expect(cacheLives.has(listingKey(999_999))).toBe(false);
    // 1 MB search pages: the memory cache holds 16 of them at most.
    for (let i = 0; i < 40; i++) await store(handler, searchKey(`big w${i}`), page(MB));
    const searches = [...cacheLives.keys()].filter((k) => k.includes('/search/') && isSearchPage(k));
    expect(searches.length).toBeLessThanOrEqual(16);
    expect(cacheLives.has(searchKey('big w39'))).toBe(true);
    expect(cacheLives.has(searchKey('big w0'))).toBe(false);
  });

  it("recognises search pages by their path in Next's cache keys", () => {
    expect(searchKey('gold')).toMatch(/^\/route-cache\/APP_PAGE\/[0-9a-f]{64}\/\$\/search\//);
    expect(isSearchPage(searchKey('gold'))).toBe(true);
    expect(isSearchPage(listingKey(2))).toBe(false);
    expect(isSearchPage(getRouteCacheKey('/search', { kind: 'APP_PAGE', sourceRoute: '/(shop)/search/[[...view]]/page' } as never))).toBe(false);
  });

  it('holds with several processes writing to one build folder', async () => {
    const server = buildFolder();
    const maxBytes = 2 * MB;
    const processes = [0, 1, 2, 3].map(() => new DiskBound(server, { maxBytes }));
    let n = 0;
    // Four writers taking turns, as two servers of two workers do, each counting only what it wrote itself.
    for (let round = 0; round < 500; round++) {
      await Promise.all(
        processes.map(async (bound) => {
          const stem = join(server, 'route-cache', 'APP_PAGE', 'h', '$', 'products', `${++n}.newest.all`);
          mkdirSync(join(stem, '..'), { recursive: true });
          writeFileSync(`${stem}.html`, 'x'.repeat(6000));
          writeFileSync(`${stem}.rsc`, 'r'.repeat(3000));
          writeFileSync(`${stem}.meta`, '{}');
          await bound.wrote(blocksFor(6000) + blocksFor(3000) + blocksFor(2));
        }),
      );
      if (round % 20 === 19) expect(await diskUse(server)).toBeLessThanOrEqual(maxBytes + slack(processes[0]!, processes.length));
    }
  }, 120_000);

  it('counts what an earlier run left, and removes whole entries, oldest written first', async () => {
    const server = buildFolder();
    const old = Date.now() / 1000 - 3600;
    const stems: string[] = [];
    for (let i = 0; i < 400; i++) {
      const stem = join(server, 'route-cache', 'APP_PAGE', 'h', '$', 'products', `${i + 1}.newest.all`);
      mkdirSync(join(stem, '..'), { recursive: true });
      for (const [suffix, bytes] of [['.html', 8000], ['.rsc', 4000], ['.meta', 10]] as const) {
        writeFileSync(`${stem}${suffix}`, 'x'.repeat(bytes));
        utimesSync(`${stem}${suffix}`, old + i, old + i);
      }
      stems.push(stem);
    }
    const data = join(server, '..', 'cache', 'fetch-cache');
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'abc123'), '{}');
    utimesSync(join(data, 'abc123'), old - 10, old - 10);
    const before = await diskUse(server);
    expect(before).toBeGreaterThan(4 * MB);
    // A restart: the first write scans what is there.
    const handler = handlerFor(server);
    await store(handler, listingKey(1), page(4000));
    await expect.poll(() => diskUse(server), settled).toBeLessThanOrEqual(CACHE_DISK_MAX_BYTES);
    const left = await scanEntries(cacheFolders(server));
    // The oldest went first (the data entry, then the first pages), and no entry is left in part.
    const kept = new Set(left.map((e) => e.stem));
    expect(kept.has(join(data, 'abc123'))).toBe(false);
    const firstKept = stems.findIndex((s) => kept.has(s));
    expect(firstKept).toBeGreaterThan(0);
    expect(stems.slice(firstKept).every((s) => kept.has(s))).toBe(true);
    for (const entry of left.filter((e) => e.stem.includes('products'))) expect(entry.files).toHaveLength(3);
    expect(await trimFolders(cacheFolders(server), CACHE_DISK_MAX_BYTES)).toMatchObject({ removed: [] });
  }, 60_000);
});
