// The production server: `next start` with the front cache of whole pages (lib/core/cache/page-front-cache.mjs) and the
// brotli copies of scripts and styles (lib/core/http/precompressed-static.mjs) ahead of Next's request handler. Same arguments as `next start`: node scripts/serve.mjs [-p PORT] [-H HOST].
// One worker per core (WEB_CONCURRENCY) on the one port, each running everything below (lib/core/http/workers.mjs).
// SIGTERM drains: no new connections, /api/health answers 503, the requests in flight finish, then it exits.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { Server as NetServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { frontCacheKey, PageFrontCache } from '../lib/core/cache/page-front-cache.mjs';
import { PrecompressedStatic } from '../lib/core/http/precompressed-static.mjs';
import { stampClientAddress } from '../lib/core/http/client-address.mjs';
import { identifyWorker, markDraining, onStopAccepting, SHUTDOWN_DRAIN_MS, superviseWorkers, workerPlan } from '../lib/core/http/workers.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  allowPositionals: true,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? '0.0.0.0';
process.title = 'next-server (shop)';
if (cluster.isPrimary) process.exit(await superviseWorkers(planOrExit(), `http://${hostname}:${port}`));

/** The worker plan, or the reason there is none on stderr and exit code 1: a plan that cannot fit does not start. */
function planOrExit() {
  try {
    return workerPlan(process.env);
  } catch (err) {
    console.error(`⨯ ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
// The key that signs the middleware's hand-off of a verified user to the page (lib/core/supabase/user-handoff.ts):
// made here, per worker, and never written anywhere.
process.env.USER_HANDOFF_KEY = randomBytes(32).toString('base64url');
// Next is loaded by the workers only: the primary stays small.
const { default: next } = await import('next');
const app = next({ dev: false, hostname, port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const pages = process.env.PAGE_FRONT_CACHE === 'off' ? null : new PageFrontCache();
// The same build folder as next.config.ts's distDir.
const assets = new PrecompressedStatic(join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'static'));
// A longer request line is refused before Next sees it: Next answers a long path's trailing slash with a redirect
// that repeats the URL in two headers, more than clients accept, so the client would get a broken response.
const MAX_URL_LENGTH = 8_192;

/** One JSON line, as lib/core/log.ts writes them: the test runs and the bench fail on those of level error. */
function log(level, event, fields) {
  const line = JSON.stringify({ level, time: new Date().toISOString(), event, ...fields });
  if (level === 'error') console.error(line);
  else console.warn(line);
}

let draining = false;
/** The answers under way, so a stop can close their connections after them. */
const answering = new Set();
const server = createServer((req, res) => {
  answering.add(res);
  res.once('close', () => answering.delete(res));
  // A stopping worker still answers what arrives on connections already open, and closes each after its answer.
  if (draining) res.setHeader('connection', 'close');
  if ((req.url?.length ?? 0) > MAX_URL_LENGTH) {
    res.writeHead(414, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('The address is too long.');
    return;
  }
  stampClientAddress(req);
  if (assets.serve(req, res)) return;
  const key = pages ? frontCacheKey(req) : null;
  if (key && pages.serve(key, res)) return;
  if (key) pages.record(key, res);
  handle(req, res).catch((err) => {
    // The path without its query, which may carry a token.
    log('error', 'request failed', { method: req.method, path: req.url?.split('?')[0], error: String(err?.message ?? err), stack: err?.stack });
    if (!res.headersSent) res.writeHead(500).end();
  });
});
identifyWorker(server);
server.listen(port, hostname);

/** How long a connection may stay idle after an answer given while stopping (the usual keep-alive is 5 s). */
const DRAINING_KEEP_ALIVE_MS = 1_000;

/**
 * Stops taking connections, keeping those open: net.Server's close, not http.Server's, which would also drop the idle
 * kept-alive ones at once, racing a request a load balancer is sending on one. Resolves once they are all closed.
 */
let closed = null;
function stopAccepting() {
  closed ??= new Promise((resolve) => NetServer.prototype.close.call(server, resolve));
  return closed;
}
onStopAccepting(stopAccepting);

/**
 * SIGTERM (or SIGINT): stop accepting connections (the primary has asked already, lib/core/http/workers.mjs), answer
 * /api/health with 503, let the requests in flight finish for up to SHUTDOWN_DRAIN_MS, then exit. Each connection
 * closes after its next answer, or idle at its keep-alive timeout. The mail sender finishes the messages it holds, so
 * none is left marked as sending (lib/mail/sender.ts keeps it on globalThis).
 */
async function drain() {
  if (draining) return;
  draining = true;
  markDraining();
  for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close');
  server.keepAliveTimeout = DRAINING_KEEP_ALIVE_MS;
  const finished = Promise.all([stopAccepting(), globalThis.__shopMailSender?.stop()]).then(() => true);
  const limit = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS, false).unref());
  if (!(await Promise.race([finished, limit])) && answering.size > 0) {
    log('warn', 'shutdown: requests still in flight were cut', { requests: answering.size, drainMs: SHUTDOWN_DRAIN_MS });
  }
  server.closeAllConnections();
  await app.close().catch(() => {});
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void drain());
