// The shared rate limiter: counters in Postgres, so every app server (here: many concurrent connections) counts
// against the same window.
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { enforceRateLimits, RateLimitError, type RateRule } from '@/lib/core/rate-limit';

const sql = postgres(process.env.DATABASE_URL!, { max: 8, onnotice: () => {} });
afterAll(() => sql.end());

const rule = (limit: number, windowSeconds = 60): RateRule => ({ name: `test-${Math.random()}`, limit, windowSeconds });

describe('rate limits in Postgres', () => {
  it('lets exactly `limit` hits through under concurrency, then answers 429 with Retry-After', async () => {
    const r = rule(5);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => enforceRateLimits([{ rule: r, subject: 'a@example.com' }]).then(() => 'ok', (e: unknown) => e)),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    const refused = outcomes.filter((o): o is RateLimitError => o instanceof RateLimitError);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.status).toBe(429);
    expect(Number(refused[0]!.headers['Retry-After'])).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers['Retry-After'])).toBeLessThanOrEqual(60);
    expect(refused[0]!.message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
  });

  it('counts each subject on its own and compares subjects case-insensitively', async () => {
    const r = rule(1);
    await enforceRateLimits([{ rule: r, subject: 'One@Example.com' }]);
    await expect(enforceRateLimits([{ rule: r, subject: 'one@example.com' }])).rejects.toBeInstanceOf(RateLimitError);
    await expect(enforceRateLimits([{ rule: r, subject: 'two@example.com' }])).resolves.toBeUndefined();
  });

  it('refuses when any one of several rules is over its limit', async () => {
    const perEmail = rule(100);
    const perAddress = rule(2);
    await enforceRateLimits([{ rule: perEmail, subject: 'x@example.com' }, { rule: perAddress, subject: '10.0.0.1' }]);
    await enforceRateLimits([{ rule: perEmail, subject: 'y@example.com' }, { rule: perAddress, subject: '10.0.0.1' }]);
    await expect(
      enforceRateLimits([{ rule: perEmail, subject: 'z@example.com' }, { rule: perAddress, subject: '10.0.0.1' }]),
    ).rejects.toBeInstanceOf(RateLimitError);
  });

  it('opens a new window once the old one has passed', async () => {
    const r = rule(1, 1);
    await enforceRateLimits([{ rule: r, subject: 's' }]);
    await expect(enforceRateLimits([{ rule: r, subject: 's' }])).rejects.toBeInstanceOf(RateLimitError);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(enforceRateLimits([{ rule: r, subject: 's' }])).resolves.toBeUndefined();
  });

  it('keeps no personal data and no API role can touch the counters', async () => {
    const rows = await sql<{ key: string }[]>`select key from public.rate_limits`;
    expect(rows.every((row) => !row.key.includes('@'))).toBe(true);
    for (const role of ['anon', 'authenticated']) {
      const error = await sql
        .begin(async (tx) => {
          await tx.unsafe(`set local role ${role}`);
          await tx`select * from public.rate_limits`;
        })
        .catch((e: unknown) => e);
      expect(String(error)).toMatch(/permission denied/);
      const call = await sql
        .begin(async (tx) => {
          await tx.unsafe(`set local role ${role}`);
          await tx`select * from public.rate_limit_hit(array['k'], array[1], array[60])`;
        })
        .catch((e: unknown) => e);
      expect(String(call)).toMatch(/permission denied/);
    }
  });
});
