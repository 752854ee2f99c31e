// The production server: `next start` with the front cache of whole pages (lib/core/cache/page-front-cache.mjs) and the
// brotli copies of scripts and styles (lib/core/http/precompressed-static.mjs) ahead of Next's request handler. Same arguments as `next start`: node scripts/serve.mjs [-p PORT] [-H HOST].
// One worker per core (WEB_CONCURRENCY) on the one port, each running everything below (lib/core/http/workers.mjs).
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { frontCacheKey, PageFrontCache } from '../lib/core/cache/page-front-cache.mjs';
import { PrecompressedStatic } from '../lib/core/http/precompressed-static.mjs';
import { stampClientAddress } from '../lib/core/http/client-address.mjs';
import { identifyWorker, superviseWorkers, workerPlan } from '../lib/core/http/workers.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  allowPositionals: true,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? '0.0.0.0';
process.title = 'next-server (shop)';
if (cluster.isPrimary) process.exit(await superviseWorkers(workerPlan(process.env), `http://${hostname}:${port}`));
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
const server = createServer((req, res) => {
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
    console.error(err);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
identifyWorker(server);
server.listen(port, hostname);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close(() => app.close().finally(() => process.exit(0)));
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
