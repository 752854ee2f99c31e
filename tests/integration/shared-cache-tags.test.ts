// The cache handler's tag revalidation, shared through Postgres: what one server revalidates is recorded and
// announced, every listener marks it stale (and catches up from the table after a reconnect), a tag revalidated
// twice is stale twice, and error pages are never stored.
import { afterAll, describe, expect, it } from 'vitest';
import { connectTags, publishTags, subscribeTags, tagsDatabaseUrl, tagsRevalidatedSince } from '@/lib/core/cache/shared-tags.mjs';
import SharedTagsCache, { RENDER_MS, SEARCH_PAGES_MAX_BYTES } from '@/lib/core/cache/shared-tags-handler.mjs';
import { tagRevalidatedAt } from '@/lib/core/cache/tag-clock';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import { getRouteCacheKey } from 'next/dist/server/lib/route-cache-key';

type Entry = { lastModified: number; value: Record<string, unknown> } | null;
type Handler = SharedTagsCache & {
  get(key: string, ctx: Record<string, unknown>): Promise<Entry>;
  set(key: string, data: Record<string, unknown> | null, ctx: Record<string, unknown>): Promise<void>;
};

const sql = connectTags(process.env.DATABASE_URL!);
const handler = new SharedTagsCache({
  fs: nodeFs,
  serverDistDir: mkdtempSync(`${tmpdir()}/shop-cache-`),
  revalidatedTags: [],
  flushToDisk: false,
  maxMemoryCacheSize: 1024 * 1024,
}) as Handler;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
afterAll(() => sql.end());

const fetchEntry = (tag: string) => ({ kind: 'FETCH', data: { headers: {}, body: 'x', status: 200, url: '' }, revalidate: 300, tags: [tag] });
const fetchCtx = (tag: string) => ({ kind: 'FETCH', tags: [tag], softTags: [] });

