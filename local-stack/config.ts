// Ports, folders and environment of one local stack. `dev` matches `supabase start`; `test` stacks sit on a port
// base of their own (STACK_TEST_PORT_BASE), so tests can run while the shop is up, and several test runs side by side.
import { join } from 'node:path';
import { LOCAL_DEFAULTS } from '../lib/core/local-defaults';

export const PROJECT_ROOT = join(import.meta.dirname, '..');
/** The production server: `next start` with the front cache of whole pages. */
export const SERVE_SCRIPT = join(PROJECT_ROOT, 'scripts', 'serve.mjs');

export interface StackConfig {
  name: 'dev' | 'test';
  dbPort: number;
  apiPort: number;
  stripePort: number;
  /** The local SMTP server the shop's mail goes to (local-stack/smtp). */
  smtpPort: number;
  appPort: number;
  database: string;
  dataDir: string;
  /** Postgres cluster folder. */
  pgDir: string;
  /** Storage stand-in object files. */
  storageDir: string;
}

export function devConfig(): StackConfig {
  const dataDir = join(PROJECT_ROOT, '.data');
  return {
    name: 'dev',
    dbPort: 54322,
    apiPort: 54321,
    stripePort: 12111,
    smtpPort: 54325,
    appPort: Number(process.env.PORT) || 3000,
    database: 'postgres',
    dataDir,
    pgDir: join(dataDir, 'postgres'),
    storageDir: join(dataDir, 'storage'),
  };
}

// Below the system's range for outgoing connections (32768–60999 on Linux): a client connection the stack itself opens
// can never be holding one of the ports a stand-in is about to listen on.
export function testConfig(base = Number(process.env.STACK_TEST_PORT_BASE) || 25400): StackConfig {
  const dataDir = join(PROJECT_ROOT, '.data', `test-${base}`);
  return {
    name: 'test',
    dbPort: base + 1,
    apiPort: base + 2,
    stripePort: base + 3,
    appPort: base + 4,
    // base + 5 is the e2e run's second app server.
    smtpPort: base + 6,
    database: 'shop_test',
    dataDir,
    pgDir: join(dataDir, 'postgres'),
    storageDir: join(dataDir, 'storage'),
  };
}

export const databaseUrl = (cfg: StackConfig, database = cfg.database) =>
  `postgresql://postgres:postgres@127.0.0.1:${cfg.dbPort}/${database}`;
export const apiUrl = (cfg: StackConfig) => `http://127.0.0.1:${cfg.apiPort}`;
export const stripeApiUrl = (cfg: StackConfig) => `http://127.0.0.1:${cfg.stripePort}`;
export const siteUrl = (cfg: StackConfig) => `http://localhost:${cfg.appPort}`;
export const smtpUrl = (cfg: StackConfig) => `smtp://127.0.0.1:${cfg.smtpPort}`;
export const mailboxUrl = (cfg: StackConfig) => `${apiUrl(cfg)}/mailbox`;

/** The environment the Next.js app (and tests that act like it) gets for this stack. */
/**
 * Settings for every `next` command the project runs: no telemetry, and no attempt to patch package-lock.json
 * from the registry (Next tries to add other platforms' SWC binaries and fails offline).
 */
export const NEXT_TOOL_ENV = { NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1' } as const;

/** Next's data cache (unstable_cache and fetch) of a build folder: it outlives builds, so it goes with the database. */
export function nextDataCacheDir(distDir = '.next'): string {
  return join(PROJECT_ROOT, distDir, 'cache', 'fetch-cache');
}

export function stackEnv(cfg: StackConfig): Record<string, string> {
  return {
    NEXT_PUBLIC_SUPABASE_URL: apiUrl(cfg),
    NEXT_PUBLIC_SUPABASE_ANON_KEY: LOCAL_DEFAULTS.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_DEFAULTS.serviceRoleKey,
    DATABASE_URL: databaseUrl(cfg),
    STRIPE_SECRET_KEY: LOCAL_DEFAULTS.stripeSecretKey,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: LOCAL_DEFAULTS.stripePublishableKey,
    STRIPE_WEBHOOK_SECRET: LOCAL_DEFAULTS.stripeWebhookSecret,
    STRIPE_API_BASE: stripeApiUrl(cfg),
    SITE_URL: siteUrl(cfg),
    SMTP_URL: smtpUrl(cfg),
    MAIL_FROM: LOCAL_DEFAULTS.mailFrom,
    SHOP_NOTIFY_EMAIL: LOCAL_DEFAULTS.shopNotifyEmail,
  };
}
