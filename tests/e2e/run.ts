// npm run test:e2e — builds the shop once for a throwaway seeded local stack, serves the production build, and runs
// the Playwright suite in a system Chromium. Extra arguments go to `playwright test`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureChromium } from '../../scripts/find-chromium';
import { NEXT_TOOL_ENV, nextDataCacheDir, PROJECT_ROOT, SERVE_SCRIPT, siteUrl, stackEnv, testConfig } from '../../local-stack/config';
import { startTestStack } from '../support/stack';
import { readExpectations, ServerLog, WATCHED_SERVER_ARGS } from '../support/server-log';

const cfg = testConfig(Number(process.env.STACK_TEST_PORT_BASE) || 25500);
const WORKERS = 2;
// Another build folder lets two runs side by side (with another STACK_TEST_PORT_BASE).
const DIST = process.env.NEXT_DIST_DIR || '.next-e2e';
const serverLog = new ServerLog();
// The error lines the journeys declare they provoke (tests/e2e/support/expected-errors.ts), one JSON line each.
const expectedErrors = join(mkdtempSync(join(tmpdir(), 'e2e-expected-')), 'errors.jsonl');
const bin = (name: string) => join(PROJECT_ROOT, 'node_modules', '.bin', name);

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: PROJECT_ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function main() {
  const chromium = ensureChromium();
  const started = Date.now();
  const stack = await startTestStack(cfg, { log: serverLog.standIn });
  let app: ChildProcess | undefined;
  let second: ChildProcess | undefined;
  let code = 1;
  try {
    const env = { ...process.env, ...stackEnv(cfg), NEXT_DIST_DIR: DIST, ...NEXT_TOOL_ENV };
    console.log(`stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s; building the app...`);
    rmSync(nextDataCacheDir(DIST), { recursive: true, force: true });
    if (!process.env.E2E_SKIP_BUILD) {
      const built = await run(bin('next'), ['build'], { ...env, NODE_ENV: 'production' });
      if (built !== 0) throw new Error('next build failed');
    }
    // Each server runs two workers (whatever the machine's cores), so the journeys cross workers as well as servers.
    const serve = (port: number, name: string) => {
      const child = spawn(process.execPath, [...WATCHED_SERVER_ARGS, SERVE_SCRIPT, '-p', String(port), '-H', '127.0.0.1'], {
        cwd: PROJECT_ROOT,
        // The journeys stand in for a proxy: each names its client in X-Forwarded-For (tests/e2e/support/servers.ts).
        env: { ...env, NODE_ENV: 'production', TRUSTED_PROXY_HOPS: '1', WEB_CONCURRENCY: String(WORKERS) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      serverLog.watch(child, name);
      return child;
    };
    // A second server on the same build and database: the multi-server journeys alternate between the two.
    app = serve(cfg.appPort, 'A');
    second = serve(cfg.appPort + 1, 'B');
    await waitForHttp(`${siteUrl(cfg)}/robots.txt`, 60_000, app);
    await waitForHttp(`http://localhost:${cfg.appPort + 1}/robots.txt`, 60_000, second);
    code = await run(bin('playwright'), ['test', ...process.argv.slice(2)], {
      ...env,
      E2E_BASE_URL: siteUrl(cfg),
      E2E_SECOND_URL: `http://localhost:${cfg.appPort + 1}`,
      E2E_APP_PIDS: `${app.pid},${second.pid}`,
      E2E_WORKERS: String(WORKERS),
      CHROMIUM_PATH: chromium,
      E2E_EXPECTED_ERRORS: expectedErrors,
    });
    // Lines written as the last journey ended are still on their way through the pipes.
    await new Promise((r) => setTimeout(r, 1_000));
    const expected = readExpectations(expectedErrors);
    const errors = serverLog.report(expected);
    if (errors) {
      console.error(errors);
      code = code || 1;
    } else if (expected.length > 0) {
      console.log(`the server log's ${serverLog.expectedCount(expected)} error line(s) were all declared by the journeys (${expected.length} declarations)`);
    }
  } finally {
    app?.kill('SIGTERM');
    second?.kill('SIGTERM');
    await stack.stop();
    rmSync(dirname(expectedErrors), { recursive: true, force: true });
  }
  process.exit(code);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
