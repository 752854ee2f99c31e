// Outsider probes against the Auth and Storage stand-ins: NUL bytes, bad percent-encoding and values Postgres
// refuses are the caller's fault and get GoTrue's or Storage's 4xx shape, never a 500.
import { describe, expect, it } from 'vitest';
import { anonKey, serviceRoleKey, supabaseUrl } from '../support/auth-clients';

const api = supabaseUrl();
const authHeaders = (key = anonKey()) => ({
  apikey: key,
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
  'x-supabase-api-version': '2024-01-01',
});

async function post(path: string, body: unknown, key?: string) {
  const res = await fetch(`${api}${path}`, { method: 'POST', headers: authHeaders(key), body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('Auth stand-in', () => {
  it.each([
    ['/auth/v1/token?grant_type=password', { email: 'a\u0000b@example.com', password: 'whatever-1' }],
    ['/auth/v1/signup', { email: 'nul\u0000@example.com', password: 'whatever-1' }],
    ['/auth/v1/signup', { email: 'meta@example.com', password: 'whatever-1', data: { name: 'x\u0000y' } }],
    ['/auth/v1/otp', { email: 'otp\u0000@example.com' }],
    ['/auth/v1/recover', { email: 'r\u0000@example.com' }],
  ])('answers a NUL in %s with a GoTrue 4xx', async (path, body) => {
    const res = await post(path, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/0x00|invalid byte sequence|postgres/i);
  });

  it('answers bad percent-encoding in an admin user path with 404, not 500', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await fetch(`${api}/auth/v1/admin/users/%E0%A4%A`, {
        method,
        headers: authHeaders(serviceRoleKey()),
        body: method === 'GET' ? undefined : '{}',
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'user_not_found', message: 'User not found' });
    }
  });

  it('answers a NUL in a query parameter with a 4xx or a redirect', async () => {
    const res = await fetch(`${api}/auth/v1/verify?type=signup&token=%00abc&redirect_to=${encodeURIComponent('http://localhost:3000')}`, {
      redirect: 'manual',
      headers: authHeaders(),
    });
    expect(res.status).toBeLessThan(500);
  });
});

describe('Storage stand-in', () => {
  const storageHeaders = { apikey: anonKey(), authorization: `Bearer ${anonKey()}`, 'content-type': 'application/json' };

  it('answers bad percent-encoding in bucket names with a Storage 400', async () => {
    for (const [method, path] of [
      ['POST', '/storage/v1/object/list/%E0%A4%A'],
      ['DELETE', '/storage/v1/object/%E0%A4%A'],
      ['GET', '/storage/v1/bucket/%E0%A4%A'],
      ['GET', '/storage/v1/object/public/product-images/%E0%A4%A'],
    ] as const) {
      const res = await fetch(`${api}${path}`, { method, headers: storageHeaders, body: method === 'GET' ? undefined : '{"prefixes":["a"]}' });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: expect.stringMatching(/^4\d\d$/) });
    }
  });

  it('answers a NUL in a list prefix or search with a Storage 400', async () => {
    for (const body of [{ prefix: 'rings\u0000' }, { prefix: '', search: '\u0000' }]) {
      const res = await fetch(`${api}/storage/v1/object/list/product-images`, {
        method: 'POST',
        headers: storageHeaders,
        body: JSON.stringify(body),
      });
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(await res.json())).not.toMatch(/0x00|invalid byte sequence/i);
    }
  });
});
