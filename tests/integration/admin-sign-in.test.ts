// Admin sign-in and the header search, through the real Auth stand-in and database: an admin is sent to the dashboard
// with a session; a customer is signed out again with 'You do not have admin permissions'; a failing membership
// lookup says 'Failed to verify admin status'; wrong passwords get the Auth server's message; attempts are rate
// limited, on one budget per e-mail with the shop's /login. Search finds products by word prefixes, 5 per category
// and 10 in all.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAdmin, signOutAdmin } from '@/lib/admin/auth/actions';
import { signIn as signInShop } from '@/lib/auth/actions';
import { getCurrentUser } from '@/lib/auth/user';
import { GET as search } from '@/app/api/admin/search/route';
import type { AdminSearchResults } from '@/lib/admin/search/rules';
import { isSessionCookie } from '@/lib/core/supabase/cookies';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { cookieJar, serviceClient } from '../support/auth-clients';
import { as, request } from './admin-request';
import { callers, closeSupport, signedInJar, type Callers } from './admin-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
beforeAll(async () => {
  who = await callers();
});
afterAll(closeSupport);

function form(email: string, password: string): FormData {
  const f = new FormData();
  f.set('email', email);
  f.set('password', password);
  return f;
}

type SignInForm = (email: string, password: string) => Promise<unknown>;
const adminForm: SignInForm = (email, password) => signInAdmin(form(email, password));
const shopForm: SignInForm = (email, password) => signInShop({ email, password });

/**
 * Signs in at /admin/login (or `at` another form) from a fresh browser (and a fresh client address, so the
 * per-address limit stays out of the way).
 */
async function signIn(email: string, password: string, at = adminForm) {
  const jar = cookieJar();
  request.address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  let outcome: unknown;
  try {
    outcome = await as(jar, () => at(email, password));
  } catch (err) {
    outcome = err;
  }
  const hasSession = [...jar.cookies.keys()].some(isSessionCookie);
  return { outcome, hasSession };
}

describe('admin sign-in', () => {
  it('sends an admin to /admin/dashboard with a session', async () => {
    const { outcome, hasSession } = await signIn(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    expect((outcome as { digest?: string }).digest).toMatch(/^NEXT_REDIRECT;\w+;\/admin\/dashboard;/);
    expect(hasSession).toBe(true);
  });

  it('signs a customer out again: You do not have admin permissions', async () => {
    const { outcome, hasSession } = await signIn(DEMO_USERS.customer.email, DEMO_USERS.customer.password);
    expect(outcome).toEqual({ ok: false, status: 403, error: 'You do not have admin permissions' });
    expect(hasSession).toBe(false);
  });

  it('shows the Auth server’s message for a wrong password, and field messages for empty fields', async () => {
    expect((await signIn(DEMO_USERS.admin.email, 'not-the-password')).outcome).toEqual({ ok: false, status: 400, error: 'Invalid login credentials' });
    expect((await signIn('', '')).outcome).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: 'Email address is required', password: 'Password is required' },
    });
  });

  it('says Failed to verify admin status when the membership lookup fails, and signs out', async () => {
    await sql`revoke execute on function public.is_admin() from authenticated`;
    try {
      const { outcome, hasSession } = await signIn(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
      expect(outcome).toEqual({ ok: false, status: 503, error: 'Failed to verify admin status' });
      expect(hasSession).toBe(false);
    } finally {
      await sql`grant execute on function public.is_admin() to authenticated`;
    }
  });

  it('signs out this browser only, back to /admin/login', async () => {
    const jar = await signedInJar(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const redirect = await as(jar, () => signOutAdmin(new FormData())).catch((err: { digest?: string }) => err.digest);
    expect(redirect).toMatch(/^NEXT_REDIRECT;\w+;\/admin\/login;/);
    expect([...jar.cookies.keys()].some(isSessionCookie)).toBe(false);
    expect(await as(jar, getCurrentUser)).toBeNull();
    // The admin's session in another browser is still good.
    expect((await as(who.admin, getCurrentUser))?.email).toBe(DEMO_USERS.admin.email);
  });

  it('limits attempts per e-mail address', async () => {
    const email = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push((await signIn(email, 'wrong-password')).outcome as { status: number; error: string });
    expect(outcomes.slice(0, 5).map((o) => o.status)).toEqual([400, 400, 400, 400, 400]);
    expect(outcomes[5]).toMatchObject({ ok: false, status: 429 });
    expect(outcomes[5]!.error).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
  });
});

