// Back-office speed on a large shop: 100,000 orders with 300,000 items (BENCH_ORDERS) added to the bench stack, then
//   - server time of the dashboard (every period), the orders page (filters, orders, deep pages) and admin search,
//     measured in a child process that calls the same functions the pages call, as the demo admin under RLS, with
//     no cache (the child runs with the react-server condition, as Next.js runs server modules);
//   - the same screens over HTTP from the production server as a signed-in admin (the dashboard as served, with its
//     5-minute admin cache);
//   - first-load JS of the admin pages: the bytes Chromium transfers for scripts (compressed), per page.
// Called from bench/run.ts with the running app's base URL and the stack's database.
import { chromium } from '@playwright/test';
import { createServerClient } from '@supabase/ssr';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { PROJECT_ROOT } from '../local-stack/config';
import { LOCAL_DEFAULTS } from '../lib/core/local-defaults';
import { realtimeOptions } from '../lib/core/supabase/realtime';
import { ensureChromium, CHROMIUM_ARGS } from '../scripts/find-chromium';
import { DEMO_USERS } from '../supabase/seed/demo-users';
import { seedBenchOrders } from './admin-orders';
import { vacuumAllVisible } from '../supabase/seed/vacuum';

const ORDERS = Number(process.env.BENCH_ORDERS) || 100_000;
const RUNS = Number(process.env.BENCH_ADMIN_RUNS) || 40;
const RESULT_TAG = 'ADMIN_RESULT ';

const PERIODS = ['this-month', 'last-month', 'last-30-days', 'all-time'] as const;
const ORDER_VIEWS = [
  { name: 'all_newest_p1', status: null, sort: 'newest', page: 1 },
  { name: 'all_oldest_p1', status: null, sort: 'oldest', page: 1 },
  { name: 'all_newest_p2500', status: null, sort: 'newest', page: 2500 },
  { name: 'all_newest_last', status: null, sort: 'newest', page: 1_000_000 },
  { name: 'pending_newest_p1', status: 'pending', sort: 'newest', page: 1 },
  { name: 'completed_oldest_p1500', status: 'completed', sort: 'oldest', page: 1500 },
  { name: 'refunded_newest_last', status: 'refunded', sort: 'newest', page: 1_000_000 },
] as const;
const SEARCHES = ['gold', 'ri', 'gold ring', 'sapphire halo', 'diamond pendant rose', 'zzqx', 'RNG-S00001234', 'br'];

/** Nearest-rank percentile of sorted times, one decimal. */
function pct(sorted: number[], q: number): number {
  return +sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!.toFixed(1);
}

function summary(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  return { runs: s.length, p50_ms: pct(s, 0.5), p95_ms: pct(s, 0.95), max_ms: pct(s, 1) };
}

async function timed(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm: connections, plans
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times;
}

/** The demo admin's session cookies, as @supabase/ssr writes them for a browser. */
async function adminCookies(supabaseUrl: string): Promise<{ name: string; value: string }[]> {
  const jar = new Map<string, string>();
  const client = createServerClient(supabaseUrl, LOCAL_DEFAULTS.anonKey, {
    realtime: realtimeOptions,
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (list) => list.forEach(({ name, value }) => (value ? jar.set(name, value) : jar.delete(name))),
    },
  });
  const { error } = await client.auth.signInWithPassword({ email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password });
  if (error) throw new Error(`admin sign-in failed: ${error.message}`);
  return [...jar].map(([name, value]) => ({ name, value }));
}

/** Server time of the data functions, uncached, in a react-server child process on the same stack. */
function serverTimes(env: NodeJS.ProcessEnv): Promise<Record<string, unknown>> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', fileURLToPath(import.meta.url), '--child'], {
    cwd: PROJECT_ROOT,
    env: { ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT_TAG));
      if (code !== 0 || !line) reject(new Error(`admin server-time bench failed (exit ${code})`));
      else resolve(JSON.parse(line.slice(RESULT_TAG.length)) as Record<string, unknown>);
    }),
  );
}

