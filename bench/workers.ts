// Workers: the same pages under 10 connections against a server of 1 worker and one of N (WEB_CONCURRENCY), side
// by side in one run, with each worker's memory after the load; and the soak (BENCH_ONLY=soak): a mixed load for
// BENCH_SOAK_MINUTES (default 10) with each worker's RSS sampled every 30 s.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT, SERVE_SCRIPT, type StackConfig } from '../local-stack/config';
import { waitForHttp } from '../scripts/wait-for-http';
import { loadAverage, waitForQuiet } from '../scripts/wait-for-quiet';
import { WATCHED_SERVER_ARGS, type ServerLog } from '../tests/support/server-log';
import { seedCustomer, sessionCookie } from './account';
import { adminCookie, pageLoad } from './catalog-admin';

export interface BenchServer {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** Starts scripts/serve.mjs with `workers` workers on `port`, its output watched by `log`. */
export async function startServer(port: number, env: NodeJS.ProcessEnv, workers: number | undefined, log: ServerLog, name: string): Promise<BenchServer> {
  const child = spawn(process.execPath, [...WATCHED_SERVER_ARGS, SERVE_SCRIPT, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: PROJECT_ROOT,
    env: workers ? { ...env, WEB_CONCURRENCY: String(workers) } : env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  log.watch(child, name);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/robots.txt`);
  return {
    child,
    base,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

/** CPU time (ms) a process has used, every thread, with its children that have ended (Linux counts 100 ticks a second). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces): utime, stime, cutime and cstime are the 12th to 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return ((fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0)) * 10;
}

/** The pids of a process's live children: a server's workers, or Postgres's backends. */
async function childrenOf(pid: number): Promise<number[]> {
  return (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')).split(' ').filter(Boolean).map(Number);
}

/** CPU time (ms) of a process and of its live children: a server's primary and workers, or Postgres and its backends. */
async function treeCpuMs(pid: number): Promise<number> {
  let total = await cpuMsOf(pid);
  for (const child of await childrenOf(pid)) total += await cpuMsOf(child);
  return total;
}

/**
 * Where the machine's CPU went while `measure` served its `requests`: per request, in the server
 * (primary and workers), in Postgres and in this process (the load generator and the Auth and Stripe stand-ins);
 * and the cores each used. With both cores busy, the side with more workers can only use what the others leave.
 */
export async function cpuDuring<T extends { requests: number }>(serverPid: number, postgresPid: number, measure: () => Promise<T>) {
  const before = { server: await treeCpuMs(serverPid), postgres: await treeCpuMs(postgresPid), bench: process.cpuUsage(), at: performance.now() };
  const result = await measure();
  const ms = performance.now() - before.at;
  const own = process.cpuUsage(before.bench);
  const used = { server: (await treeCpuMs(serverPid)) - before.server, postgres: (await treeCpuMs(postgresPid)) - before.postgres, bench: (own.user + own.system) / 1000 };
  const per = (v: number) => +(v / Math.max(1, result.requests)).toFixed(1);
  const cores = (v: number) => +(v / ms).toFixed(2);
  return {
    ...result,
    cpu_ms_per_request: { server: per(used.server), postgres: per(used.postgres), bench: per(used.bench) },
    cores: { server: cores(used.server), postgres: cores(used.postgres), bench: cores(used.bench) },
  };
}

/** Fixed work for one process: objects built, turned into JSON and back, as a render allocates. */
const SPIN = `const t=performance.now();let k=[];for(let r=0;r<120;r++){const a=[];for(let i=0;i<5000;i++)a.push({id:'p'+i+r,n:'Ring '+i,p:i*1.5,t:['a',String(i)]});k.push(JSON.parse(JSON.stringify(a))[r]);if(k.length>50)k=[]}console.log(performance.now()-t)`;

async function spin(count: number): Promise<number[]> {
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', SPIN], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.once('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`spin exited with ${code}`))));
    });
  return Promise.all(Array.from({ length: count }, one));
}

/**
 * How far this machine's cores run side by side: the same work in one process, then in `cores` at once. A speedup
 * near `cores` means independent cores; near 1, cores that share one (hyperthreads). The N-worker side can gain no
 * more than this, and less while Postgres and this process take their share.
 */
export async function coreScaling(cores: number) {
  const alone = Math.min(...(await spin(1)), ...(await spin(1)));
  const together = await spin(cores);
  const slowest = Math.max(...together);
  return { processes: cores, alone_ms: Math.round(alone), together_ms: together.map(Math.round), speedup: +((cores * alone) / slowest).toFixed(2) };
}

/** Resident memory (MB) of a server's primary and of each of its workers. */
export async function serverRss(pid: number): Promise<{ primary_mb: number; workers_mb: Record<string, number> }> {
  const workers: Record<string, number> = {};
  for (const child of await childrenOf(pid)) workers[child] = await rssOf(child);
  return { primary_mb: await rssOf(pid), workers_mb: workers };
}

const pct = (sorted: number[], q: number) => (sorted.length ? +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1) : 0);

/** Listing views nobody has asked for yet (`shift` keeps each side's apart from the other's and from run.ts's). */
function freshViews(shift: number): string[] {
  return [
    ...Array.from({ length: 20 }, (_, i) => `/products?page=${700 + i * 13 + shift}`),
    ...Array.from({ length: 20 }, (_, i) => `/category/rings?sort=price-desc&material=gold&page=${40 + i * 7 + shift}`),
    ...Array.from({ length: 20 }, (_, i) => `/category/necklaces?sort=price-asc&page=${50 + i * 11 + shift}`),
  ];
}

/** Uncached listing pages under 10 connections: each view asked once, ten at a time. */
async function uncachedUnderLoad(base: string, shift: number) {
  const paths = freshViews(shift);
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const s = performance.now();
        const res = await fetch(base + path);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        times.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { connections: 10, requests: paths.length, p50_ms: pct(times, 0.5), p95_ms: pct(times, 0.95), rps: Math.round(paths.length / seconds) };
}

/**
 * The side by side: for each worker count, a fresh server on `port` with the shop's pages under 10 connections.
 * The pages: uncached listings, the account's Orders tab (a customer with 5,000 orders), the back office's rings
 * screen and the search results page.
 */
export async function benchWorkers(opts: { cfg: StackConfig; env: NodeJS.ProcessEnv; port: number; sides: number[]; seconds: number; log: ServerLog }) {
  const customer = await sessionCookie(opts.cfg, await seedCustomer(opts.cfg));
  await waitForQuiet();
  const out: Record<string, unknown> = { cores: await coreScaling(Math.max(...opts.sides)) };
  console.log('cores side by side:', JSON.stringify(out.cores));
  // The postmaster's pid is the first line of its data folder's postmaster.pid.
  const postgresPid = Number((await readFile(join(opts.cfg.pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  for (const [i, workers] of opts.sides.entries()) {
    const server = await startServer(opts.port, opts.env, workers, opts.log, `${workers}w`);
    try {
      const admin = await adminCookie(opts.env.NEXT_PUBLIC_SUPABASE_URL!);
      const pages = { orders_tab: ['/dashboard', customer], admin_category: ['/admin/rings', admin], search_page: ['/search?q=gold%20ring', ''] } as const;
      // Warm every worker: code, connections and plans (several rounds, as connections go to the workers in turn).
      for (let round = 0; round < 3 * workers; round++) {
        for (const [path, cookie] of Object.values(pages)) await (await fetch(server.base + path, { headers: { cookie } })).arrayBuffer();
      }
      // Each side starts on a quiet machine: the first side's load would otherwise still weigh on the second's figures.
      const side: Record<string, unknown> = { load_average: await waitForQuiet() };
      const pid = server.child.pid!;
      side.uncached_listing = await cpuDuring(pid, postgresPid, () => uncachedUnderLoad(server.base, i + 1));
      for (const [name, [path, cookie]] of Object.entries(pages)) side[name] = await cpuDuring(pid, postgresPid, () => pageLoad(server.base + path, cookie, opts.seconds));
      side.rss_after_load = await serverRss(pid);
      side.load_average_after = await loadAverage();
      out[`workers_${workers}`] = side;
      console.log(`${workers} worker(s): ${JSON.stringify(side)}`);
    } finally {
      await server.stop();
    }
  }
  const [one, many] = opts.sides.map((w) => out[`workers_${w}`] as Record<string, { rps: number }>);
  if (one && many) {
    out.rps_ratio = Object.fromEntries(['uncached_listing', 'orders_tab', 'admin_category', 'search_page'].map((k) => [k, +(many[k]!.rps / one[k]!.rps).toFixed(2)]));
    console.log('requests/s, N workers over 1:', out.rps_ratio);
  }
  return out;
}

/** The soak's mix: cached and uncached listings, products, search pages and the search endpoint with varied words. */
function soakPath(n: number, productPaths: string[]): string {
  const words = ['gold', 'ring', 'necklace', 'silver hoop', 'diamond', 'pendant', 'stud', 'bangle', 'rose gold', 'sapphire'];
  switch (n % 8) {
    case 0:
      return '/';
    case 1:
      return `/category/rings?page=${1 + (n % 400)}`;
    case 2:
      return `/products?page=${1 + (n % 2000)}`;
    case 3:
      return productPaths[n % productPaths.length]!;
    case 4:
      return `/search?q=${encodeURIComponent(words[n % words.length]!)}&page=${1 + (n % 5)}`;
    case 5:
      return `/api/search?q=${encodeURIComponent(`${words[n % words.length]} ${n % 97}`)}`;
    case 6:
      return `/category/earrings?sort=price-asc&page=${1 + (n % 300)}`;
    default:
      return '/category/necklaces';
  }
}

/**
 * The soak: the mix above at a steady rate for `minutes`, each worker's RSS sampled every 30 s. Passes when every
 * worker's RSS at the last minute is within 10 % of its RSS at minute 2.
 */
export async function benchSoak(server: BenchServer, productPaths: string[], minutes: number) {
  const samples: { minute: number; load_average: number; workers_mb: Record<string, number> }[] = [];
  const started = Date.now();
  const sample = async () => {
    const { workers_mb } = await serverRss(server.child.pid!);
    const at = { minute: +((Date.now() - started) / 60_000).toFixed(1), load_average: await loadAverage(), workers_mb };
    samples.push(at);
    console.log(`soak ${at.minute} min: ${JSON.stringify(workers_mb)} MB (load ${at.load_average})`);
  };
  await sample();
  const timer = setInterval(() => void sample(), 30_000);
  let n = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: server.base,
        connections: 10,
        overallRate: Number(process.env.BENCH_SOAK_RATE) || 100,
        duration: minutes * 60,
        requests: [{ setupRequest: (req) => ({ ...req, path: soakPath(n++, productPaths) }) }],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
  clearInterval(timer);
  await sample();
  const at = (minute: number) => samples.reduce((best, s) => (Math.abs(s.minute - minute) < Math.abs(best.minute - minute) ? s : best));
  const early = at(2);
  const late = samples[samples.length - 1]!;
  const growth = Object.fromEntries(
    Object.entries(late.workers_mb).map(([pid, mb]) => [pid, early.workers_mb[pid] ? +((mb / early.workers_mb[pid]!) - 1).toFixed(3) : null]),
  );
  const within10 = Object.values(growth).every((g) => g !== null && Math.abs(g) <= 0.1);
  return { minutes, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, growth_from_minute_2: growth, within_10_percent: within10, curve: samples };
}
