// The front cache of whole pages, in front of a real HTTP server that answers as Next does for cached pages and
// compresses as Next does (its own copy of the `compression` package).
import { createRequire } from 'node:module';
import { createServer, get as get_, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_MS, frontCacheKey, isStorable, PageFrontCache } from '@/lib/core/cache/page-front-cache.mjs';

const compress = (createRequire(import.meta.url)('next/dist/compiled/compression') as () => (req: IncomingMessage, res: ServerResponse, next: () => void) => void)();
let now = 1_000_000;
let clock = 1;
let rendered = 0;
const cache = new PageFrontCache({ now: () => now, clock: () => clock });
let server: Server;
let base: string;

/** What Next does for a cached page (HIT, public s-maxage), or for the other kinds the paths name. */
const next: RequestListener = (req, res) => {
  rendered++;
  const path = req.url ?? '/';
  // Next compresses bodies of 1 kB and more: /small stays under that.
  const html = `<html>${path} render ${rendered}</html>${path.startsWith('/small') ? '' : `<!--${'.'.repeat(2_000)}-->`}`;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(html));
  res.setHeader('content-security-policy', "default-src 'self'");
  if (path.startsWith('/dynamic')) res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
  else res.setHeader('cache-control', 's-maxage=300, stale-while-revalidate=31535700');
  if (!path.startsWith('/dynamic')) res.setHeader('x-nextjs-cache', path.startsWith('/stale') ? 'STALE' : 'HIT');
  if (path.startsWith('/cookie')) res.setHeader('set-cookie', 'a=b');
  if (path.startsWith('/missing')) res.statusCode = 404;
  res.write(html.slice(0, 5));
  res.end(html.slice(5));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = frontCacheKey(req);
    if (key && cache.serve(key, res)) return;
    if (key) cache.record(key, res);
    compress(req, res, () => next(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  return { status: res.status, front: res.headers.get('x-front-cache'), csp: res.headers.get('content-security-policy'), text: await res.text() };
}

describe('page front cache', () => {
  it('answers a cached page again with the bytes and headers Next gave, per encoding', async () => {
    const first = await get('/category/rings?page=2');
    expect(first.front).toBeNull();
    const again = await get('/category/rings?page=2');
    expect(again).toMatchObject({ status: 200, front: 'HIT', csp: "default-src 'self'", text: first.text });
    // fetch asks for gzip by default: the same page without gzip is another entry, written by Next once.
    const plain = await fetch(`${base}/category/rings?page=2`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('x-front-cache')).toBeNull();
    expect(await plain.text()).toMatch(/render \d+/);
    const plainAgain = await fetch(`${base}/category/rings?page=2`, { headers: { 'accept-encoding': 'identity' } });
    expect(plainAgain.headers.get('x-front-cache')).toBe('HIT');
    expect(plainAgain.headers.get('content-encoding')).toBeNull();
  });

  it('drops an entry when a cache tag is revalidated and after its short life', async () => {
    await get('/about');
    expect((await get('/about')).front).toBe('HIT');
    clock++;
    const afterEdit = await get('/about');
    expect(afterEdit.front).toBeNull();
    expect((await get('/about')).front).toBe('HIT');
    now += ENTRY_MS + 1;
    expect((await get('/about')).front).toBeNull();
  });

  it('never keeps pages rendered per request, stale answers, errors or answers that set cookies', async () => {
    for (const path of ['/dynamic', '/stale', '/missing', '/cookie']) {
      await get(path);
      expect((await get(path)).front, path).toBeNull();
    }
  });

  it('leaves RSC fetches, conditional requests, other methods and Next internals to Next', async () => {
    await get('/faq');
    expect((await get('/faq')).front).toBe('HIT');
    for (const headers of [{ rsc: '1' }, { 'next-router-prefetch': '1' }, { 'if-none-match': '"x"' }] as Record<string, string>[]) {
      expect((await get('/faq', headers)).front).toBeNull();
    }
    const req = (method: string, url: string, headers: Record<string, string> = {}) => ({ method, url, headers }) as unknown as IncomingMessage;
    expect(frontCacheKey(req('POST', '/faq'))).toBeNull();
    expect(frontCacheKey(req('HEAD', '/faq'))).toBeNull();
    expect(frontCacheKey(req('GET', '/faq?_rsc=abc'))).toBeNull();
    expect(frontCacheKey(req('GET', '/_next/static/chunks/a.js'))).toBeNull();
    expect(frontCacheKey(req('GET', '/api/search?q=a'))).toBeNull();
    expect(frontCacheKey(req('GET', '/faq', { cookie: 'x=1; __prerender_bypass=1' }))).toBeNull();
    expect(frontCacheKey(req('GET', '/faq', { cookie: 'shop_signed_in=1', 'accept-encoding': 'gzip, br' }))).toBe('http gzip /faq');
    expect(frontCacheKey(req('GET', '/faq', { 'x-forwarded-proto': 'https' }))).toBe('https identity /faq');
    expect(frontCacheKey(req('GET', '/faq', { 'accept-encoding': 'deflate' }))).toBe('http deflate /faq');
    expect(frontCacheKey(req('GET', '/faq', { 'accept-encoding': 'deflate, gzip;q=0.5' }))).toBe('http gzip /faq');
    expect(frontCacheKey(req('GET', '/faq', { 'accept-encoding': 'gzip;q=0' }))).toBe('http identity /faq');
    expect(frontCacheKey(req('GET', '/faq', { 'accept-encoding': '*;q=0' }))).toBeNull();
  });

  it('stores only public cached pages', () => {
    const page = { 'x-nextjs-cache': 'MISS', 'cache-control': 's-maxage=300, stale-while-revalidate=31535700' };
    expect(isStorable(200, page)).toBe(true);
    expect(isStorable(200, { ...page, 'x-nextjs-cache': 'STALE' })).toBe(false);
    expect(isStorable(200, { ...page, 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' })).toBe(false);
    expect(isStorable(200, { 'cache-control': 's-maxage=300' })).toBe(false);
    expect(isStorable(500, page)).toBe(false);
  });

  it('answers the gzip bytes Next wrote, byte for byte', async () => {
    const first = await raw('/zipped', { 'accept-encoding': 'gzip' });
    const hit = await raw('/zipped', { 'accept-encoding': 'gzip' });
    expect(first.front).toBeUndefined();
    expect(hit).toMatchObject({ front: 'HIT', encoding: 'gzip' });
    expect(hit.body.equals(first.body)).toBe(true);
    expect(gunzipSync(hit.body).toString()).toMatch(/^<html>\/zipped render \d+<\/html>/);
  });

  it('stores and answers a page only in a coding the client accepts', async () => {
    // Next answers deflate where gzip is not accepted: that copy goes only to clients that take deflate.
    expect(await raw('/coded', { 'accept-encoding': 'deflate' })).toMatchObject({ front: undefined, encoding: 'deflate' });
    const deflated = await raw('/coded', { 'accept-encoding': 'deflate' });
    expect(deflated).toMatchObject({ front: 'HIT', encoding: 'deflate' });
    expect(inflateSync(deflated.body).toString()).toMatch(/^<html>\/coded render \d+<\/html>/);
    // No Accept-Encoding (curl, monitors) and gzip refused with q=0: the plain page, never a compressed one.
    for (const headers of [{}, { 'accept-encoding': 'gzip;q=0' }, { 'accept-encoding': 'identity, gzip;q=0' }, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const plain = await raw('/coded', headers);
      expect(plain.encoding, JSON.stringify(headers)).toBeUndefined();
      expect(plain.body.toString(), JSON.stringify(headers)).toMatch(/^<html>\/coded render \d+<\/html>/);
    }
    expect((await raw('/coded', {})).front).toBe('HIT');
    // Nothing accepted at all: Next answers as it will, and nothing is kept or given from the cache.
    for (let i = 0; i < 2; i++) expect((await raw('/coded', { 'accept-encoding': 'identity;q=0' })).front).toBeUndefined();
  });

  it('keeps a page Next did not compress only for clients that asked for it uncompressed', async () => {
    for (let i = 0; i < 2; i++) expect(await raw('/small', { 'accept-encoding': 'gzip' })).toMatchObject({ front: undefined, encoding: undefined });
    await raw('/small', {});
    expect(await raw('/small', {})).toMatchObject({ front: 'HIT', encoding: undefined });
    expect((await raw('/small', { 'accept-encoding': 'gzip' })).front).toBeUndefined();
  });
});

/** A GET with exactly these request headers (fetch would add its own Accept-Encoding and decode the body). */
function raw(path: string, headers: Record<string, string>) {
  return new Promise<{ front: string | undefined; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    get_(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ front: res.headers['x-front-cache'] as string | undefined, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}
