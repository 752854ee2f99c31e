// The Next.js cache handler of every app server (next.config.mjs `cacheHandler`). Entries stay Next's own
// file-system cache (memory plus the build folder; the memory part is this handler's, which counts a page in bytes:
// pageMemory below); what several servers must agree on, which tags were
// revalidated, goes through Postgres (shared-tags.mjs), so an edit made through one server shows on all of them
// within a NOTIFY's round trip. More rules: a tag revalidated again is stale again (Next 15's built-in cache
// records only a tag's first revalidation); error pages (404 for an unknown category or product, or a listing page
// past the last) are never stored; search pages, one per words searched, are kept in a bounded memory cache of their
// own, never on disk; and the files on disk are kept under a size bound, oldest removed first (disk-bound.mjs). So
// arbitrary URLs can fill neither the disk nor the memory. And a render that may have read data from before a
// revalidation of one of its tags is not stored: stored after the revalidation, it would look fresh (Next dates an
// entry when it is stored, not when its render began) and be served until its time ran out. SHARED_CACHE_TAGS=off
// keeps revalidation local to one server.
import { randomUUID } from 'node:crypto';
import { relative } from 'node:path';
import { LRUCache } from 'lru-cache';
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import TagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import SharedCacheControlsModule from 'next/dist/server/lib/incremental-cache/shared-cache-controls.external.js';
import { connectTags, publishTags, subscribeTags, tagsRevalidatedSince } from './shared-tags.mjs';
import { DiskBound, entryBytes } from './disk-bound.mjs';

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;
/** Next's per-process map tag → revalidated at (ms), which its cache reads to decide staleness. */
const { tagsManifest, isStale } = TagsManifestModule;
/**
 * Next's per-process map key → cache life (revalidate, expire) of every page it stored, which never shrinks. A key
 * this handler does not keep leaves it: Next then reads the route's own cache life, as it does after a restart.
 */
const { cacheControls } = SharedCacheControlsModule.SharedCacheControls;
const RETRY_MS = 10_000;

/** The page path of a cache key: Next's are /route-cache/<kind>/<route hash>/$<path> (next/dist/server/lib/route-cache-key.js). */
function pagePath(key) {
  const at = key.indexOf('/$/');
  return at === -1 ? key : key.slice(at + 2);
}

/**
 * Search result pages (/search/{state}, lib/catalog/search-state.ts), the only pages whose path holds a visitor's
 * free text (listing views are closed sets: lib/catalog/listing-state.ts); /search itself is one page.
 */
export function isSearchPage(key) {
  return /^\/search\/[^/]+$/.test(pagePath(key));
}

/** Per worker (docs/operations.md: Memory). */
export const SEARCH_PAGES_MAX_BYTES = 16 * 1024 * 1024;
const searchPages = new LRUCache({
  maxSize: SEARCH_PAGES_MAX_BYTES,
  sizeCalculation: ({ value }) => (value.html?.length ?? 0) + (value.rscData?.length ?? 0) + 1024,
  dispose: (_entry, key, reason) => {
    if (reason !== 'set') cacheControls.delete(key);
  },
});

/**
 * The memory cost of a cached entry: a page's HTML, RSC payload and postponed state as they are held (the payload is
 * a Buffer, counted in bytes). Next's own memory cache counts that Buffer as JSON, an array of numbers several times
 * its size, built anew for every page it stores; other kinds are counted as Next counts them.
 */
export function memoryBytes({ value }) {
  if (!value) return 25;
  switch (value.kind) {
    case 'APP_PAGE':
      return Math.max(1, (value.html?.length ?? 0) + (value.rscData?.length ?? 0) + (value.postponed?.length ?? 0));
    case 'APP_ROUTE':
      return Math.max(1, value.body?.length ?? 0);
    case 'FETCH':
      return Math.max(1, JSON.stringify(value.data ?? '').length);
    case 'REDIRECT':
      return Math.max(1, JSON.stringify(value.props ?? null).length);
    default:
      return Math.max(1, (value.html?.length ?? 0) + (JSON.stringify(value.pageData ?? null)?.length ?? 0));
  }
}

/**
 * Next's file-system cache keeps entries in a memory cache of its class (FileSystemCache.memoryCache) when it is
 * given a size. The handler gives it none, so Next makes no cache of its own, and hands it this one instead, of the
 * same size (`cacheMaxMemorySize`, next.config.ts) and used by Next's code in the same way; one per process.
 */
function pageMemory(maxBytes) {
  FileSystemCache.memoryCache ??= new LRUCache({ maxSize: maxBytes, sizeCalculation: memoryBytes });
}

/** Longer than any render takes: a render whose start is unknown may have begun this long before it is stored. */
export const RENDER_MS = 10_000;
/** When a render of each key began: the first get since its last store that found nothing fresh. */
const renderStarts = new LRUCache({ max: 10_000 });

/** The disk bound of each build folder this process writes to. */
const diskBounds = new Map();
function diskBound(serverDistDir) {
  let bound = diskBounds.get(serverDistDir);
  if (!bound) {
    bound = new DiskBound(serverDistDir, {
      onTrim: ({ kept }) => forgetGone(serverDistDir, kept),
      onError: (err) => log('error', 'page cache: could not keep the disk under its bound', { error: String(err?.message ?? err) }),
    });
    diskBounds.set(serverDistDir, bound);
  }
  return bound;
}

