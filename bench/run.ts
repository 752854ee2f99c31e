// npm run bench — speed and memory figures on a large generated catalog, against a production build.
//   BENCH_PRODUCTS (default 100000) products are generated; results go to bench/results/latest.json.
// Each page figure is reported beside a static file of the same size served by the same server, so the numbers
// say what the page costs over the server's own floor.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiUrl, databaseUrl, NEXT_TOOL_ENV, nextDataCacheDir, PROJECT_ROOT, SERVE_SCRIPT, siteUrl, stackEnv, testConfig } from '../local-stack/config';
import { LOCAL_DEFAULTS } from '../lib/core/local-defaults';
import { startTestStack } from '../tests/support/stack';
import { seedScale } from '../supabase/seed';
import { benchAdmin } from './admin';
import { benchFulfilment } from './fulfilment';
import { benchAccount } from './account';
import { benchSearch } from './search';
import { waitForHttp } from '../scripts/wait-for-http';
import postgres from 'postgres';
import { adminCookie, benchCatalogAdmin, benchImports, importRows } from './catalog-admin';
import { benchCatalogList } from './catalog-list';
import { benchDocuments } from './documents';
import { benchListingSql, uncachedViews } from './listing';
import { loadAverage, waitForQuiet } from '../scripts/wait-for-quiet';
import { ServerLog, WATCHED_SERVER_ARGS } from '../tests/support/server-log';
import { workerPlan } from '../lib/core/http/workers.mjs';
import { benchSoak, benchWorkers, serverRss } from './workers';
import { benchMail } from './mail';
import { benchWholesale } from './wholesale';
import { benchPriceListImport } from './price-list-import';
import { benchPriceViews } from './price-views';
import { benchCustomers } from './customers';
import { benchReceivables } from './receivables';
import { benchOrdersDesk } from './orders-desk';
import { benchShippingEstimate } from './shipping';
import { vacuumAllVisible } from '../supabase/seed/vacuum';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS) || 100_000;
const DURATION = Number(process.env.BENCH_SECONDS) || 10;
const cfg = testConfig(Number(process.env.STACK_TEST_PORT_BASE) || 25600);
const DIST = '.next-bench';
// BENCH_ONLY=storefront measures the shop's pages and search only (no account, admin or fulfilment parts).
const STOREFRONT_ONLY = process.env.BENCH_ONLY === 'storefront';
// BENCH_ONLY=soak: the mixed load for BENCH_SOAK_MINUTES (default 10) with each worker's memory over time, only.
const SOAK_ONLY = process.env.BENCH_ONLY === 'soak';
// BENCH_ONLY=mail: the outbox's drain by two servers, only (on the seeded catalog, without the large one).
const MAIL_ONLY = process.env.BENCH_ONLY === 'mail';
// BENCH_ONLY=wholesale: quick order, the SKU autocomplete and checkout creation with volume breaks, only (no build).
const WHOLESALE_ONLY = process.env.BENCH_ONLY === 'wholesale';
// BENCH_ONLY=price-list: the back office's 10,000-row price list import, only (no build).
const PRICE_LIST_ONLY = process.env.BENCH_ONLY === 'price-list';
// BENCH_ONLY=customers: the Customers screen and the header search at 20,000 customers and 100,000 orders, only (no build).
const CUSTOMERS_ONLY = process.env.BENCH_ONLY === 'customers';
// BENCH_ONLY=receivables: the Receivables screen and its CSV at 10,000 open invoices on terms, only (no build, no catalog).
const RECEIVABLES_ONLY = process.env.BENCH_ONLY === 'receivables';
// BENCH_ONLY=orders-desk: the orders screen's search and the pick list at 1,000,000 orders, only (no build, no large catalog).
const ORDERS_DESK_ONLY = process.env.BENCH_ONLY === 'orders-desk';
// BENCH_ONLY=catalog-list: the category screens' list view and a bulk price change of every ring, only.
const CATALOG_LIST_ONLY = process.env.BENCH_ONLY === 'catalog-list';
// BENCH_ONLY=import: the catalog import of BENCH_IMPORT_ROWS rows (100,000 by default here) with the workers' memory, only.
const IMPORT_ONLY = process.env.BENCH_ONLY === 'import';
// BENCH_ONLY=documents: the invoice PDF's downloads on the production server, only.
const DOCUMENTS_ONLY = process.env.BENCH_ONLY === 'documents';
// BENCH_ONLY=workers: 1 worker against N side by side (uncached listing, Orders tab, admin category, search), only.
const WORKERS_ONLY = process.env.BENCH_ONLY === 'workers';
// BENCH_ONLY=shipping: the cart's shipping estimate on the production server, only.
const SHIPPING_ONLY = process.env.BENCH_ONLY === 'shipping';
// BENCH_ONLY=price-views: a price group's buyer against a visitor (cached listing, uncached product pages), only.
const PRICE_VIEWS_ONLY = process.env.BENCH_ONLY === 'price-views';
/** The two mail servers' first port, clear of the workers' side-by-side servers (appPort + 10…). */
const mailPort = () => cfg.appPort + 20;
// Every server's output is watched: a `⨯` error line (a failed render, a broken stream) fails the bench.
const serverLog = new ServerLog();
const results: Record<string, unknown> = { products: PRODUCTS, duration_s: DURATION, date: new Date().toISOString() };

