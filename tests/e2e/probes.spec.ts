// Outsider probes against the running production servers: oversized bodies are refused at their cap without the
// server's memory growing, unknown pages are 404s that never enter the page cache, unique searches and page numbers
// leave the cache's disk use within its bound, and checkout sessions are rate limited per address across both app
// servers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import postgres from 'postgres';
import sharp from 'sharp';
import { appPids, rssKb, serverA, serverB, uniqueAddress } from './support/servers';
import { CACHE_DISK_MAX_BYTES, cacheFolders, scanEntries } from '../../lib/core/cache/disk-bound.mjs';
import { encodeSearchState } from '../../lib/catalog/search-state';
import { canOptimize, optimizedUrl } from '../../components/shop/listing/image-srcset';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, idle_timeout: 2, onnotice: () => {} });
const MB = 1024 * 1024;

interface Streamed {
  status: number;
  body: string;
  ms: number;
  /** Bytes the client had written when the answer arrived. */
  sent: number;
}

/** Streams up to `total` bytes (chunked, or with a declared Content-Length) and stops as soon as the answer comes. */
function streamPost(base: string, path: string, total: number, headers: Record<string, string>, declare = false): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const started = Date.now();
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...headers, ...(declare ? { 'content-length': String(total) } : {}) } },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), ms: Date.now() - started, sent });
          req.destroy();
        });
      },
    );
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

