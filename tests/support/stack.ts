// A complete local stack for tests (integration and e2e), on the test port base.
import { startPostgres } from '../../local-stack/db/postgres';
import { migrate, recreateDatabase } from '../../local-stack/db/migrate';
import { databaseUrl, testConfig, type StackConfig } from '../../local-stack/config';

export interface TestStack {
  config: StackConfig;
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function startTestStack(cfg: StackConfig = testConfig()): Promise<TestStack> {
  const pg = await startPostgres({ dataDir: cfg.pgDir, port: cfg.dbPort, fast: true });
  const stops: Array<() => Promise<void>> = [() => pg.stop()];
  try {
    await recreateDatabase(pg.url(), cfg.database);
    await migrate(databaseUrl(cfg));
    // Stand-ins (auth + storage + mailbox; Stripe) are started here.
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    throw err;
  }
  return {
    config: cfg,
    databaseUrl: databaseUrl(cfg),
    stop: async () => {
      for (const stop of stops.reverse()) await stop().catch(() => {});
    },
  };
}
