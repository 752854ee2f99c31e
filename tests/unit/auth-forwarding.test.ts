// The fetch the shop gives Supabase's clients: the visitor named to Auth, and a refresh Auth refuses for a passing
// reason (429 or any 5xx) answered as postponed, so the session cookies are kept; any other refusal passes through.
import { describe, expect, it } from 'vitest';
import { authForwarding, SB_FORWARDED_FOR } from '@/lib/core/supabase/auth-forwarding';

const SUPABASE = 'http://127.0.0.1:54321';
const REFRESH = `${SUPABASE}/auth/v1/token?grant_type=refresh_token`;

function answering(status: number) {
  const seen: Headers[] = [];
  const base = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Headers(init?.headers));
    return Response.json({ message: `status ${status}` }, { status });
  }) as typeof fetch;
  return { base, seen };
}

describe('authForwarding', () => {
  it.each([429, 500, 502, 503, 504])('postpones a refresh Auth answers with %i, keeping the session', async (status) => {
    const { base } = answering(status);
    const forwarding = authForwarding('203.0.113.7', SUPABASE, base);
    const res = await forwarding.fetch(REFRESH, { method: 'POST' });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).toBe('refresh_postponed');
    expect(forwarding.refreshPostponed()).toBe(true);
  });

  it.each([400, 401, 403])('lets a refresh refused with %i through: an invalid or revoked token signs out', async (status) => {
    const { base } = answering(status);
    const forwarding = authForwarding('203.0.113.7', SUPABASE, base);
    const res = await forwarding.fetch(REFRESH, { method: 'POST' });
    expect(res.status).toBe(status);
    expect(forwarding.refreshPostponed()).toBe(false);
  });

  it('does not postpone other Auth calls that fail with 5xx', async () => {
    const { base } = answering(503);
    const forwarding = authForwarding('203.0.113.7', SUPABASE, base);
    expect((await forwarding.fetch(`${SUPABASE}/auth/v1/token?grant_type=password`, { method: 'POST' })).status).toBe(503);
    expect(forwarding.refreshPostponed()).toBe(false);
  });

  it('names the visitor to Auth with the secret key, and only to Auth', async () => {
    const { base, seen } = answering(200);
    const forwarding = authForwarding('203.0.113.7', SUPABASE, base);
    await forwarding.fetch(`${SUPABASE}/auth/v1/user`);
    await forwarding.fetch(`${SUPABASE}/rest/v1/rings`);
    expect(seen[0]!.get(SB_FORWARDED_FOR)).toBe('203.0.113.7');
    expect(seen[0]!.get('apikey')).toBeTruthy();
    expect(seen[1]!.get(SB_FORWARDED_FOR)).toBeNull();
  });

  it('names nobody when the address is not an IP address', async () => {
    const { base, seen } = answering(200);
    await authForwarding('unknown', SUPABASE, base).fetch(`${SUPABASE}/auth/v1/user`);
    expect(seen[0]!.get(SB_FORWARDED_FOR)).toBeNull();
  });
});
