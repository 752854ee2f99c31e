// The production server's front cache of whole pages (lib/core/cache/page-front-cache.mjs, scripts/serve.mjs): a cached
// page is answered again from it, with the very headers and bytes Next gave; pages rendered per request never are.
import { expect, test } from '@playwright/test';

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
});
