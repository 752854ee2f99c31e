// The production server's front cache of whole pages (scripts/serve.mjs). Next's cached pages still pass through
// its router, page runtime and response pipeline on every request, well above a static file's cost (measured in
// bench BENCH_ONLY=storefront, beside a static file of the same size); this keeps the bytes Next answered for a
// cached page (its x-nextjs-cache is HIT or MISS, its Cache-Control public with s-maxage, no Set-Cookie) and answers
// the same request with them directly, as a reverse-proxy cache would.
//
// Freshness follows Next's: an entry is kept only while no cache tag has been revalidated on this server since
// the request that filled it began (edits made here, or on another server through the shared cache handler), and
// at most ENTRY_MS, so Next still sees each page often enough to run its own time-based revalidation.
// PAGE_FRONT_CACHE=off turns it off.
import { LRUCache } from 'lru-cache';
import { acceptedEncodings } from '../http/accept-encoding.mjs';
import { cookieValue, hasSessionCookie, PRICE_VIEW_COOKIE, readPriceView } from '../http/price-view-cookie.mjs';

export const ENTRY_MS = 5_000;
// Per worker: the server holds this once per worker (docs/operations.md: Memory).
const MAX_BYTES = 32 * 1024 * 1024;
/** Request headers of the App Router's own fetches (RSC payloads, prefetches) and of conditional requests. */
const PASS_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action', 'if-none-match', 'if-modified-since', 'range', 'authorization'];

/** The latest revalidation of any cache tag known to this process (lib/core/cache/shared-tags-handler.mjs keeps it). */
export function tagClock() {
  const times = globalThis.__shopSharedTags?.revalidatedAt;
  let latest = 0;
  if (times) for (const at of times.values()) if (at > latest) latest = at;
  return latest;
}

/**
 * The content-coding Next answers a page with for an Accept-Encoding header, or null when the client accepts none.
 * Next compresses with the `compression` package: gzip or deflate by weight, never deflate where gzip is accepted.
 */
export function pageEncoding(header) {
  const accepted = acceptedEncodings(header, ['gzip', 'deflate', 'identity']);
  return accepted.find((coding) => coding !== 'deflate' || !accepted.includes('gzip')) ?? null;
}

/**
 * The cache key of a request, or null when it must go to Next: plain GETs of a page, without RSC or conditions.
 * The key holds everything Next's answer to such a request varies by: the URL, the content-coding it answers with,
 * https proxy or not. An entry is stored only in the coding its key names (record), so a client is only ever given
 * a coding it accepts.
 */
export function frontCacheKey(req) {
  if (req.method !== 'GET') return null;
  const url = req.url ?? '';
  if (!url.startsWith('/') || url.startsWith('/_next/') || url.startsWith('/api/') || url.includes('_rsc=')) return null;
  for (const name of PASS_HEADERS) if (req.headers[name] !== undefined) return null;
  if (/(?:^|;\s*)__prerender_bypass=/.test(req.headers.cookie ?? '')) return null;
  const view = priceViewOf(req.headers.cookie);
  if (view === null) return null;
  const encoding = pageEncoding(req.headers['accept-encoding']);
  if (!encoding) return null;
  // Behind an https proxy pages carry HSTS (next.config.ts headers): what Next's headers depend on is in the key.
  const https = /^\s*https\b/.test(String(req.headers['x-forwarded-proto'] ?? ''));
  return `${https ? 'https' : 'http'} ${encoding} ${url}${view}`;
}

/**
 * The price view a request's pages are cached under (ARCHITECTURE.md, "Trade accounts and price groups"): '' for
 * what an anonymous visitor sees, ' <view>' for a signed-in buyer's other view, or null when only Next can tell
 * (a session without a valid price view cookie, or a cookie without a session).
 */
export function priceViewOf(cookieHeader, secret = process.env.SUPABASE_SERVICE_ROLE_KEY, now = Date.now()) {
  const held = cookieValue(cookieHeader, PRICE_VIEW_COOKIE);
  const session = hasSessionCookie(cookieHeader);
  if (held === undefined) return session ? null : '';
  if (!session) return null;
  const read = readPriceView(secret, held, now);
  if (!read) return null;
  return read.name === 'anon' ? '' : ` ${read.name}`;
}

/** Whether Next's answer is a cached page that any visitor may be given. */
export function isStorable(statusCode, headers) {
  if (statusCode !== 200 || headers['set-cookie'] !== undefined) return false;
  const cache = String(headers['x-nextjs-cache'] ?? '');
  if (cache !== 'HIT' && cache !== 'MISS') return false;
  const control = String(headers['cache-control'] ?? '');
  return /\bs-maxage=\d+/.test(control) && !/\b(private|no-store|no-cache)\b/.test(control);
}

export class PageFrontCache {
  constructor({ now = Date.now, clock = tagClock, maxBytes = MAX_BYTES } = {}) {
    this.now = now;
    this.clock = clock;
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (e) => e.body.length + 512 });
  }

  /** Answers `req` from the cache when it can; returns whether it did. */
  serve(key, res) {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.clock !== this.clock() || this.now() - entry.storedAt > ENTRY_MS) {
      this.entries.delete(key);
      return false;
    }
    res.writeHead(200, { ...entry.headers, 'x-nextjs-cache': 'HIT', 'x-front-cache': 'HIT', 'content-length': entry.body.length });
    res.end(entry.body);
    return true;
  }

  /**
   * Lets Next answer `res` and keeps a copy of what it wrote, when that is storable. The tag clock is read before
   * Next starts, so a revalidation during the render leaves the copy out of date at once.
   */
  record(key, res) {
    const clock = this.clock();
    const storedAt = this.now();
    const chunks = [];
    let bytes = 0;
    let overflow = false;
    const collect = (chunk, encoding) => {
      if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
      bytes += buf.length;
      if (bytes > MAX_BYTES / 16) overflow = true;
      else chunks.push(buf);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (chunk, encoding, cb) {
      collect(chunk, encoding);
      return write.call(this, chunk, encoding, cb);
    };
    res.end = (chunk, encoding, cb) => {
      collect(chunk, encoding);
      const headers = res.getHeaders();
      // Next answers small or already-encoded bodies without compressing them: kept only in the coding the key names.
      const coding = String(headers['content-encoding'] ?? 'identity').toLowerCase();
      if (!overflow && coding === key.split(' ', 2)[1] && isStorable(res.statusCode, headers)) {
        const kept = { ...headers };
        for (const name of ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'x-front-cache']) delete kept[name];
        this.entries.set(key, { headers: kept, body: Buffer.concat(chunks), clock, storedAt });
      }
      return end.call(res, chunk, encoding, cb);
    };
  }
}
