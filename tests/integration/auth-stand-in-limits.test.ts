// GoTrue's rate limits in the Auth stand-in, seen through the unchanged supabase-js client: a stand-in of its own on
// the test database with small limits (the shared test stack's limits are sized for the suites).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../local-stack/api/server';
import { DEFAULT_RATE_LIMITS } from '../../local-stack/api/auth/rate-limit';
import { createClient } from '@supabase/supabase-js';
import { anonClient, anonKey, realtimeForNode, serviceRoleKey } from '../support/auth-clients';

let limited: ApiServer;
let storage: string;

beforeAll(async () => {
  storage = await mkdtemp(join(tmpdir(), 'auth-limits-'));
  limited = await startApiServer({
    port: 0,
    databaseUrl: process.env.DATABASE_URL!,
    storageDir: storage,
    siteUrl: process.env.SITE_URL!,
    auth: { rateLimits: { ...DEFAULT_RATE_LIMITS, burst: 3, emailSent: 4 }, enableConfirmations: false, maxFrequency: 1 },
  });
});

afterAll(async () => {
  await limited?.stop();
  await rm(storage, { recursive: true, force: true });
});

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@limits.test`;

describe('the Auth stand-in enforces GoTrue rate limits', () => {
  it('answers the fourth password grant of a burst of 3 with 429 over_request_rate_limit', async () => {
    const client = anonClient(limited.url);
    const statuses: (number | undefined)[] = [];
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const { error } = await client.auth.signInWithPassword({ email: email('grant'), password: 'whatever-1' });
      statuses.push(error?.status);
      codes.push(error?.code);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(codes[3]).toBe('over_request_rate_limit');
  });

  it('counts mail requests per address, and auth mails for the whole project (email_sent)', async () => {
    const from = (address: string) =>
      createClient(limited.url, anonKey(), {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { apikey: serviceRoleKey(), 'sb-forwarded-for': address } },
        realtime: realtimeForNode,
      });
    const one = from('10.1.1.1');
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await one.auth.signInWithOtp({ email: email(`otp${i}`) })).error);
    expect(results).toEqual([null, null, null]);
    // The address's burst is spent: refused before any mail is counted.
    expect((await one.auth.resetPasswordForEmail(email('reset'))).error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    // Another address may ask, until the project's 4 mails an hour are spent.
    expect((await from('10.2.2.2').auth.signInWithOtp({ email: email('otp4') })).error).toBeNull();
    expect((await from('10.3.3.3').auth.signInWithOtp({ email: email('otp5') })).error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'Email rate limit exceeded',
    });
  });

  it('counts a request against the address Sb-Forwarded-For names only with the secret key, never X-Forwarded-For', async () => {
    const attempt = (headers: Record<string, string>, apikey: string) =>
      fetch(`${limited.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey, authorization: `Bearer ${anonKey()}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: email('naming'), password: 'whatever-1' }),
      }).then((r) => r.status);
    // Spend this process's own bucket (127.0.0.1); then rotating what the client writes does not help.
    for (let i = 0; i < 10 && (await attempt({}, anonKey())) !== 429; i++);
    expect(await attempt({ 'x-forwarded-for': '10.4.4.4' }, anonKey())).toBe(429);
    expect(await attempt({ 'sb-forwarded-for': '10.4.4.5' }, anonKey())).toBe(429);
    expect(await attempt({ 'sb-forwarded-for': 'not-an-address' }, serviceRoleKey())).toBe(429);
    // A server holding the secret key names its visitor, and that visitor has a bucket of their own.
    expect(await attempt({ 'sb-forwarded-for': '10.4.4.6' }, serviceRoleKey())).toBe(400);
  });
});