describe('shared cache tags', () => {
  it('uses the session pooler for LISTEN on Supabase', () => {
    expect(tagsDatabaseUrl({ DATABASE_URL: 'postgresql://u:p@aws-0-eu.pooler.supabase.com:6543/postgres' })).toBe(
      'postgresql://u:p@aws-0-eu.pooler.supabase.com:5432/postgres',
    );
    expect(tagsDatabaseUrl({ DATABASE_URL: 'postgresql://u:p@h:6543/db', CACHE_TAGS_DATABASE_URL: 'postgresql://x@y/z' })).toBe('postgresql://x@y/z');
  });

  it("announces a server's revalidation to every listener and records it", async () => {
    const heard: { tags: string[]; from: string | null }[] = [];
    const listener = connectTags(process.env.DATABASE_URL!);
    await subscribeTags(listener, { onTags: (tags, from) => heard.push({ tags, from }) });
    const tag = `test-tag-${Date.now()}`;
    await handler.revalidateTag([tag]);
    await expect.poll(() => heard.find((h) => h.tags.includes(tag)), { timeout: 1000 }).toBeTruthy();
    expect(heard.find((h) => h.tags.includes(tag))!.from).toEqual(expect.any(String));
    const rows = await tagsRevalidatedSince(sql, new Date(Date.now() - 60_000));
    expect(rows.map((r) => r.tag)).toContain(tag);
    await listener.end();
  });

  it('marks entries stale on every revalidation of a tag, the second one too', async () => {
    const tag = `twice-${Date.now()}`;
    await handler.set('k-twice', fetchEntry(tag), { fetchCache: true, tags: [tag] });
    expect(await handler.get('k-twice', fetchCtx(tag))).not.toBeNull();
    await sleep(5);
    await handler.revalidateTag(tag);
    expect(await handler.get('k-twice', fetchCtx(tag))).toBeNull();
    await sleep(5);
    await handler.set('k-twice', fetchEntry(tag), { fetchCache: true, tags: [tag] });
    expect(await handler.get('k-twice', fetchCtx(tag))).not.toBeNull();
    await sleep(5);
    await handler.revalidateTag(tag);
    expect(await handler.get('k-twice', fetchCtx(tag))).toBeNull();
  });

  it('marks entries stale when another server revalidates their tag', async () => {
    const tag = `remote-${Date.now()}`;
    await handler.set('k-remote', fetchEntry(tag), { fetchCache: true, tags: [tag] });
    await sleep(5);
    expect(await handler.get('k-remote', fetchCtx(tag))).not.toBeNull();
    await publishTags(sql, [tag], 'another-server');
    await expect.poll(async () => handler.get('k-remote', fetchCtx(tag)), { timeout: 1000 }).toBeNull();
  });

  it("tells the server's own caches (tag clock) of its revalidations and of another server's", async () => {
    const own = `clock-own-${Date.now()}`;
    const remote = `clock-remote-${Date.now()}`;
    expect(tagRevalidatedAt(own)).toBe(0);
    const before = Date.now();
    await handler.revalidateTag(own);
    expect(tagRevalidatedAt(own)).toBeGreaterThanOrEqual(before);
    await publishTags(sql, [remote], 'another-server');
    await expect.poll(() => tagRevalidatedAt(remote), { timeout: 1000 }).toBeGreaterThanOrEqual(before);
  });

  it('never stores an error page', async () => {
    const page = (status: number) => ({ kind: 'APP_PAGE', html: '<p>x</p>', rscData: Buffer.from(''), headers: {}, status, postponed: undefined, segmentData: undefined });
    const ctx = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false };
    await handler.set('/category/watches', page(404), { isRoutePPREnabled: false, isFallback: false });
    expect(await handler.get('/category/watches', ctx)).toBeNull();
    await handler.set('/category/rings', page(200), { isRoutePPREnabled: false, isFallback: false });
    expect((await handler.get('/category/rings', ctx))?.value).toMatchObject({ status: 200 });
  });

  it('does not store a render that began before a revalidation of its tag, and stores the next one', async () => {
    const tag = `race-${Date.now()}`;
    const entry = { ...fetchEntry(tag), data: { headers: {}, body: 'before the edit', status: 200, url: '' } };
    // A render begins (its get finds nothing), the tag is revalidated meanwhile, then the render is stored.
    expect(await handler.get('k-race', fetchCtx(tag))).toBeNull();
    await sleep(5);
    await handler.revalidateTag(tag);
    await handler.set('k-race', entry, { fetchCache: true, tags: [tag] });
    expect(await handler.get('k-race', fetchCtx(tag))).toBeNull();
    // The render that this miss begins reads the edit, and is kept.
    await sleep(5);
    await handler.set('k-race', fetchEntry(tag), { fetchCache: true, tags: [tag] });
    expect(await handler.get('k-race', fetchCtx(tag))).not.toBeNull();
    // A store whose render's start is unknown (no miss before it) is kept only once RENDER_MS have passed since.
    await handler.revalidateTag(tag);
    await handler.set('k-race-unknown', fetchEntry(tag), { fetchCache: true, tags: [tag] });
    expect(await handler.get('k-race-unknown', fetchCtx(tag))).toBeNull();
    expect(RENDER_MS).toBeGreaterThanOrEqual(5_000);
  });

  it('keeps search pages in memory only, bounded, and stale once their tag is revalidated', async () => {
    // Keys as Next builds them: /route-cache/APP_PAGE/<route hash>/$/search/{state}.
    const key = (state: string) => getRouteCacheKey(`/search/${state}`, { kind: 'APP_PAGE', sourceRoute: '/(shop)/search/[[...view]]/page' } as never);
    const dir = mkdtempSync(`${tmpdir()}/shop-cache-disk-`);
    const onDisk = new SharedTagsCache({ fs: nodeFs, serverDistDir: dir, revalidatedTags: [], flushToDisk: true }) as Handler;
    const tag = `search-${Date.now()}`;
    const page = (html: string) => ({
      kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': `_N_T_/layout,${tag}` }, status: 200,
      postponed: undefined, segmentData: undefined,
    });
    const ctx = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false };
    await onDisk.set(key('Z29sZA.1.relevance.all'), page('<p>gold</p>'), { isRoutePPREnabled: false, isFallback: false });
    expect((await onDisk.get(key('Z29sZA.1.relevance.all'), ctx))?.value).toMatchObject({ html: '<p>gold</p>' });
    // Nothing under the build folder: a crawler trying a million words fills no disk.
    expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('search'))).toEqual([]);
    await sleep(5);
    await onDisk.revalidateTag(tag);
    expect(await onDisk.get(key('Z29sZA.1.relevance.all'), ctx)).toBeNull();
    // The memory it may take is bounded: the oldest searches give way.
    const big = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < Math.ceil(SEARCH_PAGES_MAX_BYTES / big.length) + 2; i++) {
      // As Next does: a get that finds nothing, a render, then the store.
      expect(await onDisk.get(key(`${i}.1.relevance.all`), ctx)).toBeNull();
      await onDisk.set(key(`${i}.1.relevance.all`), page(big), { isRoutePPREnabled: false, isFallback: false });
    }
    expect(await onDisk.get(key('0.1.relevance.all'), ctx)).toBeNull();
    expect(await onDisk.get(key(`${Math.ceil(SEARCH_PAGES_MAX_BYTES / big.length) + 1}.1.relevance.all`), ctx)).not.toBeNull();
  });
});