function spawnNext(args: string[], env: NodeJS.ProcessEnv, capture = false): ChildProcess {
  return spawn(join(PROJECT_ROOT, 'node_modules', '.bin', 'next'), args, {
    cwd: PROJECT_ROOT,
    env,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : ['ignore', 'ignore', 'inherit'],
  });
}

/** The q-th percentile (0..1) of response times, nearest-rank. */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);
}

async function load(url: string, connections = 10) {
  // autocannon's summary has p90 and p97.5 but no p95, so every response time is kept and the percentiles computed.
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: DURATION }, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  times.sort((a, b) => a - b);
  return {
    p50_ms: percentile(times, 0.5),
    p95_ms: percentile(times, 0.95),
    p99_ms: percentile(times, 0.99),
    rps: Math.round(r.requests.average),
  };
}

const PAGES = [
  ['category_page', '/category/rings'],
  ['products_page_500', '/products?page=500'],
  ['home', '/'],
  ['search_endpoint', '/api/search?q=gold%20ring'],
  ['search_page', '/search?q=gold%20ring'],
] as const;

const staticPath = (bytes: number) => join(PROJECT_ROOT, 'public', `bench-static-${bytes}.html`);

/**
 * After a restart a cached page is first served STALE while it renders again in the background: the page is asked
 * for until the cache answers HIT (pages rendered per request carry no x-nextjs-cache), so the load measures the
 * warm cache, not re-renders.
 */
