// Run by project-env.ts: exits non-zero with lib/core/env.ts's list of problems when the environment is not usable.
import { loadEnv } from '../lib/core/env';

try {
  loadEnv();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
