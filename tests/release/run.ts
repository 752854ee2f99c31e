// npm run test:release — the release folder (npm run release) as a server runs it: copied out of the project,
// started with its own Node and nothing else, every setting given as for a hosted shop, against a fresh test stack,
// and driven through a sign-in and a card checkout in Chromium (tests/release/release.spec.ts).
//   --reuse-build  takes the e2e run's build (NEXT_DIST_DIR or .next-e2e, made for the same stack) instead of building
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureChromium } from '../../scripts/find-chromium';
import { RELEASE_ENTRY } from '../../scripts/release';
import { PROJECT_ROOT, siteUrl, stackEnv, testConfig } from '../../local-stack/config';
import { startTestStack } from '../support/stack';
import { ServerLog } from '../support/server-log';

// The e2e run's port base: a build is made for one stack's addresses.
const cfg = testConfig(Number(process.env.STACK_TEST_PORT_BASE) || 25500);
const DIST = process.env.NEXT_DIST_DIR || '.next-e2e';
const reuse = process.argv.includes('--reuse-build');
const serverLog = new ServerLog();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: PROJECT_ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The build's Supabase port (its image addresses), which must be this stack's. */
function checkBuiltFor(dist: string) {
  const file = join(PROJECT_ROOT, dist, 'required-server-files.json');
  if (!existsSync(file)) throw new Error(`${dist} holds no finished build: run npm run test:e2e first, or drop --reuse-build`);
  const { config } = JSON.parse(readFileSync(file, 'utf8'));
  const port = config.images.remotePatterns[0]?.port;
  if (port !== String(cfg.apiPort)) {
    throw new Error(`${dist} was built for Supabase on port ${port}, not this stack's ${cfg.apiPort}: run without --reuse-build`);
  }
}

/** The server actions' key a build was made with (Next writes it into the build). */
function builtKey(buildDir: string): string {
  return JSON.parse(readFileSync(join(buildDir, 'server', 'server-reference-manifest.json'), 'utf8')).encryptionKey;
}

/** Stops the server; resolves once its output has all come through. */
async function stop(server: { child: ChildProcess; closed: Promise<unknown> }): Promise<void> {
  server.child.kill('SIGTERM');
  await server.closed;
}

/** Resolves with the ms to the ready line and to the first 200 of the home page. */
async function started(child: ChildProcess, since: number): Promise<{ ready: number; firstOk: number }> {
  const ready = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('Ready on ')) resolve(Date.now() - since);
    });
    child.once('exit', (code) => reject(new Error(`the release server exited with code ${code}`)));
    setTimeout(() => reject(new Error('the release server was not ready within 60 s')), 60_000).unref();
  });
  for (;;) {
    if ((await fetch(`${siteUrl(cfg)}/`).catch(() => null))?.status === 200) return { ready, firstOk: Date.now() - since };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  const chromium = ensureChromium();
  const stack = await startTestStack(cfg, { log: serverLog.standIn });
  const out = join(cfg.dataDir, 'release');
  const folder = mkdtempSync(join(tmpdir(), 'shop-release-'));
  let server: { child: ChildProcess; closed: Promise<unknown> } | undefined;
  let code = 1;
  try {
    if (reuse) checkBuiltFor(DIST);
    // As a hosted shop does: the build is made with the key the servers are given (the e2e run's build, with its own).
    const key = reuse ? builtKey(join(PROJECT_ROOT, DIST)) : randomBytes(32).toString('base64');
    const buildEnv = { ...process.env, ...stackEnv(cfg), NEXT_DIST_DIR: DIST, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key };
    const made = Date.now();
    if ((await run('npm', ['run', 'release', '--', '--out', out, ...(reuse ? ['--build', DIST] : [])], buildEnv)) !== 0) {
      throw new Error('npm run release failed');
    }
    console.log(`release folder made in ${seconds(made)}`);
    const copied = Date.now();
    cpSync(out, folder, { recursive: true, verbatimSymlinks: true });
    rmSync(out, { recursive: true, force: true });
    console.log(`copied to ${folder} in ${seconds(copied)}`);
    if (builtKey(join(folder, '.next')) !== key) throw new Error('the release folder was not built with NEXT_SERVER_ACTIONS_ENCRYPTION_KEY');

    // Nothing from this process or the project: the stand-ins' addresses and every variable the shop reads, set as
    // a hosted deployment sets them (no secret made into a .data folder), and the folder's own Node.
    const env: NodeJS.ProcessEnv = {
      PATH: '/usr/bin:/bin',
      HOME: folder,
      ...stackEnv(cfg),
      CHECKOUT_COOKIE_SECRET: randomBytes(32).toString('base64url'),
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key,
      SHOP_TIME_ZONE: 'America/New_York',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      WEB_CONCURRENCY: '2',
    };
    const since = Date.now();
    const child = spawn(join(folder, 'node_modules', '.bin', 'node'), [RELEASE_ENTRY, '-p', String(cfg.appPort), '-H', '127.0.0.1'], {
      cwd: folder,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = { child, closed: new Promise((resolve) => child.once('close', resolve)) };
    serverLog.watch(child, 'release');
    const { ready, firstOk } = await started(child, since);
    console.log(`release server: ready line after ${ready} ms, first 200 of / after ${firstOk} ms`);

    code = await run(join(PROJECT_ROOT, 'node_modules', '.bin', 'playwright'), ['test', '--config', 'tests/release/playwright.config.ts'], {
      ...process.env,
      ...stackEnv(cfg),
      E2E_BASE_URL: siteUrl(cfg),
      CHROMIUM_PATH: chromium,
      RELEASE_DIR: folder,
    });
    // Its last lines are through the pipes once it has exited.
    await stop(server);
    const errors = serverLog.report();
    if (errors) {
      console.error(errors);
      code = code || 1;
    }
  } finally {
    if (server) await stop(server);
    await stack.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  process.exit(code);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
