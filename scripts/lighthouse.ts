// npm run lighthouse — Lighthouse (mobile, default config) on the home page, a category listing and a product page,
// against a production build served on a seeded test stack, in the system Chromium. Prints the median of
// LIGHTHOUSE_RUNS (default 3) runs per page, after one unmeasured run, with the JavaScript and font bytes the browser fetched before the load
// event (transfer sizes, as served: brotli to a browser that takes it). Not part of npm test: the figures depend on the machine's load.
//   LIGHTHOUSE_SKIP_BUILD=1 reuses the last build in .next-lighthouse; results go to bench/results/lighthouse.json;
//   LIGHTHOUSE_SAVE_DIR=<folder> also keeps every full report there; LIGHTHOUSE_PAGES=home,listing,product picks pages.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import postgres from 'postgres';
import { CHROMIUM_ARGS, ensureChromium } from './find-chromium';
import { databaseUrl, NEXT_TOOL_ENV, nextDataCacheDir, PROJECT_ROOT, SERVE_SCRIPT, siteUrl, stackEnv, testConfig } from '../local-stack/config';
import { productPath, type Category } from '../lib/catalog/categories';
import { startTestStack } from '../tests/support/stack';
import { waitForHttp } from './wait-for-http';
import { loadAverage, waitForQuiet } from './wait-for-quiet';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 3;
const DIST = '.next-lighthouse';
const cfg = testConfig(Number(process.env.STACK_TEST_PORT_BASE) || 25600);
const bin = (name: string) => join(PROJECT_ROOT, 'node_modules', '.bin', name);

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  fontBytes: number;
  cssBytes: number;
  renderBlocking: number;
  /** Each script fetched before load, for finding what to trim. */
  scripts: Array<{ url: string; bytes: number }>;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkRequestTime?: number;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function audit(url: string, port: number, attempt = 1): Promise<RunFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (process.env.LIGHTHOUSE_SAVE_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`;
    await writeFile(join(process.env.LIGHTHOUSE_SAVE_DIR, name), JSON.stringify(lhr));
  }
  // A trace can come back incomplete on a busy machine (NO_NAVSTART and the like): such a run is repeated.
  if (lhr.runtimeError && attempt < 3) return audit(url, port, attempt + 1);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const metrics = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0] ?? {};
  const loadMs = metrics.observedLoad ?? Number.POSITIVE_INFINITY;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (r) => (r.networkRequestTime ?? 0) <= loadMs,
  );
  const bytes = (type: string) => requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const blocking = (lhr.audits['render-blocking-resources']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: bytes('Script'),
    fontBytes: bytes('Font'),
    cssBytes: bytes('Stylesheet'),
    renderBlocking: blocking,
    scripts: requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ url: new URL(r.url).pathname, bytes: r.transferSize ?? 0 })),
  };
}

async function productUrl(): Promise<string> {
  const sql = postgres(databaseUrl(cfg), { max: 1 });
  try {
    const [row] = await sql<{ id: string; category: Category }[]>`
      select id, category from catalog_products where category = 'rings' order by created_at desc, id desc limit 1`;
    if (!row) throw new Error('the seeded catalog has no ring');
    return productPath(row.category, row.id);
  } finally {
    await sql.end();
  }
}

function summarise(page: string, runs: RunFigures[]) {
  const m = (key: Exclude<keyof RunFigures, 'scripts'>) => median(runs.map((r) => r[key]));
  const range = (key: 'lcpMs' | 'tbtMs') => {
    const v = runs.map((r) => r[key]);
    return `${(Math.min(...v) / (key === 'lcpMs' ? 1000 : 1)).toFixed(key === 'lcpMs' ? 1 : 0)}–${(
      Math.max(...v) / (key === 'lcpMs' ? 1000 : 1)
    ).toFixed(key === 'lcpMs' ? 1 : 0)}`;
  };
  return {
    page,
    performance: m('performance'),
    lcp: `${range('lcpMs')} s`,
    tbt: `${range('tbtMs')} ms`,
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    cls: m('cls'),
    jsKb: +(m('jsBytes') / 1024).toFixed(1),
    fontKb: +(m('fontBytes') / 1024).toFixed(1),
    cssKb: +(m('cssBytes') / 1024).toFixed(1),
    renderBlocking: m('renderBlocking'),
    runs,
  };
}

async function main() {
  const chromePath = ensureChromium();
  const stack = await startTestStack(cfg);
  let app: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const env = { ...process.env, ...stackEnv(cfg), NEXT_DIST_DIR: DIST, ...NEXT_TOOL_ENV, NODE_ENV: 'production' as const };
    await rm(nextDataCacheDir(DIST), { recursive: true, force: true });
    if (!process.env.LIGHTHOUSE_SKIP_BUILD) {
      console.log('building...');
      if ((await run(bin('next'), ['build'], env)) !== 0) throw new Error('next build failed');
    }
    app = spawn(process.execPath, [SERVE_SCRIPT, '-p', String(cfg.appPort), '-H', '127.0.0.1'], { cwd: PROJECT_ROOT, env, stdio: 'ignore' });
    const base = siteUrl(cfg);
    await waitForHttp(`${base}/robots.txt`);
    const all = ['/', '/category/rings', await productUrl()];
    // LIGHTHOUSE_PAGES=listing,product measures only those (home, listing, product).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
    const pages = only ? all.filter((_, i) => only.includes(['home', 'listing', 'product'][i]!)) : all;
    // First requests render and cache each page; Lighthouse measures what a visitor gets afterwards.
    for (const path of pages) await (await fetch(base + path)).arrayBuffer();

    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    const rows = [];
    const loads: number[] = [];
    for (const path of pages) {
      const runs: RunFigures[] = [];
      // One unmeasured run first: it makes the image optimizer resize the page's images for this viewport, which a
      // server does once per image and width, not per visitor.
      await audit(base + path, chrome.port);
      for (let i = 0; i < RUNS; i++) {
        loads.push(await waitForQuiet());
        runs.push(await audit(base + path, chrome.port));
      }
      rows.push(summarise(path.startsWith('/rings/') ? 'a product page' : path, runs));
    }
    loads.push(await loadAverage());
    console.log(`\nLighthouse ${RUNS}× per page, mobile default config (median; LCP and TBT as min–max)`);
    console.log(`1-minute load average before the runs: ${Math.min(...loads)}–${Math.max(...loads)}\n`);
    console.log('| page | performance | LCP | TBT | a11y | best practices | SEO | CLS | JS before load (kB) | fonts (kB) | CSS (kB) | render-blocking |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| \`${r.page}\` | ${r.performance} | ${r.lcp} | ${r.tbt} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.cls} | ${r.jsKb} | ${r.fontKb} | ${r.cssKb} | ${r.renderBlocking} |`,
      );
    }
    await mkdir(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true });
    await writeFile(
      join(PROJECT_ROOT, 'bench', 'results', 'lighthouse.json'),
      JSON.stringify({ date: new Date().toISOString(), runs: RUNS, load_average: loads, pages: rows }, null, 2),
    );
  } finally {
    chrome?.kill();
    app?.kill('SIGTERM');
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
