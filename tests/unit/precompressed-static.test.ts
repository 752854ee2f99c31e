// The compressed copies of scripts and styles (build/precompress.ts writes them, lib/core/http/precompressed-static.mjs
// serves them), in front of a real HTTP server standing in for Next.js.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotli, gzip } from '@/build/precompress';
import { chooseEncoding, PrecompressedStatic } from '@/lib/core/http/precompressed-static.mjs';

const script = Buffer.from(`(self.webpackChunk=self.webpackChunk||[]).push([[1],{1:()=>{${'console.log("ring");'.repeat(80)}}}]);`);
const style = Buffer.from(`.ring{color:gold}${'.band{margin:0}'.repeat(50)}`);
let dir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
  mkdirSync(join(dir, 'chunks', 'app', '(shop)', 'rings', '[id]'), { recursive: true });
  mkdirSync(join(dir, 'css'));
  mkdirSync(join(dir, 'media'));
  const page = join(dir, 'chunks', 'app', '(shop)', 'rings', '[id]', 'page-abc.js');
  for (const [file, body] of [[page, script], [join(dir, 'css', 'site.css'), style]] as const) {
    writeFileSync(file, body);
    writeFileSync(`${file}.br`, brotli(body));
    writeFileSync(`${file}.gz`, gzip(body));
  }
  writeFileSync(join(dir, 'chunks', 'plain.js'), script); // no copies
  writeFileSync(join(dir, 'chunks', 'half.js'), script);
  writeFileSync(join(dir, 'chunks', 'half.js.br'), brotli(script)); // a build cut short: no gzip copy
  writeFileSync(join(dir, 'media', 'font.woff2.br'), 'not served'); // not a script or style
  const assets = new PrecompressedStatic(dir);
  server = createServer((req, res) => {
    if (assets.serve(req, res)) return;
    res.setHeader('x-answered-by', 'next');
    res.end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function fetchRaw(path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const PAGE = '/_next/static/chunks/app/(shop)/rings/%5Bid%5D/page-abc.js';

describe('chooseEncoding', () => {
  it('reads the codings a browser lists, with their weights, and prefers brotli', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('BR;q=0.5, gzip;q=0.5')).toBe('br');
    expect(chooseEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br')).toBe('br');
    expect(chooseEncoding('gzip;q=0, deflate')).toBeNull();
    expect(chooseEncoding('brotli, gzipped')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('the compressed copies of scripts and styles', () => {
  it('answers a browser that accepts br with the copy, which decodes to the file', async () => {
    const res = await fetchRaw(PAGE, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.body).equals(script)).toBe(true);

    const css = await fetchRaw('/_next/static/css/site.css?v=1', { 'accept-encoding': 'br' });
    expect(css.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(brotliDecompressSync(css.body).equals(style)).toBe(true);
  });

  it('answers a browser that takes gzip only with the gzip copy', async () => {
    const res = await fetchRaw(PAGE, { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(gunzipSync(res.body).equals(script)).toBe(true);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await fetchRaw(PAGE, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body.length).toBe(0);
  });

  it('leaves to Next.js what it has no copy for or must not answer', async () => {
    const cases: Array<[string, Record<string, string>, string?]> = [
      [PAGE, { 'accept-encoding': 'identity' }],
      [PAGE, {}],
      [PAGE, { 'accept-encoding': 'br', range: 'bytes=0-10' }],
      [PAGE, { 'accept-encoding': 'br' }, 'POST'],
      ['/_next/static/chunks/plain.js', { 'accept-encoding': 'br' }],
      ['/_next/static/chunks/half.js', { 'accept-encoding': 'br' }],
      ['/_next/static/media/font.woff2', { 'accept-encoding': 'br' }],
      ['/_next/static/chunks/app/(shop)/rings/%5Bid%5D/../../../../css/site.css', { 'accept-encoding': 'br' }],
      ['/_next/static/chunks/%E0%A4%A.js', { 'accept-encoding': 'br' }],
      ['/rings/page-abc.js', { 'accept-encoding': 'br' }],
    ];
    for (const [path, headers, method] of cases) {
      const res = await fetchRaw(path, headers, method);
      expect(res.headers['x-answered-by'], `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`).toBe('next');
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });

  it('serves nothing when there is no build', () => {
    const assets = new PrecompressedStatic(join(dir, 'missing'));
    const req = { method: 'GET', url: PAGE, headers: { 'accept-encoding': 'br' } };
    expect(assets.serve(req as never, {} as never)).toBe(false);
  });
});
