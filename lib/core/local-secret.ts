import 'server-only';
// Secrets of a local (offline) installation: made once per data folder and kept there, so every server started from
// the same folder (and every restart) signs with the same key, while no two machines share one. Hosted deployments
// set their secrets in the environment instead.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the local stack's data (`.data` beside the project). */
export const LOCAL_DATA_DIR = join(process.cwd(), '.data');

/** Reads `<dir>/<name>`, or creates it with 32 random bytes; two processes racing both end up with the first one's. */
export function localSecret(name: string, dir: string = LOCAL_DATA_DIR): string {
  const file = join(dir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
