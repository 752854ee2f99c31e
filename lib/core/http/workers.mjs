// The production server's processes (scripts/serve.mjs): a primary that starts one worker per core (as many as its
// database connections allow) on one port with node:cluster, and restarts a worker that dies. Each worker is a whole server (Next, the front cache, its own
// database pool and cache-tag listener); the primary serves nothing.
//
// Why node:cluster rather than separate servers sharing the port with SO_REUSEPORT: the primary hands connections
// out in turn, so a handful of keep-alive connections (a browser's, a load balancer's) is spread evenly, where the
// kernel's hash may put them all on one worker; it works the same on every system Node runs on; and the primary
// is the natural place to restart a worker that crashed or ran out of its heap.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

export const DEFAULT_POOL_SIZE = 10;
/**
 * Each worker's connections for cache tags (lib/core/cache/shared-tags.mjs), beside the pool: the one that listens for
 * revalidations, held for as long as the worker runs, and the one that announces them, closed after 30 s idle.
 */
export const TAG_CONNECTIONS_PER_WORKER = 2;
/**
 * The connections one server may open in all by default: the default pool and two workers' cache-tag connections,
 * 10 + 2 × 2. It fits two servers on a new Supabase project with room to spare (docs/operations.md: Connections).
 */
export const DEFAULT_MAX_CONNECTIONS = 14;
export const DEFAULT_HEAP_MB = 256;
/**
 * Each of the young generation's two halves. V8 grows it to 64 MB a half under load when left to itself: 128 MB of a
 * worker's memory for objects that mostly live one request. 8 MB lowers a worker's RSS after load with the same
 * throughput (measured in bench BENCH_ONLY=workers).
 */
export const DEFAULT_SEMI_SPACE_MB = 8;
/**
 * glibc's malloc arenas, outside the JavaScript heap: by default up to 8 a core, one for each thread that allocates,
 * each holding its freed memory. Two lower each worker's RSS further (measured in bench BENCH_ONLY=workers).
 */
export const DEFAULT_MALLOC_ARENAS = 2;
/**
 * How long a stopping worker lets the requests in flight finish before it cuts them (docs/operations.md:
 * Stopping): with the close that follows, within the 10 s most platforms wait after SIGTERM before killing.
 */
export const SHUTDOWN_DRAIN_MS = 8_000;

function positiveInt(value, name) {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of 1 or more (got "${value}")`);
  return n;
}

/**
 * How many workers, each one's database pool and heap limit. DATABASE_POOL_SIZE is the connections of the whole
 * server's pools, shared out so that workers × pool never exceeds it; each worker also holds its cache-tag
 * connections. DATABASE_MAX_CONNECTIONS is what the server may open in all, its share of the database's pooler:
 * by default one worker per core, as many as fit; a plan that cannot fit is refused, saying why.
 * @param {Record<string, string | undefined>} env
 * @param {number} cores
 */
export function workerPlan(env, cores = availableParallelism()) {
  const total = positiveInt(env.DATABASE_POOL_SIZE, 'DATABASE_POOL_SIZE') ?? DEFAULT_POOL_SIZE;
  const maxConnections = positiveInt(env.DATABASE_MAX_CONNECTIONS, 'DATABASE_MAX_CONNECTIONS') ?? DEFAULT_MAX_CONNECTIONS;
  const tagConnections = env.SHARED_CACHE_TAGS === 'off' ? 0 : TAG_CONNECTIONS_PER_WORKER;
  const heapMb = positiveInt(env.WORKER_HEAP_MB, 'WORKER_HEAP_MB') ?? DEFAULT_HEAP_MB;
  const semiSpaceMb = positiveInt(env.WORKER_SEMI_SPACE_MB, 'WORKER_SEMI_SPACE_MB') ?? DEFAULT_SEMI_SPACE_MB;
  const mallocArenas = positiveInt(env.MALLOC_ARENA_MAX, 'MALLOC_ARENA_MAX') ?? DEFAULT_MALLOC_ARENAS;
  // The most workers that fit: a pool connection each, and their cache-tag connections beside the pool.
  const fit = Math.min(total, tagConnections ? Math.floor((maxConnections - total) / tagConnections) : total);
  const asked = positiveInt(env.WEB_CONCURRENCY, 'WEB_CONCURRENCY');
  const workers = asked ?? Math.max(1, Math.min(cores, fit));
  if (total < workers) {
    throw new Error(`DATABASE_POOL_SIZE (${total}) is less than WEB_CONCURRENCY (${workers}): each worker needs a connection of its own`);
  }
  const connections = total + tagConnections * workers;
  if (connections > maxConnections) {
    const tags = tagConnections ? ` + ${tagConnections} × ${workers} workers' cache-tag connections` : '';
    throw new Error(
      `${workers} worker${workers === 1 ? '' : 's'} would open up to ${connections} database connections (DATABASE_POOL_SIZE ${total}${tags}), ` +
        `more than DATABASE_MAX_CONNECTIONS (${maxConnections}), this server's share of the database's connections: ` +
        'set fewer workers (WEB_CONCURRENCY) or a smaller DATABASE_POOL_SIZE, or raise DATABASE_MAX_CONNECTIONS where the pooler has room (docs/operations.md: Connections)',
    );
  }
  // Fewer workers than cores because the connections ran out: said at start, so a big host's owner knows why.
  const capped = asked === undefined && workers < cores;
  return { workers, poolSize: Math.floor(total / workers), connections, maxConnections, cores, capped, heapMb, semiSpaceMb, mallocArenas };
}

