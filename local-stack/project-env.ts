// Settings from files, read the way Next reads them (.env, .env.local, .env.production or .env.development, and
// their .local variants; the shell's own variables win), before the command decides between the local stack and a
// hosted project. The children (build, server) inherit the result.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import nextEnv from '@next/env';
import { isLocalUrl, LOCAL_DEFAULTS } from '../lib/core/local-defaults';

/** Loads the folder's .env files into process.env; returns the files read. */
export function loadProjectEnv(dir: string, dev: boolean): string[] {
  const { loadedEnvFiles } = nextEnv.loadEnvConfig(dir, dev, { info: () => {}, error: console.error });
  return loadedEnvFiles.map((f) => f.path);
}

export function isHosted(source: NodeJS.ProcessEnv = process.env): boolean {
  return !isLocalUrl(source.NEXT_PUBLIC_SUPABASE_URL || LOCAL_DEFAULTS.supabaseUrl);
}

/**
 * Validates the server's variables with the server's own rules (lib/core/env.ts, loaded under the react-server condition
 * it is written for). Returns the list of problems, or null when all is well.
 */
export function envProblems(source: NodeJS.ProcessEnv = process.env): string | null {
  const check = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', join(import.meta.dirname, 'check-env.ts')],
    { cwd: join(import.meta.dirname, '..'), env: source, encoding: 'utf8' },
  );
  return check.status === 0 ? null : (check.stderr || check.stdout).trim();
}
