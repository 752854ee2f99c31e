// One command for the whole shop on this machine:
//   start     build and serve the shop with the local stack (Postgres, Auth/Storage, Stripe stand-ins, seed-if-empty)
//   dev       the same with `next dev` (hot reload)
//   reset     wipe the local data and seed again
//   seed      seed an empty database; `seed -- --products 100000` adds a large generated catalog for benchmarks
// start and dev first read .env, .env.local and .env.production (or .env.development) as Next does. With
// NEXT_PUBLIC_SUPABASE_URL pointing at a hosted project, no stand-in starts: the variables are checked, then only
// Next.js runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { LOCAL_DEFAULTS } from '../lib/core/local-defaults';
import { apiUrl, databaseUrl, devConfig, mailboxUrl, NEXT_TOOL_ENV, nextDataCacheDir, PROJECT_ROOT, SERVE_SCRIPT, siteUrl, smtpUrl, stackEnv, stripeApiUrl, type StackConfig } from './config';
import { startPostgres } from './db/postgres';
import { migrate } from './db/migrate';
import { startApiServer } from './api/server';
import { startStripeServer } from './stripe/server';
import { startSmtpServer } from './smtp/server';
import { DEMO_USERS, isSeeded, seedAll, seedScale } from '../supabase/seed';
import { envProblems, isHosted, loadProjectEnv } from './project-env';

type Stop = () => Promise<void>;
const stops: Stop[] = [];
const log = (line: string) => console.log(`[stack] ${line}`);

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stopAll() {
  for (const stop of stops.splice(0).reverse()) await stop().catch((e) => console.error(e));
}

/** Postgres + migrations + Auth/Storage + SMTP (+ Stripe). Returns the environment for Next.js. */
async function startStack(cfg: StackConfig, opts: { stripe: boolean }) {
  for (const [name, port] of [
    ['Postgres', cfg.dbPort],
    ['the Auth/Storage API', cfg.apiPort],
    ['the local SMTP server', cfg.smtpPort],
    ...(opts.stripe ? [['the Stripe stand-in', cfg.stripePort] as const] : []),
  ] as const) {
    if (await portInUse(port)) {
      throw new Error(`Port ${port} (${name}) is already in use. Is the shop (or \`supabase start\`) already running?`);
    }
  }
  const t0 = Date.now();
  const pg = await startPostgres({ dataDir: cfg.pgDir, port: cfg.dbPort });
  stops.push(() => pg.stop());
  const { applied } = await migrate(databaseUrl(cfg), log);
  log(`Postgres ready on ${cfg.dbPort} (${applied.length} new migration${applied.length === 1 ? '' : 's'})`);
  // The shop's own mail (SMTP_URL) lands here, and shows in the mailbox beside Auth's.
  const smtp = await startSmtpServer({ port: cfg.smtpPort, databaseUrl: databaseUrl(cfg), log: (l) => console.log(`[smtp] ${l}`) });
  stops.push(() => smtp.close());
  const api = await startApiServer({
    port: cfg.apiPort,
    databaseUrl: databaseUrl(cfg),
    storageDir: cfg.storageDir,
    // The site URL and every other auth setting come from supabase/config.toml.
    jwtSecret: LOCAL_DEFAULTS.jwtSecret,
    smtp,
  });
  stops.push(() => api.stop());
  if (opts.stripe) {
    const stripe = await startStripeServer({
      port: cfg.stripePort,
      webhookUrl: `${siteUrl(cfg)}/api/stripe/webhook`,
      webhookSecret: LOCAL_DEFAULTS.stripeWebhookSecret,
      log: (l) => console.log(`[stripe] ${l}`),
    });
    stops.push(() => stripe.stop());
  }
  log(`stand-ins ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return stackEnv(cfg);
}

async function seedIfEmpty(cfg: StackConfig) {
  if (await isSeeded(databaseUrl(cfg))) return;
  const t0 = Date.now();
  log('seeding the catalog, images, content pages, demo people and order history...');
  await seedAll({
    databaseUrl: databaseUrl(cfg),
    supabaseUrl: apiUrl(cfg),
    serviceRoleKey: LOCAL_DEFAULTS.serviceRoleKey,
    cacheDir: join(cfg.dataDir, 'seed-cache'),
    log,
  });
  log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function runNext(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(join(PROJECT_ROOT, 'node_modules', '.bin', 'next'), args, { cwd: PROJECT_ROOT, env, stdio: 'inherit' });
}

function waitExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}

function banner(cfg: StackConfig, hosted: boolean) {
  const lines = [
    '',
    `  Shop         ${siteUrl(cfg)}`,
  ];
  if (!hosted) {
    lines.push(
      `  Mailbox      ${mailboxUrl(cfg)} (sign-up and sign-in mail, and the shop's own mail sent to ${smtpUrl(cfg)})`,
      `  Supabase API ${apiUrl(cfg)}   Postgres ${databaseUrl(cfg)}`,
      `  Stripe       ${stripeApiUrl(cfg)} (offline stand-in)`,
      '',
      `  Demo admin     ${DEMO_USERS.admin.email} / ${DEMO_USERS.admin.password}`,
      `  Demo customer  ${DEMO_USERS.customer.email} / ${DEMO_USERS.customer.password}`,
      '  Test cards     4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; any future expiry, any CVC',
    );
  }
  if (hosted) {
    lines.push('', '  NEXT_PUBLIC_* values are fixed into the browser code at build time: rebuild after changing them.');
  }
  lines.push('', '  Ctrl+C stops everything.', '');
  console.log(lines.join('\n'));
}

