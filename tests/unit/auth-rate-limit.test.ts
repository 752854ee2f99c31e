import { describe, expect, it } from 'vitest';
import { AuthRateLimiter, bucketFor, DEFAULT_RATE_LIMITS, TokenBucket } from '@/local-stack/api/auth/rate-limit';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const request = (method: string, path: string, ip: string, body: unknown = {}) => ({
  ctx: { method, path } as never,
  client: { ip },
  body: async () => Buffer.from(JSON.stringify(body)),
});

describe('the Auth stand-in rate limits (GoTrue)', () => {
  it('draws each route from the bucket GoTrue uses', () => {
    expect(bucketFor('POST', '/signup')).toBe('signInSignUps');
    expect(bucketFor('POST', '/otp')).toBe('signInSignUps');
    expect(bucketFor('POST', '/recover')).toBe('signInSignUps');
    expect(bucketFor('PUT', '/user')).toBe('signInSignUps');
    expect(bucketFor('POST', '/token')).toBe('tokenRefresh');
    expect(bucketFor('GET', '/verify')).toBe('tokenVerifications');
    expect(bucketFor('POST', '/verify')).toBe('tokenVerifications');
    expect(bucketFor('GET', '/user')).toBeNull();
    expect(bucketFor('POST', '/logout')).toBeNull();
  });

  it('defaults to hosted Supabase: 30 sign-ups and 150 token grants per 5 minutes, bursts of 30', () => {
    expect(DEFAULT_RATE_LIMITS).toMatchObject({ signInSignUps: 30, tokenRefresh: 150, tokenVerifications: 30, burst: 30 });
  });

  it('lets a burst through, then refills at limit per 5 minutes', () => {
    const c = clock();
    const limiter = new AuthRateLimiter({ ...DEFAULT_RATE_LIMITS, signInSignUps: 30, burst: 3 }, c.now);
    for (let i = 0; i < 3; i++) expect(limiter.hit('POST', '/signup', '10.0.0.1')).toBeNull();
    const refused = limiter.hit('POST', '/signup', '10.0.0.1');
    expect(refused).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // Another address has its own bucket; another bucket is untouched.
    expect(limiter.hit('POST', '/signup', '10.0.0.2')).toBeNull();
    expect(limiter.hit('POST', '/token', '10.0.0.1')).toBeNull();
    // 30 per 300 s is one token every 10 s.
    c.advance(9_000);
    expect(limiter.hit('POST', '/signup', '10.0.0.1')).not.toBeNull();
    c.advance(1_000);
    expect(limiter.hit('POST', '/signup', '10.0.0.1')).toBeNull();
    expect(limiter.hit('POST', '/signup', '10.0.0.1')).not.toBeNull();
  });

  it('never holds more than the burst, however long it was idle', () => {
    const c = clock();
    const bucket = new TokenBucket(2, 1, c.now());
    c.advance(60_000);
    expect([bucket.take(c.now()), bucket.take(c.now()), bucket.take(c.now())]).toEqual([true, true, false]);
  });

  it('counts auth mails for the whole project when email_sent is set, only for requests naming an address', async () => {
    const c = clock();
    const limiter = new AuthRateLimiter({ ...DEFAULT_RATE_LIMITS, emailSent: 2 }, c.now);
    expect(await limiter.check(request('POST', '/otp', '10.0.0.1', { email: 'a@x.test' }))).toBeNull();
    expect(await limiter.check(request('POST', '/recover', '10.0.0.9', { email: 'b@x.test' }))).toBeNull();
    expect(await limiter.check(request('POST', '/token', '10.0.0.1', { email: 'a@x.test' }))).toBeNull();
    expect(await limiter.check(request('PUT', '/user', '10.0.0.1', { data: {} }))).toBeNull();
    expect(await limiter.check(request('POST', '/otp', '10.0.0.3', { email: 'c@x.test' }))).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'Email rate limit exceeded',
    });
    c.advance(1_800_000); // 2 per hour: one back after 30 minutes
    expect(await limiter.check(request('POST', '/otp', '10.0.0.3', { email: 'c@x.test' }))).toBeNull();
  });

  it('has no mail limit without email_sent, as supabase start without SMTP', async () => {
    const limiter = new AuthRateLimiter(DEFAULT_RATE_LIMITS);
    for (let i = 0; i < 5; i++) expect(limiter.hitEmail()).toBeNull();
  });
});