async function child() {
  const { loadDashboard } = await import('../lib/admin/dashboard/load');
  const { loadAdminOrders } = await import('../lib/admin/orders/list');
  const { searchAdminProducts } = await import('../lib/admin/search/query');
  const { db } = await import('../lib/core/db');
  const { env } = await import('../lib/core/env');
  const sql = db();
  const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  const actor = { role: 'authenticated' as const, userId: admin!.id, email: DEMO_USERS.admin.email };
  const timeZone = env().SHOP_TIME_ZONE;
  const out: Record<string, unknown> = {};
  for (const period of PERIODS) {
    out[`dashboard_${period}`] = summary(await timed(RUNS, () => loadDashboard(actor, period, { now: new Date(), timeZone })));
  }
  for (const view of ORDER_VIEWS) {
    out[`orders_${view.name}`] = summary(await timed(RUNS, () => loadAdminOrders(actor, view, timeZone)));
  }
  const search: number[] = [];
  for (const q of SEARCHES) search.push(...(await timed(Math.ceil(RUNS / 2), () => searchAdminProducts(actor, q))));
  out.search_all_queries = summary(search);
  await sql.end();
  process.stdout.write(`${RESULT_TAG}${JSON.stringify(out)}\n`);
}

async function overHttp(base: string, cookie: string) {
  const get = async (path: string) => {
    const res = await fetch(base + path, { headers: { cookie }, redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  };
  const out: Record<string, unknown> = {};
  for (const period of PERIODS) out[`dashboard_page_${period}`] = summary(await timed(RUNS, () => get(`/admin/dashboard?period=${period}`)));
  const orderPages: number[] = [];
  for (const path of ['/admin/orders', '/admin/orders?sort=oldest', '/admin/orders?page=2500', '/admin/orders?status=completed&page=1500', '/admin/orders?status=pending']) {
    orderPages.push(...(await timed(Math.ceil(RUNS / 4), () => get(path))));
  }
  out.orders_page_mixed = summary(orderPages);
  const search: number[] = [];
  for (const q of SEARCHES) search.push(...(await timed(Math.ceil(RUNS / 4), () => get(`/api/admin/search?q=${encodeURIComponent(q)}`))));
  out.search_endpoint = summary(search);
  return out;
}

/** Script bytes Chromium transfers (compressed) on a first visit of each admin page, caches empty. */
async function firstLoadJs(base: string, cookies: { name: string; value: string }[]) {
  const browser = await chromium.launch({ executablePath: ensureChromium(() => {}), args: CHROMIUM_ARGS });
  const out: Record<string, { scripts: number; transferred_kb: number }> = {};
  try {
    for (const path of ['/admin/login', '/admin/dashboard', '/admin/orders', '/admin/pages']) {
      const context = await browser.newContext();
      if (path !== '/admin/login') await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
      });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const sizes = await Promise.all(scripts);
      out[path] = { scripts: sizes.length, transferred_kb: +(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(1) };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export async function benchAdmin(opts: { base: string; databaseUrl: string; supabaseUrl: string; env: NodeJS.ProcessEnv }) {
  const sql = postgres(opts.databaseUrl, { max: 2, onnotice: () => {} });
  let seeded;
  try {
    seeded = await seedBenchOrders(sql, ORDERS);
    await vacuumAllVisible(sql, ['orders', 'order_items', 'transactions']);
  } finally {
    await sql.end();
  }
  console.log(`admin: seeded ${seeded.orders} orders, ${seeded.items} items in ${(seeded.ms / 1000).toFixed(1)} s`);
  const server = await serverTimes(opts.env);
  console.log('admin server time (uncached):', server);
  const cookies = await adminCookies(opts.supabaseUrl);
  const http = await overHttp(opts.base, cookies.map((c) => `${c.name}=${c.value}`).join('; '));
  console.log('admin over HTTP:', http);
  const js = await firstLoadJs(opts.base, cookies);
  console.log('admin first-load JS:', js);
  return { orders: seeded.orders, items: seeded.items, seed_s: +(seeded.ms / 1000).toFixed(1), server_time: server, http, first_load_js: js };
}

if (process.argv.includes('--child')) {
  child().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