describe('one sign-in budget per e-mail for /login and /admin/login', () => {
  const forms: [string, SignInForm, string, SignInForm][] = [
    ['/login', shopForm, '/admin/login', adminForm],
    ['/admin/login', adminForm, '/login', shopForm],
  ];
  for (const [spentAt, spend, nextAt, next] of forms) {
    it(`after 5 wrong passwords at ${spentAt}, ${nextAt} answers 429 without asking Auth`, async () => {
      const email = `budget-${randomUUID().slice(0, 8)}@example.com`;
      const password = `pw-${randomUUID()}`;
      const { error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
      expect(error).toBeNull();
      for (let i = 0; i < 5; i++) {
        expect((await signIn(email, 'wrong-password', spend)).outcome).toEqual({ ok: false, status: 400, error: 'Invalid login credentials' });
      }
      // The right password: asked, Auth would open a session (which /admin/login then ends for a non-admin, 403).
      const { outcome, hasSession } = await signIn(email, password, next);
      expect(outcome).toMatchObject({ ok: false, status: 429, error: expect.stringMatching(/^Too many attempts\. Please wait/) });
      expect(hasSession).toBe(false);
    });
  }
});

describe('admin header search', () => {
  const find = async (q: string) => {
    const response = await as(who.admin, () => search(new Request(`http://localhost/api/admin/search?q=${encodeURIComponent(q)}`)));
    return { status: response.status, body: (await response.json()) as Partial<AdminSearchResults> & { error?: string } };
  };

  it('matches every word as a prefix, 5 per category and 10 in all, with images', async () => {
    const { status, body } = await find('gol');
    expect(status).toBe(200);
    const results = body.products!;
    expect(results).toHaveLength(10);
    const perCategory = new Map<string, number>();
    for (const r of results) perCategory.set(r.category, (perCategory.get(r.category) ?? 0) + 1);
    expect(Math.max(...perCategory.values())).toBeLessThanOrEqual(5);
    // Every hit matches, and carries its product's primary image (kept in image_url), as the catalog has it.
    const rows = await sql<{ id: string; image_url: string | null; matches: boolean }[]>`
      select id, image_url, search_vector @@ to_tsquery('english', 'gol:*') as matches
        from catalog_products where id = any(${results.map((r) => r.id)}::uuid[])`;
    expect(rows).toHaveLength(10);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of results) {
      expect(byId.get(r.id)!.matches).toBe(true);
      expect(r.imageUrl).toBe(byId.get(r.id)!.image_url);
    }
    expect(results.some((r) => r.imageUrl?.startsWith('http'))).toBe(true);
  });

  it('puts a SKU typed in full first, and answers nothing found with an empty list', async () => {
    const [p] = await sql<{ id: string; sku: string }[]>`select id, sku from necklaces order by created_at limit 1`;
    expect((await find(p!.sku.toLowerCase())).body.products![0]!.id).toBe(p!.id);
    // Products, orders and customers, each on its own.
    expect((await find('zzqxv')).body).toEqual({ products: [], orders: [], customers: [] });
  });

  it('needs 2 characters and refuses control characters', async () => {
    expect(await find('a')).toEqual({ status: 400, body: { error: 'Type at least 2 characters to search.', code: 'invalid_query' } });
    expect((await find('go\u0000ld')).status).toBe(400);
  });
});