async function warm(url: string) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(url);
    await res.arrayBuffer();
    const cache = res.headers.get('x-nextjs-cache');
    if (cache === null || cache === 'HIT') return cache;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never came from the cache`);
}

async function measurePage(name: string, path: string, body: Buffer, base: string) {
  await fetch(`${base}/bench-static-${body.length}.html`); // warm
  const cache = await warm(base + path);
  const loadAvg = await waitForQuiet();
  const page = await load(base + path);
  const staticFile = await load(`${base}/bench-static-${body.length}.html`);
  const ratio = +(page.p95_ms / staticFile.p95_ms).toFixed(2);
  results[name] = { path, bytes: body.length, gzip_bytes: gzipSync(body).length, cache, load_average: loadAvg, page, static_same_size: staticFile, p95_ratio: ratio };
  console.log(`${name.padEnd(22)} p95 ${page.p95_ms} ms (static ${staticFile.p95_ms} ms, ×${ratio})  ${page.rps} req/s  ${body.length} B  cache ${cache ?? '-'}  load ${loadAvg}`);
}

/**
 * Listing pages are cached after their first render, so the load figures above are mostly cache hits. This renders
 * pages nobody has asked for yet, one after another, to show what a cache miss costs (SQL plus rendering).
 */
async function measureUncached(base: string) {
  const paths = uncachedViews().map((v) => v.path);
  const loadAvg = await waitForQuiet();
  const times: number[] = [];
  for (const path of paths) {
    const t0 = performance.now();
    const res = await fetch(base + path);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  results.uncached_listing_pages = {
    pages: paths.length,
    load_average: loadAvg,
    p50_ms: percentile(times, 0.5),
    p95_ms: percentile(times, 0.95),
    max_ms: percentile(times, 1),
  };
  console.log('uncached listing pages:', results.uncached_listing_pages);
}

function firstLoadJs(buildOutput: string) {
  // Next prints "Route (app)  Size  First Load JS" rows, sizes gzipped.
  const rows: Record<string, string> = {};
  for (const line of buildOutput.split('\n')) {
    const m = line.match(/^[│├└┌ ]+\s*[○●ƒλ◐]?\s*(\/\S*)\s+([\d.]+ k?B)\s+([\d.]+ k?B)/);
    if (m) rows[m[1]!] = m[3]!;
  }
  return rows;
}

/** Links to product pages on the first listing pages, for the soak's mix. */
async function productPaths(base: string): Promise<string[]> {
  const paths = new Set<string>();
  for (let page = 1; page <= 10; page++) {
    const html = await (await fetch(`${base}/products?page=${page}`)).text();
    for (const m of html.matchAll(/href="(\/[a-z-]+\/[0-9a-f]{8}-[0-9a-f-]{27})"/g)) paths.add(m[1]!);
  }
  if (paths.size === 0) throw new Error('no product links on the listing pages');
  return [...paths];
}

async function main() {
  await mkdir(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true });
  const stack = await startTestStack(cfg, { log: serverLog.standIn });
  let app: ChildProcess | undefined;
  try {
    const t0 = Date.now();
    if (ORDERS_DESK_ONLY) {
      results.orders_desk = await benchOrdersDesk(databaseUrl(cfg), stackEnv(cfg));
      console.log('orders desk:', JSON.stringify(results.orders_desk));
      await finish();
      return;
    }
    if (RECEIVABLES_ONLY) {
      results.receivables = await benchReceivables(databaseUrl(cfg), stackEnv(cfg));
      console.log('receivables:', JSON.stringify(results.receivables));
      await finish();
      return;
    }
    if (!MAIL_ONLY) {
      const scale = await seedScale({
        databaseUrl: databaseUrl(cfg),
        supabaseUrl: apiUrl(cfg),
        serviceRoleKey: LOCAL_DEFAULTS.serviceRoleKey,
        products: PRODUCTS,
        log: () => {},
      });
      results.seed_scale = { products: scale.products, seconds: +(scale.ms / 1000).toFixed(1), wall_s: +((Date.now() - t0) / 1000).toFixed(1) };
      console.log(`seeded ${scale.products} products in ${(scale.ms / 1000).toFixed(1)} s`);
    }

    if (CUSTOMERS_ONLY) {
      results.customers = await benchCustomers(databaseUrl(cfg), stackEnv(cfg));
      console.log('customers:', JSON.stringify(results.customers));
      await finish();
      return;
    }

    if (PRICE_LIST_ONLY) {
      results.price_list_import = await benchPriceListImport(stackEnv(cfg));
      console.log('price list import:', JSON.stringify(results.price_list_import));
      await finish();
      return;
    }

    if (WHOLESALE_ONLY) {
      results.wholesale = await benchWholesale(stackEnv(cfg));
      console.log('wholesale:', JSON.stringify(results.wholesale));
      await finish();
      return;
    }

    const env = { ...process.env, ...stackEnv(cfg), NEXT_DIST_DIR: DIST, ...NEXT_TOOL_ENV, NODE_ENV: 'production' as const };
    await rm(nextDataCacheDir(DIST), { recursive: true, force: true });
    const build = spawnNext(['build'], env, true);
    let out = '';
    build.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const code = await new Promise<number>((r) => build.on('exit', (c) => r(c ?? 1)));
    if (code !== 0) throw new Error(`next build failed:\n${out}`);
    results.first_load_js = firstLoadJs(out);
    console.log('first-load JS (gzip):', results.first_load_js);

    if (MAIL_ONLY) {
      results.mail = await benchMail({ cfg, env, port: mailPort(), log: serverLog });
      console.log('mail:', results.mail);
      await finish();
      return;
    }

    const base = siteUrl(cfg).replace('localhost', '127.0.0.1');
    const start = async () => {
      const server = spawn(process.execPath, [...WATCHED_SERVER_ARGS, SERVE_SCRIPT, '-p', String(cfg.appPort), '-H', '127.0.0.1'], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      serverLog.watch(server, 'bench');
      await waitForHttp(`${base}/robots.txt`);
      return server;
    };
    // A static file of each page's size sits beside it in public/; `next start` reads that folder when it starts,
    // so the pages are fetched first and the server restarted with the files in place.
    app = await start();
    const bodies = new Map<string, Buffer>();
    for (const [name, path] of PAGES) {
      const body = Buffer.from(await (await fetch(base + path)).arrayBuffer());
      bodies.set(name, body);
      await writeFile(staticPath(body.length), body);
    }
    const first = app;
    await new Promise((r) => {
      first.once('exit', r);
      first.kill('SIGTERM');
    });
    app = await start();
    if (PRICE_VIEWS_ONLY) {
      results.price_views = await benchPriceViews({ base, databaseUrl: databaseUrl(cfg), supabaseUrl: apiUrl(cfg), seconds: DURATION });
      await finish();
      return;
    }
    if (SHIPPING_ONLY) {
      results.shipping_estimate = await benchShippingEstimate(base, databaseUrl(cfg));
      console.log('shipping estimate (50 lines):', results.shipping_estimate);
      await finish();
      return;
    }
    if (DOCUMENTS_ONLY) {
      results.invoice_pdf = await benchDocuments({ base, databaseUrl: databaseUrl(cfg) });
      console.log('invoice PDF (20 lines):', results.invoice_pdf);
      await finish();
      return;
    }
    if (IMPORT_ONLY) {
      const target = { base, supabaseUrl: apiUrl(cfg), databaseUrl: databaseUrl(cfg), distDir: DIST, durationSeconds: DURATION, serverPid: app.pid! };
      results.workers = workerPlan(env);
      const sql = postgres(target.databaseUrl, { max: 2, onnotice: () => {} });
      // The catalog as a running shop has it: the seed's million new rows vacuumed and analysed, not being vacuumed
      // by Postgres in the background while the import is timed.
      await vacuumAllVisible(sql, ['bracelets', 'product_images']);
      results.load_before_import = await waitForQuiet();
      results.imports = await benchImports(target, await adminCookie(target.supabaseUrl), sql, importRows(100_000), app.pid!).finally(() => sql.end());
      console.log('import:', JSON.stringify(results.imports));
      await finish();
      return;
    }
    if (CATALOG_LIST_ONLY) {
      results.catalog_list = await benchCatalogList({ base, supabaseUrl: apiUrl(cfg), databaseUrl: databaseUrl(cfg), distDir: DIST, durationSeconds: DURATION, env: stackEnv(cfg) });
      await finish();
      return;
    }
    results.workers = workerPlan(env);
    // 1 worker against N, on a server of their own (the main one stopped, so the two sides have the machine alike).
    const sideBySide = async (server: ChildProcess) => {
      await new Promise((r) => {
        server.once('exit', r);
        server.kill('SIGTERM');
      });
      app = undefined;
      const n = (results.workers as { workers: number }).workers;
      results.workers_side_by_side = await benchWorkers({ cfg, env, port: cfg.appPort + 10, sides: n > 1 ? [1, n] : [1], seconds: DURATION, log: serverLog });
    };
    if (WORKERS_ONLY) {
      await sideBySide(app);
      await finish();
      return;
    }
    results.rss_idle = await serverRss(app.pid!);
    if (SOAK_ONLY) {
      results.soak = await benchSoak({ child: app, base, stop: async () => {} }, await productPaths(base), Number(process.env.BENCH_SOAK_MINUTES) || 10);
      console.log('soak:', JSON.stringify(results.soak));
      await finish();
      return;
    }
    for (const [name, path] of PAGES) await measurePage(name, path, bodies.get(name)!, base);
    await measureUncached(base);
    results.price_views = await benchPriceViews({ base, databaseUrl: databaseUrl(cfg), supabaseUrl: apiUrl(cfg), seconds: DURATION });
    results.shipping_estimate = await benchShippingEstimate(base, databaseUrl(cfg));
    console.log('shipping estimate (50 lines):', results.shipping_estimate);
    results.uncached_listing_sql = await benchListingSql(stackEnv(cfg));
    console.log('uncached listing SQL:', results.uncached_listing_sql);
    if (!STOREFRONT_ONLY) {
      results.account_dashboard = await benchAccount(base, cfg);
      results.admin = await benchAdmin({ base, databaseUrl: databaseUrl(cfg), supabaseUrl: apiUrl(cfg), env });
      // On the admin part's 100,000 orders.
      results.customers = await benchCustomers(databaseUrl(cfg), stackEnv(cfg));
      console.log('customers:', JSON.stringify(results.customers));
      await waitForQuiet();
      results.receivables = await benchReceivables(databaseUrl(cfg), stackEnv(cfg));
      console.log('receivables:', JSON.stringify(results.receivables));
      await waitForQuiet();
      results.invoice_pdf = await benchDocuments({ base, databaseUrl: databaseUrl(cfg) });
      console.log('invoice PDF (20 lines):', results.invoice_pdf);
    }
    results.rss_after_load = await serverRss(app.pid!);
    if (!STOREFRONT_ONLY) {
      results.catalog_admin = await benchCatalogAdmin({ base, supabaseUrl: apiUrl(cfg), databaseUrl: databaseUrl(cfg), distDir: DIST, durationSeconds: DURATION, serverPid: app.pid! });
      results.catalog_list = await benchCatalogList({ base, supabaseUrl: apiUrl(cfg), databaseUrl: databaseUrl(cfg), distDir: DIST, durationSeconds: DURATION, env: stackEnv(cfg) });
    }
    console.log(`server RSS (MB): idle ${JSON.stringify(results.rss_idle)}, after load ${JSON.stringify(results.rss_after_load)}`);
    if (!STOREFRONT_ONLY) {
      await sideBySide(app);
      results.mail = await benchMail({ cfg, env, port: mailPort(), log: serverLog });
      console.log('mail:', results.mail);
    }
    await waitForQuiet();
    results.search_queries = await benchSearch(stackEnv(cfg));
    console.log('search queries:', results.search_queries);
    results.wholesale = await benchWholesale(stackEnv(cfg));
    console.log('wholesale:', JSON.stringify(results.wholesale));
    results.price_list_import = await benchPriceListImport(stackEnv(cfg));
    console.log('price list import:', JSON.stringify(results.price_list_import));
    if (!STOREFRONT_ONLY) {
      // Last: it grows the admin part's orders to a million.
      await waitForQuiet();
      results.orders_desk = await benchOrdersDesk(databaseUrl(cfg), stackEnv(cfg));
      console.log('orders desk:', JSON.stringify(results.orders_desk));
    }
  } finally {
    app?.kill('SIGTERM');
    await stack.stop();
    for (const file of await readdir(join(PROJECT_ROOT, 'public'))) {
      if (file.startsWith('bench-static-')) await rm(join(PROJECT_ROOT, 'public', file), { force: true });
    }
  }
  if (!STOREFRONT_ONLY) {
    results.fulfilment = await benchFulfilment();
    console.log('fulfilment:', results.fulfilment);
  }
  await finish();
}

/** Writes the figures, then fails the run on any server error line. */
async function finish() {
  results.load_average_at_end = await loadAverage();
  results.server_log_errors = serverLog.errors;
  const file = SOAK_ONLY ? 'latest-soak.json' : WORKERS_ONLY ? 'latest-workers.json' : CATALOG_LIST_ONLY ? 'latest-catalog-list.json' : DOCUMENTS_ONLY ? 'latest-documents.json' : IMPORT_ONLY ? 'latest-import.json' : SHIPPING_ONLY ? 'latest-shipping.json' : PRICE_VIEWS_ONLY ? 'latest-price-views.json' : MAIL_ONLY ? 'latest-mail.json' : WHOLESALE_ONLY ? 'latest-wholesale.json' : PRICE_LIST_ONLY ? 'latest-price-list.json' : CUSTOMERS_ONLY ? 'latest-customers.json' : RECEIVABLES_ONLY ? 'latest-receivables.json' : ORDERS_DESK_ONLY ? 'latest-orders-desk.json' : 'latest.json';
  await writeFile(join(PROJECT_ROOT, 'bench', 'results', file), JSON.stringify(results, null, 2));
  console.log(`\nwritten to bench/results/${file}`);
  const errors = serverLog.report();
  if (errors) throw new Error(errors);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
