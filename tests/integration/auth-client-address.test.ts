// One visitor must not lock everyone out of sign-in: the shop names each visitor to Auth (Sb-Forwarded-For with the
// secret key), so Auth's per-address buckets are per visitor, not one for the whole shop; and a session refresh
// that Auth refuses for a passing reason keeps the visitor signed in. Runs against an Auth stand-in of its own with
// hosted Supabase's default limits (a burst of 30), on the test database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import { startApiServer, type ApiServer } from '../../local-stack/api/server';
import { DEFAULT_RATE_LIMITS } from '../../local-stack/api/auth/rate-limit';
import { CLIENT_ADDRESS_HEADER } from '../../lib/core/http/client-address.mjs';
import { serviceRoleKey, anonKey } from '../support/auth-clients';
import type { Browser } from '../support/next-request';

vi.mock('next/headers', () => import('../support/next-request'));

let auth: ApiServer;
let storage: string;
// Loaded after NEXT_PUBLIC_SUPABASE_URL points at this file's stand-in.
let app: {
  signIn: typeof import('../../lib/auth/actions').signIn;
  updateSession: typeof import('../../lib/core/supabase/middleware').updateSession;
  newCustomer: typeof import('../support/account-people').newCustomer;
  redirectOf: typeof import('../support/account-people').redirectOf;
  asRequest: typeof import('../support/next-request').asRequest;
  browser: typeof import('../support/next-request').browser;
  db: typeof import('../../lib/core/db').db;
};

beforeAll(async () => {
  storage = await mkdtemp(join(tmpdir(), 'auth-address-'));
  auth = await startApiServer({
    port: 0,
    databaseUrl: process.env.DATABASE_URL!,
    storageDir: storage,
    siteUrl: process.env.SITE_URL!,
    auth: { rateLimits: DEFAULT_RATE_LIMITS },
  });
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', auth.url);
  const [actions, middleware, people, request, db] = await Promise.all([
    import('../../lib/auth/actions'),
    import('../../lib/core/supabase/middleware'),
    import('../support/account-people'),
    import('../support/next-request'),
    import('../../lib/core/db'),
  ]);
  app = {
    signIn: actions.signIn,
    updateSession: middleware.updateSession,
    newCustomer: people.newCustomer,
    redirectOf: people.redirectOf,
    asRequest: request.asRequest,
    browser: request.browser,
    db: db.db,
  };
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await app?.db().end();
  await auth?.stop();
  await rm(storage, { recursive: true, force: true });
});

const SESSION_COOKIE = 'sb-127-auth-token';

/** The middleware's refresh for `who`, with the access token made to look expired (so the refresh must happen). */
async function refreshAsMiddleware(who: Browser, address: string) {
  const raw = who.jar.get(SESSION_COOKIE)!;
  const session = JSON.parse(Buffer.from(raw.slice('base64-'.length), 'base64url').toString('utf8'));
  session.expires_at = Math.floor(Date.now() / 1000) - 60;
  const expired = `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
  const request = new NextRequest('http://localhost/dashboard', {
    headers: { cookie: `${SESSION_COOKIE}=${expired}`, [CLIENT_ADDRESS_HEADER]: address },
  });
  const { user, response } = await app.updateSession(request, new Headers(request.headers), false);
  return { user, cookies: response().cookies.getAll() };
}

/** Spends an address's refresh bucket at Auth, as a flood of refreshes from that visitor would. */
async function spendRefreshBucket(address: string) {
  let last = 0;
  for (let i = 0; i <= DEFAULT_RATE_LIMITS.burst; i++) {
    const res = await fetch(`${auth.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: {
        apikey: serviceRoleKey(),
        authorization: `Bearer ${anonKey()}`,
        'content-type': 'application/json',
        'sb-forwarded-for': address,
      },
      body: JSON.stringify({ refresh_token: `made-up-${i}` }),
    });
    last = res.status;
  }
  expect(last).toBe(429);
}

describe('sign-in under a flood of failed attempts', () => {
  it('gives every visitor their own Auth bucket: 32 failed sign-ins from 32 addresses lock nobody out', async () => {
    const customer = await app.newCustomer('flood');
    const flood = [];
    for (let i = 0; i < 32; i++) {
      const result = await app.asRequest(app.browser(`10.77.${Math.floor(i / 200)}.${(i % 200) + 1}`), () =>
        app.signIn({ email: `nobody-${randomUUID().slice(0, 8)}@flood.test`, password: 'made-up-1' }),
      );
      flood.push(result);
    }
    expect(flood.every((r) => r.ok === false && r.status === 400)).toBe(true);
    // Another visitor with the right password is let in.
    const other = app.browser('10.78.0.1');
    expect(await app.redirectOf(app.asRequest(other, () => app.signIn({ email: customer.email, password: customer.password })))).toBe(
      '/dashboard',
    );
    // And the customer who was signed in before the flood stays signed in: their refresh goes through.
    const { user, cookies } = await refreshAsMiddleware(customer.browser, '10.78.0.2');
    expect(user?.email).toBe(customer.email);
    expect(cookies.some((c) => c.name.startsWith(SESSION_COOKIE) && c.value !== '')).toBe(true);
  });

  it('keeps the session when Auth refuses a refresh with 429, and refreshes it on a later request', async () => {
    const customer = await app.newCustomer('refresh-429');
    await spendRefreshBucket('10.79.0.1');
    const refused = await refreshAsMiddleware(customer.browser, '10.79.0.1');
    expect(refused.user).toBeNull();
    // No cookie is cleared: the browser keeps its session.
    expect(refused.cookies.filter((c) => c.name.startsWith(SESSION_COOKIE) || c.name === 'shop_signed_in')).toEqual([]);
    const later = await refreshAsMiddleware(customer.browser, '10.79.0.2');
    expect(later.user?.email).toBe(customer.email);
  });

  it('still signs out a browser whose refresh token is invalid', async () => {
    const customer = await app.newCustomer('refresh-revoked');
    const raw = customer.browser.jar.get(SESSION_COOKIE)!;
    const session = JSON.parse(Buffer.from(raw.slice('base64-'.length), 'base64url').toString('utf8'));
    session.refresh_token = 'revoked-or-made-up';
    customer.browser.jar.set(SESSION_COOKIE, `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`);
    const { user, cookies } = await refreshAsMiddleware(customer.browser, '10.79.1.1');
    expect(user).toBeNull();
    expect(cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
  });
});
