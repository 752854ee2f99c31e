// The production server's front cache of whole pages (lib/core/cache/page-front-cache.mjs, scripts/serve.mjs): a cached
// page is answered again from it, with the very headers and bytes Next gave, and only in a coding the client
// accepts; pages rendered per request never are.
import { Agent, get } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

interface RawAnswer {
  front: string | undefined;
  encoding: string;
  body: Buffer;
}

/** GETs with exactly these request headers, on one kept-alive connection (so one worker and its cache answer). */
function rawClient() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const request = (path: string, headers: Record<string, string>) =>
    new Promise<RawAnswer>((resolve, reject) => {
      get(new URL(path, process.env.E2E_BASE_URL), { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            front: res.headers['x-front-cache'] as string | undefined,
            encoding: res.headers['content-encoding'] ?? 'identity',
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    });
  return { request, close: () => agent.destroy() };
}

test.describe('front cache of whole pages @desktop-only', () => {
  for (const path of ['/category/rings?sort=price-asc', '/search?q=gold%20ring&sort=price-asc']) {
    test(`answers a cached page again with the headers and body Next gave it: ${path}`, async ({ request }) => {
      let next: Awaited<ReturnType<typeof request.get>> | undefined;
      // Until Next itself answers from its cache (the first render may be a MISS or a STALE one).
      await expect
        .poll(async () => {
          next = await request.get(path);
          return next.headers()['x-nextjs-cache'];
        })
        .toBe('HIT');
      const front = await request.get(path);
      const headers = front.headers();
      expect(headers['x-front-cache']).toBe('HIT');
      expect(await front.text()).toBe(await next!.text());
      for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-content-type-options', 'cache-control', 'content-type']) {
        expect(headers[name], name).toBe(next!.headers()[name]);
      }
      // RSC requests of the App Router's own navigation still go to Next.
      const rsc = await request.get(path, { headers: { RSC: '1' } });
      expect(rsc.headers()['x-front-cache']).toBeUndefined();
    });
  }

  test('never answers pages rendered per request, whose policy carries a nonce', async ({ request }) => {
    for (let i = 0; i < 2; i++) {
      const res = await request.get('/login');
      expect(res.status()).toBe(200);
      expect(res.headers()['x-front-cache']).toBeUndefined();
      expect(res.headers()['content-security-policy']).toMatch(/'nonce-/);
    }
  });

  test('gives each client the page only in a coding it accepts, whoever filled the cache', async () => {
    const client = rawClient();
    const path = `/about?coding=${Date.now().toString(36)}`;
    // A client that takes deflate only fills the cache: Next answers it deflate.
    await expect
      .poll(async () => {
        const res = await client.request(path, { 'accept-encoding': 'deflate' });
        expect(res.encoding).toBe('deflate');
        return res.front;
      })
      .toBe('HIT');
    const deflated = await client.request(path, { 'accept-encoding': 'deflate' });
    expect(inflateSync(deflated.body).toString()).toContain('<html');
    // Curl, monitors (no Accept-Encoding) and a client refusing gzip get the page as it is, from the cache too.
    const seen: string[] = [];
    await expect
      .poll(async () => {
        const res = await client.request(path, {});
        seen.push(res.encoding);
        return res.front;
      })
      .toBe('HIT');
    expect(seen.every((encoding) => encoding === 'identity'), seen.join()).toBe(true);
    for (const header of ['gzip;q=0', 'gzip;q=0, br', 'identity']) {
      const res = await client.request(path, { 'accept-encoding': header });
      expect(res.encoding, header).toBe('identity');
      expect(res.body.toString(), header).toContain('<html');
    }
    const zipped = await client.request(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toContain('<html');
    client.close();
  });
});
