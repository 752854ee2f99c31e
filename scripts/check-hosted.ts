// npm run check:hosted — the last step before opening the shop: checks the hosted project and Stripe account the
// environment (and .env, .env.local, .env.production) names. One line per check; exit code 1 on any failure.
import { loadProjectEnv } from '../local-stack/project-env';
import { formatResult, runHostedChecks } from './hosted-checks';

loadProjectEnv(process.cwd(), false);
runHostedChecks(process.env).then(
  (results) => {
    for (const r of results) console.log(formatResult(r));
    process.exit(results.every((r) => r.ok) ? 0 : 1);
  },
  (err: unknown) => {
    console.error(`FAIL ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
