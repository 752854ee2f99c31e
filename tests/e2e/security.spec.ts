// Security headers, the Content-Security-Policy in real Chromium, the session cookie, sign-in redirects and
// cross-site posts, against the production build.
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { randomBytes, randomUUID } from 'node:crypto';
import type { User } from '@supabase/supabase-js';
import { signUserHandoff, USER_HANDOFF_HEADER } from '../../lib/core/supabase/user-handoff';
import { DEMO_USERS } from '../../supabase/seed/demo-users';
import { fillCard, fillShipping } from './support/checkout-form';
import { cspDirective, NONCE_SCRIPTS, watchCsp } from './support/csp';
import { newCustomer, signInWithForm } from './support/people';
import { fromAddress, serverA, uniqueAddress } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, idle_timeout: 2, onnotice: () => {} });

async function pricedRing(): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select id from rings where price_stone1 > 0 and coalesce(moq, 1) <= 5 order by created_at desc limit 1`;
  return row!.id;
}

/** A line of that ring in a size it offers (a ring with sizes is never bought without one). */
async function pricedRingLine(quantity: number) {
  const [row] = await sql<{ id: string; size: string | null }[]>`select id, sizes[1] as size from rings where id = ${await pricedRing()}`;
  return { productId: row!.id, quantity, specifications: row!.size ? { size: row!.size } : {} };
}

test.describe('security headers @desktop-only', () => {
  test('every kind of page carries the CSP and the other headers; HSTS only over https', async ({ request }) => {
    const ring = await pricedRing();
    for (const path of ['/', '/products', '/category/rings', `/rings/${ring}`, '/cart', '/checkout', '/login', '/about']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const h = res.headers();
      expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy'], path).toContain("object-src 'none'");
      expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['permissions-policy'], path).toContain('camera=()');
      expect(h['strict-transport-security'], path).toBeUndefined();
    }
    const https = await request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers()['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  test("the checkout's policy has a nonce and the Payment Element's documented sources", async ({ request }) => {
    const csp = (await request.get('/checkout')).headers()['content-security-policy']!;
    const directive = (name: string) => cspDirective(csp, name);
    expect(directive('script-src')).toMatch(NONCE_SCRIPTS);
    for (const source of ['https://js.stripe.com', 'https://*.js.stripe.com']) expect(directive('script-src')).toContain(source);
    for (const source of ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']) {
      expect(directive('frame-src')).toContain(source);
    }
    expect(directive('connect-src')).toContain('https://api.stripe.com');
    // Two requests, two nonces.
    const again = (await request.get('/checkout')).headers()['content-security-policy']!;
    expect(again).not.toBe(csp);
  });

  test("a quote's page and its payment page, which show the buyer's details, get the nonce policy", async ({ request }) => {
    const asked = await request.post('/api/quotes', {
      headers: { 'x-forwarded-for': uniqueAddress() },
      data: {
        lines: [await pricedRingLine(5)],
        contact: { name: 'Nonce Buyer', email: `nonce-${Date.now().toString(36)}@buyer.test`, phone: '+1 555 0100' },
      },
    });
    expect(asked.status()).toBe(201);
    const { path } = (await asked.json()) as { path: string };
    const [page, query] = path.split('?');
    for (const url of [path, `${page}/pay?${query}`]) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      const script = cspDirective(res.headers()['content-security-policy'], 'script-src');
      expect(script, url).toMatch(NONCE_SCRIPTS);
      expect(script, url).not.toContain("'unsafe-inline'");
      // Next.js put this response's nonce on the scripts it rendered, so the page runs.
      const nonce = /'nonce-([^']+)'/.exec(script)![1];
      expect(await res.text(), url).toContain(`nonce="${nonce}"`);
    }
  });
});

test('the shopping journeys raise no CSP violation in Chromium', async ({ page, context }) => {
  test.setTimeout(120_000);
  await fromAddress(context, uniqueAddress());
  const violations = await watchCsp(page);
  const ring = await pricedRing();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/category/rings');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.goto(`/rings/${ring}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  await page.goto('/checkout');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();

  const who = await newCustomer('csp');
  await page.goto('/login');
  await signInWithForm(page, who);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(who.email).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe('session and sign-in redirects @desktop-only', () => {
  test('the session cookie is HttpOnly and SameSite=Lax; the header still links the account', async ({ page, context }) => {
    const who = await newCustomer('cookie');
    await page.goto('/login');
    await signInWithForm(page, who);
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookies = await context.cookies();
    const session = cookies.filter((c) => /^sb-.+-auth-token(\.\d+)?$/.test(c.name));
    expect(session.length).toBeGreaterThan(0);
    for (const c of session) expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('auth-token');
    expect(cookies.find((c) => c.name === 'shop_signed_in')).toMatchObject({ value: '1', httpOnly: false });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/dashboard');
  });

  test('a signed-in visitor is sent only to paths of the shop; control characters never give a 500', async ({ page }) => {
    const who = await newCustomer('redirect');
    await page.goto('/login');
    await signInWithForm(page, who);
    await expect(page).toHaveURL(/\/dashboard$/);
    const origin = new URL(serverA).origin;
    for (const next of ['%2F%09%2Fevil.example', '%2F%5Cevil.example', '%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%0D%2Fevil.example', '%2F%00', '%2F%E2%80%A8%2Fevil.example', '%E0%A4%A']) {
      const res = await page.request.get(`/login?next=${next}`, { maxRedirects: 0 });
      expect(res.status(), next).toBeLessThan(500);
      expect(res.status(), next).toBe(307);
      const location = new URL(res.headers()['location']!, origin);
      expect(location.origin, next).toBe(origin);
      expect(location.pathname, next).toBe('/dashboard');
    }
    const safe = await page.request.get('/login?next=%2Fcart%3Fx%3D1', { maxRedirects: 0 });
    expect(new URL(safe.headers()['location']!, origin).toString()).toBe(`${origin}/cart?x=1`);
  });

  test('the sign-in form follows a safe next and ignores an unsafe one', async ({ page, context }) => {
    const who = await newCustomer('form-next');
    // The action checks `next` again on the server (safeNextPath), whatever the page sends.
    await page.goto('/login?next=%2F%09%2Fevil.example');
    await signInWithForm(page, who);
    await expect(page).toHaveURL(`${new URL(serverA).origin}/dashboard`);

    await context.clearCookies();
    await page.goto('/login?next=%2Fcart');
    await signInWithForm(page, who);
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("a client's copy of the middleware's signed user is never believed, by a page or a route handler", async ({ page, context }) => {
    const who = await newCustomer('handoff');
    await page.goto('/login');
    await signInWithForm(page, who);
    await expect(page).toHaveURL(/\/dashboard$/);
    // What a client can make: the header signed with a key of its own, naming the demo admin, for its own cookies.
    const admin = { id: randomUUID(), email: DEMO_USERS.admin.email, app_metadata: {}, user_metadata: {}, aud: 'authenticated' } as unknown as User;
    const forged = await signUserHandoff(admin, await context.cookies(), randomBytes(32).toString('base64url'));
    const headers = { [USER_HANDOFF_HEADER]: forged };

    const account = await page.request.get('/dashboard?tab=profile', { headers });
    expect(account.status()).toBe(200);
    const html = await account.text();
    expect(html).toContain(who.email);
    expect(html).not.toContain(DEMO_USERS.admin.email);
    const adminPage = await page.request.get('/admin/dashboard', { headers, maxRedirects: 0 });
    expect(adminPage.status()).toBe(307);
    expect(new URL(adminPage.headers()['location']!, serverA).pathname).toBe('/admin/login');
    // Route handlers run no middleware, so nothing strips the header there: the signature alone refuses it.
    expect((await page.request.get('/api/admin/search?q=ring', { headers })).status()).toBe(403);
    await context.clearCookies();
    expect((await page.request.get('/api/admin/search?q=ring', { headers })).status()).toBe(401);
    expect((await page.request.get('/dashboard', { headers, maxRedirects: 0 })).status()).toBe(307);
  });

  test('a server action posted from another site is refused with 403', async ({ request }) => {
    const res = await request.post('/login', {
      headers: { origin: 'https://evil.example', 'next-action': '7f'.repeat(21), 'content-type': 'text/plain;charset=UTF-8' },
      data: '[]',
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ error: 'This request came from another site and was refused.' });
  });
});
