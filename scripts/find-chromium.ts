// Finds a system Chromium for Playwright (no browser download is possible or wanted), installing Debian's package
// when running as root on a machine that has apt-get.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function lookup(): string | null {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  for (const path of CANDIDATES) if (existsSync(path)) return path;
  const which = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return found && existsSync(found) ? found : null;
}

export function ensureChromium(log: (line: string) => void = console.log): string {
  const found = lookup();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      'Chromium was not found. Install your distribution\'s chromium package (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
  }
  log('Installing chromium with apt-get (one time)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  const installed = lookup();
  if (!installed) throw new Error('chromium was installed but no executable was found');
  return installed;
}

/** Flags for headless Chromium on a closed network and as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