/** Drops the cache lives of pages no longer on disk (removed by any process) nor among the search pages. */
function forgetGone(serverDistDir, kept) {
  const onDisk = new Set(kept.map((stem) => `/${relative(serverDistDir, stem)}`));
  for (const key of cacheControls.keys()) {
    if (key.startsWith('/route-cache/') && !onDisk.has(key) && !searchPages.has(key)) cacheControls.delete(key);
  }
}

const state = (globalThis.__shopSharedTags ??= { id: randomUUID(), sql: null, starting: null, lastSeen: null });
// The same times for the server's own in-memory caches (lib/cache/tag-clock.ts), on the process's global object:
// route code is bundled apart from this handler, so a module of its own would be another instance there.
state.revalidatedAt ??= new Map();

function log(level, event, fields = {}) {
  const line = JSON.stringify({ level, time: new Date().toISOString(), event, ...fields });
  if (level === 'error') console.error(line);
  else console.warn(line);
}

function markRevalidated(tags, at) {
  for (const tag of tags) {
    tagsManifest.set(tag, Math.max(tagsManifest.get(tag) ?? 0, at));
    state.revalidatedAt.set(tag, Math.max(state.revalidatedAt.get(tag) ?? 0, at));
  }
}

async function catchUp(sql) {
  const first = state.lastSeen === null;
  const rows = await tagsRevalidatedSince(sql, state.lastSeen);
  for (const row of rows) {
    const at = row.revalidated_at.getTime();
    // At start-up the recorded times judge the entries already on disk; after a reconnect, what was missed is stale
    // from now on.
    markRevalidated([row.tag], first ? at : Date.now());
    if (!state.lastSeen || row.revalidated_at > state.lastSeen) state.lastSeen = row.revalidated_at;
  }
  state.lastSeen ??= new Date(0);
}

function enabled() {
  return process.env.NEXT_PHASE !== 'phase-production-build' && process.env.SHARED_CACHE_TAGS !== 'off';
}

/** Connects and listens once per process; on failure the server keeps working alone and tries again later. */
function start() {
  if (!enabled() || state.starting) return state.starting;
  const sql = (state.sql ??= connectTags());
  state.starting = subscribeTags(sql, {
    onTags: (tags, from) => {
      if (from !== state.id) markRevalidated(tags, Date.now());
    },
    onConnect: () => catchUp(sql).catch((err) => log('error', 'cache tags: catch-up failed', { error: String(err) })),
  }).catch((err) => {
    log('warn', 'cache tags: not listening; revalidation stays on this server for now', { error: String(err?.message ?? err) });
    setTimeout(() => {
      state.starting = null;
    }, RETRY_MS).unref();
    return null;
  });
  return state.starting;
}

/** A stored search page, or null (a render) when there is none or one of its tags was revalidated since. */
function searchPage(key) {
  const entry = searchPages.get(key);
  if (!entry) return null;
  const tags = entry.value.headers?.['x-next-cache-tags'];
  if (typeof tags === 'string' && isStale(tags.split(','), entry.lastModified)) {
    searchPages.delete(key);
    return null;
  }
  return entry;
}

/** An entry's cache tags: a page's or route's from its headers, a data entry's from the context it is stored with. */
function entryTags(data, ctx) {
  const header = data?.headers?.['x-next-cache-tags'];
  return [...(typeof header === 'string' ? header.split(',') : []), ...(ctx?.tags ?? []), ...(data?.tags ?? [])];
}

/**
 * Whether a render of `key` that is being stored may have read data from before a revalidation of one of `tags`:
 * one was revalidated since the render began (or, when its start is unknown, within RENDER_MS).
 */
function renderedBeforeRevalidation(key, tags) {
  const startedAt = renderStarts.get(key) ?? Date.now() - RENDER_MS;
  renderStarts.delete(key);
  return tags.some((tag) => (state.revalidatedAt.get(tag) ?? 0) > startedAt);
}

export default class SharedTagsCache extends FileSystemCache {
  constructor(ctx) {
    super({ ...ctx, maxMemoryCacheSize: 0 });
    if (ctx.maxMemoryCacheSize) pageMemory(ctx.maxMemoryCacheSize);
    void start();
  }

  async get(...args) {
    void start();
    const [key] = args;
    const found = isSearchPage(key) ? searchPage(key) : await super.get(...args);
    if (!found && !renderStarts.has(key)) renderStarts.set(key, Date.now());
    return found;
  }

  async set(key, data, ctx) {
    const refused = data && ((typeof data.status === 'number' && data.status >= 400) || renderedBeforeRevalidation(key, entryTags(data, ctx)));
    if (refused) {
      cacheControls.delete(key);
      return;
    }
    if (isSearchPage(key)) {
      if (data?.kind === 'APP_PAGE') searchPages.set(key, { value: data, lastModified: Date.now() });
      else cacheControls.delete(key);
      return;
    }
    await super.set(key, data, ctx);
    if (this.flushToDisk && data) await diskBound(this.serverDistDir).wrote(entryBytes(data));
  }

  async revalidateTag(tags) {
    const list = (typeof tags === 'string' ? [tags] : tags).filter(Boolean);
    if (list.length === 0) return;
    markRevalidated(list, Date.now());
    if (!enabled()) return;
    await start();
    try {
      await publishTags(state.sql ?? (state.sql = connectTags()), list, state.id);
    } catch (err) {
      log('error', 'cache tags: could not share a revalidation', { tags: list, error: String(err?.message ?? err) });
    }
  }
}
