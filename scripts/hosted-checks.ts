// `npm run check:hosted`: is the hosted Supabase project and Stripe account ready for the shop? One result per check,
// from the same settings the servers use. It only reads, so it is safe to run against production.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import postgres from 'postgres';
import { tagsDatabaseUrl } from '../lib/core/cache/shared-tags.mjs';
import { connectionFor } from '../lib/core/db/connection.mjs';
import { fromBase64Url } from '../lib/core/base64url';
import { createStripeClient } from '../lib/payments/client';
import { isLocalUrl } from '../lib/core/local-defaults';
import { isServerActionsKey, SERVER_ACTIONS_KEY_RULE } from '../lib/core/server-actions-key';
import { compareGrants, readGrants } from '../supabase/grants';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** The events the webhook route handles (app/api/stripe/webhook). */
export const WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.refund.updated',
  // Payment terms (lib/terms/events.ts); invoice.overdue is optional, as the shop dates overdue invoices itself.
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.voided',
  'invoice.marked_uncollectible',
];
const MIGRATIONS_DIR = join(import.meta.dirname, '..', 'supabase', 'migrations');
const BUCKET = 'product-images';
const CRON_JOB = 'shop-maintenance';
/** A NOTIFY reaches a LISTEN in milliseconds; not at all through a transaction pooler. */
const NOTIFY_WAIT_MS = 5_000;

type Env = Record<string, string | undefined>;
type Check = (ctx: { env: Env; sql: postgres.Sql }) => Promise<string>;

