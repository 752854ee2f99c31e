// A complete local stack for tests (integration and e2e), on the test port base.
import { startPostgres } from '../../local-stack/db/postgres';
import { migrate, recreateDatabase } from '../../local-stack/db/migrate';
import { PROJECT_ROOT, apiUrl, databaseUrl, siteUrl, testConfig, type StackConfig } from '../../local-stack/config';
import { startStripeServer } from '../../local-stack/stripe/server';
import { startApiServer } from '../../local-stack/api/server';
import { startSmtpServer, type LocalSmtpServer } from '../../local-stack/smtp/server';
import type { AuthRateLimits } from '../../local-stack/api/auth/rate-limit';
import type { StandInLog } from '../../local-stack/log';
import { LOCAL_DEFAULTS } from '../../lib/core/local-defaults';
import { seedAll } from '../../supabase/seed';
import { join } from 'node:path';

/** Suites sign in and send mail far faster than people do: GoTrue's limits stay on, sized for that pace. */
const TEST_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInSignUps: 30_000,
  tokenRefresh: 30_000,
  tokenVerifications: 30_000,
  emailSent: null,
  burst: 1_000,
};

/**
 * The test stacks read supabase/config.toml like the shop's own, with a faster pace: a resend after 1 s instead of
 * 60 s. Confirmations stay on (a new hosted project's default) unless a suite turns them off.
 */
export interface TestStackOptions {
  confirmations?: boolean;
  /** Where the stand-ins' lines go, each named by its stand-in (tests/support/server-log.ts): dropped when unset. */
  log?: (name: string) => StandInLog;
}

export interface TestStack {
  config: StackConfig;
  databaseUrl: string;
  /** The local SMTP server (SMTP_URL): make it refuse or go down in this process, or over /mailbox/api/smtp. */
  smtp: LocalSmtpServer;
  stop(): Promise<void>;
}

export async function startTestStack(cfg: StackConfig = testConfig(), opts: TestStackOptions = {}): Promise<TestStack> {
  const pg = await startPostgres({ dataDir: cfg.pgDir, port: cfg.dbPort, fast: true });
  const stops: Array<() => Promise<void>> = [() => pg.stop()];
  let smtp: LocalSmtpServer;
  try {
    await recreateDatabase(pg.url(), cfg.database);
    await migrate(databaseUrl(cfg));
    // Stand-ins (auth + storage + mailbox; SMTP; Stripe) are started here.
    smtp = await startSmtpServer({ port: cfg.smtpPort, databaseUrl: databaseUrl(cfg), log: opts.log?.('smtp') });
    stops.push(() => smtp.close());
    const api = await startApiServer({
      port: cfg.apiPort,
      databaseUrl: databaseUrl(cfg),
      storageDir: cfg.storageDir,
      siteUrl: siteUrl(cfg),
      auth: { rateLimits: TEST_AUTH_RATE_LIMITS, maxFrequency: 1, enableConfirmations: opts.confirmations ?? true },
      smtp,
      log: opts.log?.('api'),
    });
    stops.push(() => api.stop());
    const stripe = await startStripeServer({
      port: cfg.stripePort,
      webhookUrl: `${siteUrl(cfg)}/api/stripe/webhook`,
      webhookSecret: LOCAL_DEFAULTS.stripeWebhookSecret,
      log: opts.log?.('stripe'),
    });
    stops.push(() => stripe.stop());
    // Tests run against the seeded catalog; rendered images are cached across stacks.
    await seedAll({
      databaseUrl: databaseUrl(cfg),
      supabaseUrl: apiUrl(cfg),
      serviceRoleKey: LOCAL_DEFAULTS.serviceRoleKey,
      cacheDir: join(PROJECT_ROOT, '.data', 'seed-cache'),
    });
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    throw err;
  }
  return {
    config: cfg,
    databaseUrl: databaseUrl(cfg),
    smtp,
    stop: async () => {
      for (const stop of stops.reverse()) await stop().catch(() => {});
    },
  };
}
