// npm run check:hosted against the local stack: every check passes, and each broken setting fails its own check
// with a readable line.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { formatResult, runHostedChecks, WEBHOOK_EVENTS } from '../../scripts/hosted-checks';
import { startStripeServer } from '../../local-stack/stripe/server';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
afterAll(() => sql.end());

const env: Record<string, string | undefined> = { ...process.env, CHECKOUT_COOKIE_SECRET: 'a-test-secret-of-more-than-32-characters' };

async function failures(overrides: Record<string, string | undefined> = {}) {
  const results = await runHostedChecks({ ...env, ...overrides });
  return results.filter((r) => !r.ok).map(formatResult);
}

describe('check:hosted', () => {
  it('passes on the local stack, one line per check, exit code 0', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', 'check-hosted.ts')], {
      env: env as NodeJS.ProcessEnv,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const lines = run.stdout.trim().split('\n');
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      'ok   migrations',
      'ok   grants',
      'ok   row level security',
      'ok   storage bucket',
      'ok   maintenance schedule',
      'ok   auth settings',
      'ok   stripe keys',
      'ok   stripe webhook',
      'ok   shop mail',
      'ok   checkout cookie secret',
    ]);
    expect(run.status).toBe(0);
  });

  it('fails on a revoked grant', async () => {
    await sql`revoke select on public.search_words from anon`;
    try {
      expect(await failures()).toEqual(['FAIL grants: table search_words: anon lacks SELECT']);
    } finally {
      await sql`grant select on public.search_words to anon`;
    }
  });

  it('fails on a grant beyond what the app needs, and on a table without RLS', async () => {
    await sql`grant delete on public.orders to anon`;
    await sql`alter table public.rate_limits disable row level security`;
    try {
      expect(await failures()).toEqual([
        'FAIL grants: table orders: anon has DELETE beyond what the app needs',
        'FAIL row level security: off on rate_limits',
      ]);
    } finally {
      await sql`revoke delete on public.orders from anon`;
      await sql`alter table public.rate_limits enable row level security`;
    }
  });

  it('fails on a migration not applied', async () => {
    const [last] = await sql<{ version: string; name: string; statements: string[] }[]>`
      select * from supabase_migrations.schema_migrations order by version desc limit 1`;
    await sql`delete from supabase_migrations.schema_migrations where version = ${last!.version}`;
    try {
      expect(await failures()).toEqual([`FAIL migrations: not applied: ${last!.version} (run supabase db push)`]);
    } finally {
      await sql`insert into supabase_migrations.schema_migrations ${sql(last!)}`;
    }
  });

  it('fails on a private product-images bucket', async () => {
    await sql`update storage.buckets set public = false where id = 'product-images'`;
    try {
      expect(await failures()).toEqual(['FAIL storage bucket: product-images is not public: product images would not load']);
    } finally {
      await sql`update storage.buckets set public = true where id = 'product-images'`;
    }
  });

  it('fails on a webhook endpoint missing an event the shop needs', async () => {
    const stripe = await startStripeServer({
      port: 0,
      webhookUrl: `${env.SITE_URL}/api/stripe/webhook`,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      webhookEvents: WEBHOOK_EVENTS.filter((e) => e !== 'charge.refund.updated'),
    });
    try {
      expect(await failures({ STRIPE_API_BASE: stripe.url })).toEqual([
        `FAIL stripe webhook: the endpoint at ${env.SITE_URL}/api/stripe/webhook is not subscribed to charge.refund.updated`,
      ]);
    } finally {
      await stripe.stop();
    }
  });

  it('fails on a Site URL other than SITE_URL, keys of two modes and a missing cookie secret', async () => {
    expect(
      await failures({
        SITE_URL: 'https://shop.example.test',
        NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_live_0123456789abcdef',
        CHECKOUT_COOKIE_SECRET: undefined,
      }),
    ).toEqual([
      `FAIL auth settings: Site URL is ${env.SITE_URL}, SITE_URL is https://shop.example.test`,
      'FAIL stripe keys: the secret key is test, the publishable key live',
      'FAIL stripe webhook: no endpoint at https://shop.example.test/api/stripe/webhook',
      'FAIL checkout cookie secret: CHECKOUT_COOKIE_SECRET is not set',
    ]);
  });

  it('fails on a Stripe secret key Stripe refuses', async () => {
    const failed = await failures({ STRIPE_SECRET_KEY: 'sk_test_not-a-key-of-this-account' });
    expect(failed[0]).toMatch(/^FAIL stripe keys: Stripe refused the secret key: /);
  });

  it('fails when no pg_cron runs maintenance and the servers\' timer is off', async () => {
    expect(await failures({ MAINTENANCE_INTERVAL_SECONDS: '0' })).toEqual([
      'FAIL maintenance schedule: no pg_cron and MAINTENANCE_INTERVAL_SECONDS=0: abandoned checkouts would never expire',
    ]);
  });

  it('fails on a mail server that does not answer', async () => {
    expect(await failures({ SMTP_URL: 'smtp://127.0.0.1:9' })).toEqual([
      expect.stringMatching(/^FAIL shop mail: smtp:\/\/127\.0\.0\.1:9 did not accept a connection: .*ECONNREFUSED/),
    ]);
  });
});