class CheckFailed extends Error {}
const fail = (message: string): never => {
  throw new CheckFailed(message);
};
const need = (env: Env, name: string): string => env[name] || fail(`${name} is not set`);
const noSlash = (url: string) => url.replace(/\/+$/, '');
const hostOf = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || 5432}`;
};

/** The role a legacy Supabase key (a JWT) names; undefined for anything else. */
function jwtRole(key: string): unknown {
  const parts = key.split('.');
  const payload = parts.length === 3 ? fromBase64Url(parts[1]!) : null;
  try {
    return payload ? (JSON.parse(payload) as { role?: unknown }).role : undefined;
  } catch {
    return undefined;
  }
}

async function getJson(url: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the message
  }
  return { status: res.status, body };
}

const CHECKS: Array<[string, Check]> = [
  [
    'migrations',
    async ({ sql }) => {
      const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).map((f) => f.split('_')[0]!);
      const rows = await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`;
      const applied = new Set(rows.map((r) => r.version));
      const missing = files.filter((v) => !applied.has(v));
      if (missing.length) fail(`not applied: ${missing.join(', ')} (run supabase db push)`);
      return `all ${files.length} applied`;
    },
  ],
  [
    'grants',
    async ({ sql }) => {
      const problems = compareGrants(await readGrants(sql));
      if (problems.length) fail(problems.join('; '));
      return 'every grant the app needs, none beyond';
    },
  ],
  [
    'shop roles',
    async ({ sql }) => {
      // The server's queries run as shop_anon and shop_authenticated (lib/core/db); the Data API must not reach them.
      const [row] = await sql<{ member: boolean; api: boolean }[]>`
        select pg_has_role(current_user, 'shop_anon', 'MEMBER') and pg_has_role(current_user, 'shop_authenticated', 'MEMBER') as member,
               exists (select 1 from pg_roles where rolname = 'authenticator' and
                       (pg_has_role(oid, 'shop_anon', 'MEMBER') or pg_has_role(oid, 'shop_authenticated', 'MEMBER'))) as api`;
      if (!row?.member) fail('DATABASE_URL\'s user cannot take shop_anon and shop_authenticated (run the migrations as that user)');
      if (row!.api) fail('the Data API (authenticator) can take the shop roles: revoke them from it');
      return "the server's user takes them, the Data API cannot";
    },
  ],
  [
    'row level security',
    async ({ sql }) => {
      const rows = await sql<{ relname: string }[]>`
        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity order by 1`;
      if (rows.length) fail(`off on ${rows.map((r) => r.relname).join(', ')}`);
      return 'on for every table in public';
    },
  ],
  [
    'revalidation notices',
    async ({ env, sql }) => {
      if (env.SHARED_CACHE_TAGS === 'off') return 'SHARED_CACHE_TAGS=off: each server revalidates only its own cache';
      // The connection the servers listen on (lib/core/cache/shared-tags.mjs), and a NOTIFY sent as a server sends one.
      const target = tagsDatabaseUrl(env);
      const { url, options } = connectionFor(target);
      const listener = postgres(url, { ...options, max: 1, onnotice: () => {}, connect_timeout: 10 });
      const channel = `shop_check_${randomBytes(6).toString('hex')}`;
      try {
        let heard = () => {};
        const arrived = new Promise<boolean>((resolve) => (heard = () => resolve(true)));
        await listener.listen(channel, () => heard()).catch((e: Error) => fail(`LISTEN on ${hostOf(target)} failed: ${e.message}`));
        const started = Date.now();
        await sql`select pg_notify(${channel}, 'check')`;
        if (!(await Promise.race([arrived, sleep(NOTIFY_WAIT_MS, false)]))) {
          fail(
            `a NOTIFY sent through DATABASE_URL did not reach the LISTEN on ${hostOf(target)} within ${NOTIFY_WAIT_MS / 1000} s: ` +
              'LISTEN needs a session (the session pooler on port 5432 or the direct connection), set CACHE_TAGS_DATABASE_URL',
          );
        }
        return `LISTEN on ${hostOf(target)} heard a NOTIFY sent through DATABASE_URL in ${Date.now() - started} ms`;
      } finally {
        await listener.end({ timeout: 5 });
      }
    },
  ],
  [
    'storage bucket',
    async ({ env }) => {
      const key = need(env, 'SUPABASE_SERVICE_ROLE_KEY');
      const url = `${noSlash(need(env, 'NEXT_PUBLIC_SUPABASE_URL'))}/storage/v1/bucket/${BUCKET}`;
      const { status, body } = await getJson(url, { apikey: key, authorization: `Bearer ${key}` });
      if (status !== 200) fail(`${BUCKET} not found (HTTP ${status}): run supabase db push`);
      if ((body as { public?: boolean }).public !== true) fail(`${BUCKET} is not public: product images would not load`);
      return `${BUCKET} is public`;
    },
  ],
  [
    'maintenance schedule',
    async ({ env, sql }) => {
      const [ext] = await sql`select 1 from pg_extension where extname = 'pg_cron'`;
      if (ext) {
        const [job] = await sql<{ schedule: string }[]>`select schedule from cron.job where jobname = ${CRON_JOB}`;
        if (!job) fail(`pg_cron is enabled but ${CRON_JOB} is not scheduled: enable pg_cron before supabase db push`);
        return `pg_cron runs ${CRON_JOB} (${job!.schedule})`;
      }
      if (env.MAINTENANCE_INTERVAL_SECONDS === '0') {
        fail('no pg_cron and MAINTENANCE_INTERVAL_SECONDS=0: abandoned checkouts would never expire');
      }
      return "no pg_cron: the servers' maintenance timer expires abandoned checkouts (MAINTENANCE_INTERVAL_SECONDS)";
    },
  ],
  [
    'auth settings',
    async ({ env }) => {
      const supabaseUrl = noSlash(need(env, 'NEXT_PUBLIC_SUPABASE_URL'));
      const anon = need(env, 'NEXT_PUBLIC_SUPABASE_ANON_KEY');
      const settings = await getJson(`${supabaseUrl}/auth/v1/settings`, { apikey: anon });
      if (settings.status !== 200) fail(`${supabaseUrl}/auth/v1/settings answered HTTP ${settings.status}`);
      const local = isLocalUrl(supabaseUrl);
      const token = local ? need(env, 'SUPABASE_SERVICE_ROLE_KEY') : need(env, 'SUPABASE_ACCESS_TOKEN');
      const api = noSlash(env.SUPABASE_MANAGEMENT_API_URL || (local ? supabaseUrl : 'https://api.supabase.com'));
      const ref = local ? 'local' : new URL(supabaseUrl).hostname.split('.')[0]!;
      const config = await getJson(`${api}/v1/projects/${ref}/config/auth`, { authorization: `Bearer ${token}` });
      if (config.status !== 200) fail(`the project's Auth configuration answered HTTP ${config.status}`);
      const auth = config.body as { site_url?: string; smtp_host?: string | null; mailer_autoconfirm?: boolean };
      const site = noSlash(need(env, 'SITE_URL'));
      if (noSlash(auth.site_url ?? '') !== site) fail(`Site URL is ${auth.site_url || '(empty)'}, SITE_URL is ${site}`);
      if (!local && !auth.smtp_host) fail('no custom SMTP server: Auth mail reaches only the project team');
      return `reachable, Site URL ${site}, confirmations ${auth.mailer_autoconfirm ? 'off' : 'on'}`;
    },
  ],
  [
    'secret key',
    async ({ env }) => {
      // Auth takes a visitor's address from Sb-Forwarded-For only on requests with a secret key
      // (lib/core/supabase/auth-forwarding.ts); otherwise every visitor shares the servers' Auth limits.
      const key = need(env, 'SUPABASE_SERVICE_ROLE_KEY');
      if (key.startsWith('sb_secret_')) return 'a secret key (sb_secret_…): Auth limits count each visitor';
      if (isLocalUrl(need(env, 'NEXT_PUBLIC_SUPABASE_URL'))) return 'the local stand-in takes Sb-Forwarded-For with its own key';
      if (jwtRole(key) === 'service_role') {
        fail(
          'SUPABASE_SERVICE_ROLE_KEY is the legacy service_role key, with which Auth ignores Sb-Forwarded-For: every visitor ' +
            "would share the servers' Auth limits. Use a secret key (sb_secret_…, Settings → API Keys)",
        );
      }
      return fail('SUPABASE_SERVICE_ROLE_KEY is not a secret key (sb_secret_…, Settings → API Keys)');
    },
  ],
  [
    'stripe keys',
    async ({ env }) => {
      const secret = need(env, 'STRIPE_SECRET_KEY');
      const publishable = need(env, 'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY');
      const mode = (key: string) => (/^(sk|rk|pk)_live_/.test(key) ? 'live' : /^(sk|rk|pk)_test_/.test(key) ? 'test' : null);
      if (!mode(secret)) fail('STRIPE_SECRET_KEY is not an sk_test_/sk_live_ (or rk_) key');
      if (!mode(publishable)) fail('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY is not a pk_test_/pk_live_ key');
      if (mode(secret) !== mode(publishable)) fail(`the secret key is ${mode(secret)}, the publishable key ${mode(publishable)}`);
      const stripe = createStripeClient({ secretKey: secret, apiBase: env.STRIPE_API_BASE });
      const account = await stripe.accounts.retrieveCurrent().catch((e: Error) => fail(`Stripe refused the secret key: ${e.message}`));
      return `valid, ${mode(secret)} mode, account ${account.id}`;
    },
  ],
  [
    'stripe webhook',
    async ({ env }) => {
      const target = `${noSlash(need(env, 'SITE_URL'))}/api/stripe/webhook`;
      need(env, 'STRIPE_WEBHOOK_SECRET');
      const stripe = createStripeClient({ secretKey: need(env, 'STRIPE_SECRET_KEY'), apiBase: env.STRIPE_API_BASE });
      const endpoints = (await stripe.webhookEndpoints.list({ limit: 100 })).data.filter((e) => e.url === target);
      if (!endpoints.length) fail(`no endpoint at ${target}`);
      const live = endpoints.filter((e) => e.status === 'enabled');
      if (!live.length) fail(`the endpoint at ${target} is disabled`);
      const events = new Set(live.flatMap((e) => e.enabled_events));
      const missing = events.has('*') ? [] : WEBHOOK_EVENTS.filter((e) => !events.has(e));
      if (missing.length) fail(`the endpoint at ${target} is not subscribed to ${missing.join(', ')}`);
      return `${target} receives ${WEBHOOK_EVENTS.join(', ')}`;
    },
  ],
  [
    'shop mail',
    async ({ env }) => {
      const smtpUrl = need(env, 'SMTP_URL');
      need(env, 'MAIL_FROM');
      need(env, 'SHOP_NOTIFY_EMAIL');
      const server = new URL(smtpUrl);
      // The connection, the greeting and the login the senders use, without sending anything.
      const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000 });
      try {
        await transport.verify();
      } catch (err) {
        fail(`${server.protocol}//${server.host} did not accept a connection: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        transport.close();
      }
      return `${server.protocol}//${server.host} answers; new-order notices go to ${env.SHOP_NOTIFY_EMAIL}`;
    },
  ],
  [
    'checkout cookie secret',
    async ({ env }) => {
      const secret = need(env, 'CHECKOUT_COOKIE_SECRET');
      if (secret.length < 32) fail('CHECKOUT_COOKIE_SECRET must be at least 32 characters');
      return 'set';
    },
  ],
  [
    'server actions key',
    async ({ env }) => {
      if (!env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY && isLocalUrl(need(env, 'NEXT_PUBLIC_SUPABASE_URL'))) {
        return 'not set: fine for the servers of one local build';
      }
      const key = need(env, 'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY');
      if (!isServerActionsKey(key)) fail(`NEXT_SERVER_ACTIONS_ENCRYPTION_KEY ${SERVER_ACTIONS_KEY_RULE}`);
      // The key a build was made with is in its server manifest: every server must run a build made with this key.
      const dist = env.NEXT_DIST_DIR || '.next';
      const manifest = await readFile(resolve(dist, 'server', 'server-reference-manifest.json'), 'utf8').catch(() => null);
      if (manifest === null) return `valid; no build in ${dist} to compare`;
      if ((JSON.parse(manifest) as { encryptionKey?: string }).encryptionKey !== key) {
        fail(`the build in ${dist} was made with another key: build again with NEXT_SERVER_ACTIONS_ENCRYPTION_KEY set`);
      }
      return `valid, and the build in ${dist} was made with it`;
    },
  ],
];

/** Runs every check, or the ones named; a check that throws is a failure with its message. */
export async function runHostedChecks(env: Env, names?: readonly string[]): Promise<CheckResult[]> {
  const { url, options } = connectionFor(need(env, 'DATABASE_URL'));
  const sql = postgres(url, { ...options, max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const results: CheckResult[] = [];
    for (const [name, check] of CHECKS) {
      if (names && !names.includes(name)) continue;
      try {
        results.push({ name, ok: true, detail: await check({ env, sql }) });
      } catch (err) {
        results.push({ name, ok: false, detail: err instanceof Error ? err.message : String(err) });
      }
    }
    return results;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export const formatResult = (r: CheckResult) => `${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.detail}`;
