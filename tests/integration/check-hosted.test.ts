// npm run check:hosted against the local stack: every check passes, and each broken setting fails its own check
// with a readable line. The checks of a hosted project's keys run alone with a hosted-looking URL.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
      'ok   shop roles',
      'ok   row level security',
      'ok   revalidation notices',
      'ok   storage bucket',
      'ok   maintenance schedule',
      'ok   auth settings',
      'ok   secret key',
      'ok   stripe keys',
      'ok   stripe webhook',
      'ok   shop mail',
      'ok   checkout cookie secret',
      'ok   server actions key',
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

  it('fails on a sequence the list does not name, a listed one missing, and a grant on a table\'s own sequence', async () => {
    await sql`create sequence public.check_probe_seq`;
    await sql`alter sequence public.quote_reference_seq rename to check_renamed_seq`;
    await sql`grant usage on public.mail_outbox_id_seq to anon`;
    try {
      expect(await failures()).toEqual([
        'FAIL grants: ' +
          [
            'sequence check_probe_seq: not listed in supabase/grants.ts',
            'sequence check_renamed_seq: not listed in supabase/grants.ts',
            'sequence quote_reference_seq: missing from the database',
            'sequence check_renamed_seq: service_role has USAGE beyond what the app needs',
            'sequence mail_outbox_id_seq: anon has USAGE beyond what the app needs',
          ].join('; '),
      ]);
    } finally {
      await sql`drop sequence public.check_probe_seq`;
      await sql`alter sequence public.check_renamed_seq rename to quote_reference_seq`;
      await sql`revoke usage on public.mail_outbox_id_seq from anon`;
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

  it('fails when the servers\' LISTEN cannot connect, or never hears a NOTIFY sent through DATABASE_URL', async () => {
    expect(await failures({ CACHE_TAGS_DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:9/none' })).toEqual([
      expect.stringMatching(/^FAIL revalidation notices: LISTEN on 127\.0\.0\.1:9 failed: .*ECONNREFUSED/),
    ]);
    // Another database of the same server: the LISTEN works, but a NOTIFY reaches only its own database's listeners.
    const elsewhere = new URL(env.DATABASE_URL!);
    elsewhere.pathname = '/postgres';
    expect(await failures({ CACHE_TAGS_DATABASE_URL: elsewhere.href })).toEqual([
      `FAIL revalidation notices: a NOTIFY sent through DATABASE_URL did not reach the LISTEN on ${elsewhere.host} within 5 s: ` +
        'LISTEN needs a session (the session pooler on port 5432 or the direct connection), set CACHE_TAGS_DATABASE_URL',
    ]);
  });

  describe('of a hosted project', () => {
    const hosted = { ...env, NEXT_PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co' };
    const only = async (name: string, overrides: Record<string, string | undefined>) =>
      (await runHostedChecks({ ...hosted, ...overrides }, [name])).map(formatResult);

    it('refuses the legacy service_role key, with which Auth ignores Sb-Forwarded-For, and takes a secret key', async () => {
      // The local stand-in's key is a legacy one: a JWT naming the service_role.
      expect(await only('secret key', { SUPABASE_SERVICE_ROLE_KEY: env.SUPABASE_SERVICE_ROLE_KEY })).toEqual([
        'FAIL secret key: SUPABASE_SERVICE_ROLE_KEY is the legacy service_role key, with which Auth ignores Sb-Forwarded-For: ' +
          "every visitor would share the servers' Auth limits. Use a secret key (sb_secret_…, Settings → API Keys)",
      ]);
      expect(await only('secret key', { SUPABASE_SERVICE_ROLE_KEY: env.NEXT_PUBLIC_SUPABASE_ANON_KEY })).toEqual([
        'FAIL secret key: SUPABASE_SERVICE_ROLE_KEY is not a secret key (sb_secret_…, Settings → API Keys)',
      ]);
      expect(await only('secret key', { SUPABASE_SERVICE_ROLE_KEY: `sb_secret_${randomBytes(16).toString('hex')}` })).toEqual([
        'ok   secret key: a secret key (sb_secret_…): Auth limits count each visitor',
      ]);
    });

    it('needs the server actions key, well formed, and the build made with it', async () => {
      const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
      try {
        const key = randomBytes(32).toString('base64');
        expect(await only('server actions key', { NEXT_DIST_DIR: dist, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: undefined })).toEqual([
          'FAIL server actions key: NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is not set',
        ]);
        expect(await only('server actions key', { NEXT_DIST_DIR: dist, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString('base64url') })).toEqual([
          'FAIL server actions key: NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be an AES key in base64, 16, 24 or 32 bytes (`openssl rand -base64 32`)',
        ]);
        expect(await only('server actions key', { NEXT_DIST_DIR: dist, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key })).toEqual([
          `ok   server actions key: valid; no build in ${dist} to compare`,
        ]);
        // Where `next build` records the key it was made with.
        mkdirSync(join(dist, 'server'));
        const manifest = join(dist, 'server', 'server-reference-manifest.json');
        writeFileSync(manifest, JSON.stringify({ node: {}, edge: {}, encryptionKey: randomBytes(32).toString('base64') }));
        expect(await only('server actions key', { NEXT_DIST_DIR: dist, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key })).toEqual([
          `FAIL server actions key: the build in ${dist} was made with another key: build again with NEXT_SERVER_ACTIONS_ENCRYPTION_KEY set`,
        ]);
        writeFileSync(manifest, JSON.stringify({ node: {}, edge: {}, encryptionKey: key }));
        expect(await only('server actions key', { NEXT_DIST_DIR: dist, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key })).toEqual([
          `ok   server actions key: valid, and the build in ${dist} was made with it`,
        ]);
      } finally {
        rmSync(dist, { recursive: true, force: true });
      }
    });
  });
});