/** Set in a worker that is stopping: /api/health answers 503 (lib/maintenance/health.ts). */
export function markDraining() {
  globalThis.__shopDraining = true;
}

export function isDraining() {
  return globalThis.__shopDraining === true;
}

/** The primary's request to a worker to stop taking connections, and the worker's answer once it has. */
const STOP_ACCEPTING = 'shop:stop-accepting';
const NOT_ACCEPTING = 'shop:not-accepting';
/** How long the primary waits for every worker's answer before it has them drain all the same. */
const STOP_ACCEPTING_MS = 1_000;
/** A stopping worker still alive this long after the signal is killed: 10 s, with its drain and time to close down. */
const STOP_KILL_MS = STOP_ACCEPTING_MS + SHUTDOWN_DRAIN_MS + 1_000;

/**
 * The worker's side of a stop: `stopAccepting` closes its listener when the primary asks, before the drain begins.
 * @param {() => unknown} stopAccepting
 */
export function onStopAccepting(stopAccepting) {
  process.on('message', (message) => {
    if (message !== STOP_ACCEPTING) return;
    stopAccepting();
    // Sent after the cluster's own message that the listener closed, so the primary reads the two in that order.
    process.send?.(NOT_ACCEPTING);
  });
}

/**
 * The primary's side: forks the workers, restarts any that die after they listened, and on SIGTERM or SIGINT stops
 * them, resolving with the exit code once they are gone. A stop first has every worker close its listener, so the
 * primary closes the port, and only then passes the signal on, so each worker drains (scripts/serve.mjs): a client
 * whose connection a draining worker closes and who connects again is refused, where a connection the primary took
 * while a worker was still listening would be reset. A worker that exits before it ever listened (no build, bad
 * variables) stops the server with that worker's code.
 * @param {{ workers: number, poolSize: number, connections: number, maxConnections: number, cores: number, capped: boolean, heapMb: number, semiSpaceMb: number, mallocArenas: number }} plan
 * @param {string} address what the workers listen on, for the ready line
 */
export function superviseWorkers(plan, address) {
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-old-space-size=${plan.heapMb}`, `--max-semi-space-size=${plan.semiSpaceMb}`] });
  // MALLOC_ARENA_MAX is read by glibc when a process starts, so it is set for the workers here.
  const env = { DATABASE_POOL_SIZE: String(plan.poolSize), MALLOC_ARENA_MAX: String(plan.mallocArenas) };
  return new Promise((resolve) => {
    let closing = false;
    let listening = 0;
    const fork = () => {
      const worker = cluster.fork(env);
      worker.once('listening', () => {
        worker.ready = true;
        if (++listening === plan.workers) {
          console.log(
            `Ready on ${address} (${plan.workers} worker${plan.workers === 1 ? '' : 's'}, ${plan.poolSize} database connections and ${plan.heapMb} MB of heap each; ` +
              `up to ${plan.connections} database connections in all, of DATABASE_MAX_CONNECTIONS ${plan.maxConnections})`,
          );
          if (plan.capped) {
            console.log(`${plan.cores} cores, ${plan.workers} workers: DATABASE_MAX_CONNECTIONS fits no more (docs/operations.md: Connections)`);
          }
        }
      });
    };
    const stop = (code) => {
      if (closing) return;
      closing = true;
      const alive = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      if (alive.length === 0) resolve(code);
      let draining = false;
      const drain = () => {
        if (draining) return;
        draining = true;
        clearTimeout(late);
        for (const worker of alive) worker.process.kill('SIGTERM');
      };
      const late = setTimeout(drain, STOP_ACCEPTING_MS);
      let accepting = alive.length;
      for (const worker of alive) {
        worker.on('message', (message) => message === NOT_ACCEPTING && --accepting === 0 && drain());
        if (worker.isConnected()) worker.send(STOP_ACCEPTING);
      }
      setTimeout(() => {
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
        resolve(code);
      }, STOP_KILL_MS).unref();
    };
    cluster.on('exit', (worker, code, signal) => {
      if (closing) {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(process.exitCode ?? 0);
        return;
      }
      if (!worker.ready) {
        console.error(`worker ${worker.process.pid} exited before it listened (code ${code ?? signal}); stopping`);
        process.exitCode = code || 1;
        stop(code || 1);
        return;
      }
      // Marked as a server error: the e2e run and the bench fail on it (tests/support/server-log.ts).
      console.error(`⨯ worker ${worker.process.pid} died (${signal ?? `code ${code}`}); starting another`);
      fork();
    });
    for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(0));
    for (let i = 0; i < plan.workers; i++) fork();
  });
}

/**
 * Names the worker that answered in every response (`x-shop-worker: <n>`), so a client or test can tell the
 * workers apart: run before the server's own request handler.
 * @param {import('node:http').Server} server
 */
export function identifyWorker(server) {
  const id = String(cluster.worker?.id ?? 0);
  server.prependListener('request', (_req, res) => res.setHeader('x-shop-worker', id));
}