test.describe('probes @desktop-only', () => {
  test.describe.configure({ mode: 'serial' });

  test('oversized bodies get 413 at their cap, quickly, and the server keeps its memory', async () => {
    expect(appPids.length).toBe(2);
    const pid = appPids[1]!;
    const probes: { path: string; total: number; headers: Record<string, string>; declare: boolean }[] = [
      { path: '/api/stripe/webhook', total: 200 * MB, headers: { 'stripe-signature': 't=1,v1=00', 'content-type': 'application/json' }, declare: false },
      { path: '/api/stripe/webhook', total: 200 * MB, headers: { 'stripe-signature': 't=1,v1=00', 'content-type': 'application/json' }, declare: true },
      { path: '/api/checkout/session', total: 50 * MB, headers: { 'content-type': 'application/json', 'x-forwarded-for': uniqueAddress() }, declare: false },
      { path: '/api/checkout/address', total: 50 * MB, headers: { 'content-type': 'application/json', 'x-forwarded-for': uniqueAddress() }, declare: false },
    ];
    // Warm up the routes first, so their code loading does not count as growth.
    for (const p of probes) await streamPost(serverB, p.path, 1024, p.headers);
    const before = rssKb(pid);
    for (const p of probes) {
      const res = await streamPost(serverB, p.path, p.total, p.headers, p.declare);
      expect(res.status, p.path).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'too_large' });
      expect(res.ms, p.path).toBeLessThan(5000);
      // Only the cap (1 MB or 64 kB) plus what sat in socket buffers was taken before the answer.
      expect(res.sent, p.path).toBeLessThan(16 * MB);
    }
    const grownMb = (rssKb(pid) - before) / 1024;
    console.log(`server RSS before ${Math.round(before / 1024)} MB, after the probes ${Math.round(rssKb(pid) / 1024)} MB`);
    expect(grownMb).toBeLessThan(25);
  });

  test('a request line over 8 kB is refused with 414 before Next, whose trailing-slash redirect would repeat it in two headers', async ({ request }) => {
    const long = `/api/orders/${'x'.repeat(3000)}/credit-notes/?${'x'.repeat(3000)}=${'x'.repeat(3000)}`;
    const refused = await request.delete(long);
    expect(refused.status()).toBe(414);
    expect(await refused.text()).toBe('The address is too long.');
    // Just under the cap, the same kind of address reaches Next and gets its ordinary answer.
    expect((await request.get(`/category/rings?q=${'x'.repeat(7_000)}`)).status()).toBeLessThan(500);
  });

  test('unknown categories, products and malformed ids are 404s that never enter the page cache', async ({ request, page }) => {
    const distDir = process.env.NEXT_DIST_DIR || '.next-e2e';
    const server = join(import.meta.dirname, '..', '..', distDir, 'server');
    // Next.js keeps rendered pages in server/route-cache/APP_PAGE/<route hash>/$/<path>.html (server/app for the build's own).
    const onDisk = (key: string) => {
      const routeCache = join(server, 'route-cache', 'APP_PAGE');
      const buckets = existsSync(routeCache) ? readdirSync(routeCache) : [];
      return existsSync(join(server, 'app', `${key}.html`)) || buckets.some((b) => existsSync(join(routeCache, b, '$', `${key}.html`)));
    };
    const [ring] = await sql<{ id: string }[]>`select id from rings order by created_at desc limit 1`;
    // Statically rendered routes (listings, products, content) send Next.js's error shell for a 404 and draw the
    // not-found page in the browser, so the words are checked in Chromium; the request checks status and caching.
    const cases = [
      { path: '/category/watches', text: 'Invalid table watches for category watches' },
      { path: '/category/gift-cards', text: 'Invalid table gift_cards for category gift-cards' },
      { path: '/rings/3b241101-e2bb-4255-8caf-4136c566a962', text: "The ring you're looking for doesn't exist or has been removed." },
      { path: '/rings/not-a-uuid', text: 'Product Not Found' },
      { path: '/order-confirmation/not-a-uuid', text: 'Order not found' },
      { path: '/order-confirmation/3b241101-e2bb-4255-8caf-4136c566a962', text: 'Order not found' },
      { path: '/no-such-page-anywhere', text: 'Page Not Found' },
    ];
    for (const { path, text } of cases) {
      for (const base of [serverA, serverA, serverB]) {
        const res = await request.get(`${base}${path}`);
        expect(res.status(), path).toBe(404);
        expect(res.headers()['x-nextjs-cache'], path).not.toBe('HIT');
      }
      expect(onDisk(path), `${path} was written to the page cache`).toBe(false);
      await page.goto(path);
      await expect(page.getByText(text, { exact: false }).first(), path).toBeVisible();
    }
    // The control: a real listing and product are cached.
    await expect.poll(async () => (await request.get('/category/earrings')).headers()['x-nextjs-cache'], { timeout: 10_000 }).toBe('HIT');
    expect(onDisk('/category/earrings')).toBe(true);
    expect((await request.get(`/rings/${ring!.id}`)).status()).toBe(200);
  });

  test('unique searches and page numbers past the last leave the disk within its bound; a page past the last is a 404', async ({ page }) => {
    test.setTimeout(120_000);
    const server = join(import.meta.dirname, '..', '..', process.env.NEXT_DIST_DIR || '.next-e2e', 'server');
    const entries = () => scanEntries(cacheFolders(server));
    const diskUse = async () => (await entries()).reduce((sum, e) => sum + e.bytes, 0);
    const before = await diskUse();
    const nonce = Date.now().toString(36);
    const words = Array.from({ length: 250 }, (_, i) => `probe${nonce}w${i}`);
    const pages = Array.from({ length: 250 }, (_, i) => 900_000 + i);
    const probes = [
      ...words.map((q) => ({ path: `/search?q=${q}`, status: 200 })),
      ...pages.map((n) => ({ path: `/category/rings?page=${n}`, status: 404 })),
    ];
    const started = Date.now();
    let next = 0;
    // Eight at a time, across both servers (two workers each) sharing one build folder.
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        while (next < probes.length) {
          const probe = probes[next++]!;
          const res = await fetch(`${lane % 2 ? serverB : serverA}${probe.path}`);
          await res.arrayBuffer();
          expect(res.status, probe.path).toBe(probe.status);
        }
      }),
    );
    const after = await diskUse();
    console.log(
      `cache on disk: ${(before / 1024 / 1024).toFixed(1)} MB before, ${(after / 1024 / 1024).toFixed(1)} MB after ${probes.length} ` +
        `unique requests in ${((Date.now() - started) / 1000).toFixed(1)} s (bound ${CACHE_DISK_MAX_BYTES / 1024 / 1024} MB)`,
    );
    // None of them is a file: searches are held in memory only, pages past the last are never stored.
    const stems = (await entries()).map((e) => e.stem);
    const states = new Set(words.map((q) => encodeSearchState({ q, page: 1, sort: 'relevance', materials: [] })));
    expect(stems.filter((s) => states.has(s.slice(s.lastIndexOf('/') + 1)))).toEqual([]);
    expect(stems.filter((s) => /\/category\/rings\/9\d{5}\./.test(s))).toEqual([]);
    expect(after).toBeLessThanOrEqual(CACHE_DISK_MAX_BYTES);
    // A page past the last shows the listing's empty state as its 404.
    for (const path of [`/category/rings?page=${pages[0]}`, '/products?page=999999&sort=price-asc']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'No products found' }), path).toBeVisible();
      await expect(page.getByText('Try adjusting your filters or search criteria.'), path).toBeVisible();
    }
  });

  test('the image optimiser resizes at the one quality the shop asks for, so a visitor cannot multiply its cached copies', async ({ request }) => {
    const [ring] = await sql<{ image_url: string }[]>`select image_url from rings where image_url is not null order by created_at limit 1`;
    expect(ring, 'a seeded ring has an image').toBeDefined();
    expect(canOptimize(ring!.image_url), ring!.image_url).toBe(true);
    const webp = { headers: { accept: 'image/avif,image/webp,*/*' } };
    const asked = await request.get(optimizedUrl(ring!.image_url, 256), webp);
    expect(asked.status()).toBe(200);
    expect(asked.headers()['content-type']).toBe('image/webp');
    // Before: every q from 1 to 100 was resized and stored, a hundred copies of each width of each image.
    for (const q of [1, 74, 76, 100]) {
      const res = await request.get(optimizedUrl(ring!.image_url, 256, q), webp);
      expect(res.status(), `q=${q}`).toBe(400);
    }
  });

  test('50 checkout sessions in 2 s from one address: the limit holds across both servers, with Retry-After', async () => {
    const [ring] = await sql<{ id: string; size: string | null }[]>`
      select id, sizes[1] as size from rings where price_stone1 > 0 order by created_at desc limit 1`;
    const specifications = ring!.size ? { size: ring!.size } : {};
    const address = uniqueAddress();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await fetch(`${i % 2 ? serverB : serverA}/api/checkout/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ lines: [{ productId: ring!.id, quantity: 1, specifications }] }),
        });
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: string } };
      }),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    // RATE_RULES.checkoutPerAddress: 10 a minute, counted in Postgres, whichever server answers.
    expect(ok).toHaveLength(10);
    expect(limited).toHaveLength(40);
    for (const a of limited) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
      expect(a.body.error).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    }
    // Another address is not affected.
    const other = await fetch(`${serverB}/api/checkout/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': uniqueAddress() },
      body: JSON.stringify({ lines: [{ productId: ring!.id, quantity: 1, specifications }] }),
    });
    expect(other.status).toBe(200);
  });

  test('a sign-in action body holding a reference React would follow to nothing is refused with 400, not 500', async () => {
    const distDir = process.env.NEXT_DIST_DIR || '.next-e2e';
    const manifest = JSON.parse(readFileSync(join(process.cwd(), distDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
      node: Record<string, { workers: Record<string, unknown>; exportedName?: string }>;
    };
    const signIn = Object.entries(manifest.node).find(
      ([, e]) => e.exportedName === 'signIn' && Object.keys(e.workers).some((w) => w.includes('login')),
    )?.[0];
    expect(signIn).toBeTruthy();
    for (const ref of ['$1', '$Q1', '$W1', '$h1', '$F1', '$S', '$Y', '$V1', '$A1', '$O1', '$U1', '$b1', '$l1', '$nx', '$i1', '$Z', '$E']) {
      const res = await fetch(`${serverA}/login`, {
        method: 'POST',
        headers: { 'next-action': signIn!, 'content-type': 'text/plain;charset=UTF-8', origin: serverA, 'x-forwarded-for': uniqueAddress() },
        body: JSON.stringify([ref]),
      });
      expect(res.status, ref).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('The request was malformed. Please reload the page and try again.');
    }
  });

  test('a product image that fails to load shows the placeholder, on listings, in the cart and at checkout', async ({ page }) => {
    await page.route(/\/(_next\/image|storage\/v1\/object)/, (route) => route.abort());
    await page.goto('/category/earrings');
    await expectPlaceholder(page.locator('.pimg > img').first());
    const add = page.getByRole('article').getByRole('button', { name: /^Add .* to cart$/ }).first();
    await add.click();
    await expect(page.getByTestId('cart-count')).toBeVisible();
    await page.goto('/cart');
    await expectPlaceholder(page.locator('.pimg > img').first());
    await page.goto('/checkout');
    await expectPlaceholder(page.getByTestId('summary-line').locator('.pimg > img').first());
  });
});

/**
 * A broken image shows the placeholder's gem, drawn in the line colour (#e4ded5) on the ivory ground. Nothing else in
 * these frames has that colour, so even a 64 px thumbnail's few gem pixels tell the placeholder is there.
 */
async function expectPlaceholder(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
  const { data, info } = await sharp(await image.screenshot()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let gem = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - 0xe4) < 6 && Math.abs(data[i + 1]! - 0xde) < 6 && Math.abs(data[i + 2]! - 0xd5) < 6) gem++;
  }
  expect(gem).toBeGreaterThan(5);
}