async function serve(mode: 'start' | 'dev') {
  const cfg = devConfig();
  const files = loadProjectEnv(process.cwd(), mode === 'dev');
  if (files.length) log(`settings from ${files.join(', ')}`);
  const hosted = isHosted();
  if (hosted) {
    const problems = envProblems();
    if (problems) throw new Error(`${problems}\nNo local stand-in was started: NEXT_PUBLIC_SUPABASE_URL names a hosted project.`);
  }
  let env: NodeJS.ProcessEnv = { ...process.env, ...NEXT_TOOL_ENV };
  if (!hosted) {
    const usingRealStripe = Boolean(process.env.STRIPE_SECRET_KEY);
    const stackVars = await startStack(cfg, { stripe: !usingRealStripe });
    // Variables the developer set win over the local defaults (e.g. real Stripe test keys).
    env = { ...stackVars, ...env };
    if (usingRealStripe) delete env.STRIPE_API_BASE;
    await seedIfEmpty(cfg);
  }
  const port = String(cfg.appPort);
  if (mode === 'start') {
    const build = runNext(['build'], { ...env, NODE_ENV: 'production' });
    const code = await waitExit(build);
    if (code !== 0) throw new Error('next build failed');
  }
  // The production server is `next start` with the front cache of whole pages (scripts/serve.mjs).
  const app =
    mode === 'start'
      ? spawn(process.execPath, [SERVE_SCRIPT, '-p', port], { cwd: PROJECT_ROOT, env: { ...env, NODE_ENV: 'production' }, stdio: 'inherit' })
      : runNext(['dev', '-p', port], { ...env, NODE_ENV: 'development' });
  stops.push(async () => {
    if (app.exitCode === null) {
      app.kill('SIGTERM');
      await waitExit(app);
    }
  });
  banner(cfg, hosted);
  const code = await waitExit(app);
  await stopAll();
  process.exit(code);
}

async function withTemporaryStack<T>(fn: (cfg: StackConfig) => Promise<T>): Promise<T> {
  const cfg = devConfig();
  if (await portInUse(cfg.dbPort)) {
    // The shop is running: work against its stack.
    return fn(cfg);
  }
  await startStack(cfg, { stripe: false });
  try {
    return await fn(cfg);
  } finally {
    await stopAll();
  }
}

async function reset() {
  const cfg = devConfig();
  if (await portInUse(cfg.dbPort)) throw new Error('Stop the running shop (Ctrl+C) before `npm run db:reset`.');
  await rm(cfg.pgDir, { recursive: true, force: true });
  await rm(cfg.storageDir, { recursive: true, force: true });
  await rm(nextDataCacheDir(), { recursive: true, force: true });
  log('local data wiped');
  await withTemporaryStack(seedIfEmpty);
}

async function seed(args: string[]) {
  const i = args.indexOf('--products');
  const products = i >= 0 ? Number(args[i + 1]) : 0;
  if (i >= 0 && (!Number.isInteger(products) || products < 1 || products > 5_000_000)) {
    throw new Error('--products takes a whole number from 1 to 5000000');
  }
  await withTemporaryStack(async (cfg) => {
    await seedIfEmpty(cfg);
    if (products) {
      const result = await seedScale({
        databaseUrl: databaseUrl(cfg),
        supabaseUrl: apiUrl(cfg),
        serviceRoleKey: LOCAL_DEFAULTS.serviceRoleKey,
        products,
        log,
      });
      log(`added ${result.products} products in ${(result.ms / 1000).toFixed(1)} s`);
    }
  });
}

async function main() {
  const [command = 'start', ...rest] = process.argv.slice(2);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void stopAll().then(() => process.exit(130));
    });
  }
  switch (command) {
    case 'start':
    case 'dev':
      return serve(command);
    case 'reset':
      return reset();
    case 'seed':
      return seed(rest);
    default:
      throw new Error(`Unknown command "${command}". Use start, dev, reset or seed.`);
  }
}

main().catch(async (err) => {
  console.error(`\n${err instanceof Error ? err.message : String(err)}\n`);
  await stopAll();
  process.exit(1);
});
