// The production server's processes (scripts/serve.mjs): a primary that starts one worker per core on one port
// with node:cluster, and restarts a worker that dies. Each worker is a whole server (Next, the front cache, its own
// database pool and cache-tag listener); the primary serves nothing.
//
// Why node:cluster rather than separate servers sharing the port with SO_REUSEPORT: the primary hands connections
// out in turn, so a handful of keep-alive connections (a browser's, a load balancer's) is spread evenly, where the
// kernel's hash may put them all on one worker; it works the same on every system Node runs on; and the primary
// is the natural place to restart a worker that crashed or ran out of its heap.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_HEAP_MB = 256;
/**
 * Each of the young generation's two halves. V8 grows it to 64 MB a half under load when left to itself: 128 MB of a
 * worker's memory for objects that mostly live one request. At 8 MB a worker's RSS after the bench's load fell by
 * 60–85 MB, with the same requests/s.
 */
export const DEFAULT_SEMI_SPACE_MB = 8;
/**
 * glibc's malloc arenas, outside the JavaScript heap: by default up to 8 a core, one for each thread that allocates,
 * each holding its freed memory. Two took a further 25–30 MB off each worker's RSS.
 */
export const DEFAULT_MALLOC_ARENAS = 2;

function positiveInt(value, name) {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of 1 or more (got "${value}")`);
  return n;
}

/**
 * How many workers, each one's database pool and heap limit. DATABASE_POOL_SIZE is the connections of the whole
 * server's pools, shared out so that workers × pool never exceeds it; fewer connections than workers is refused.
 * @param {Record<string, string | undefined>} env
 * @param {number} cores
 */
export function workerPlan(env, cores = availableParallelism()) {
  const workers = positiveInt(env.WEB_CONCURRENCY, 'WEB_CONCURRENCY') ?? Math.max(1, cores);
  const total = positiveInt(env.DATABASE_POOL_SIZE, 'DATABASE_POOL_SIZE') ?? DEFAULT_POOL_SIZE;
  const heapMb = positiveInt(env.WORKER_HEAP_MB, 'WORKER_HEAP_MB') ?? DEFAULT_HEAP_MB;
  const semiSpaceMb = positiveInt(env.WORKER_SEMI_SPACE_MB, 'WORKER_SEMI_SPACE_MB') ?? DEFAULT_SEMI_SPACE_MB;
  const mallocArenas = positiveInt(env.MALLOC_ARENA_MAX, 'MALLOC_ARENA_MAX') ?? DEFAULT_MALLOC_ARENAS;
  if (total < workers) {
    throw new Error(`DATABASE_POOL_SIZE (${total}) is less than WEB_CONCURRENCY (${workers}): each worker needs a connection of its own`);
  }
  return { workers, poolSize: Math.floor(total / workers), heapMb, semiSpaceMb, mallocArenas };
}

/** A worker that dies this soon after starting, before it listened, is a broken start, not a crash to restart. */
const STOP_GRACE_MS = 10_000;

/**
 * The primary's side: forks the workers, restarts any that die after they listened, and on SIGTERM or SIGINT stops
 * them and resolves with the exit code. A worker that exits before it ever listened (no build, bad variables)
 * stops the server with that worker's code.
 * @param {{ workers: number, poolSize: number, heapMb: number, semiSpaceMb: number, mallocArenas: number }} plan
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
          console.log(`Ready on ${address} (${plan.workers} worker${plan.workers === 1 ? '' : 's'}, ${plan.poolSize} database connections and ${plan.heapMb} MB of heap each)`);
        }
      });
    };
    const stop = (code) => {
      if (closing) return;
      closing = true;
      const alive = Object.values(cluster.workers ?? {});
      if (alive.length === 0) resolve(code);
      for (const worker of alive) worker?.process.kill('SIGTERM');
      setTimeout(() => {
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
        resolve(code);
      }, STOP_GRACE_MS).unref();
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
