// Stopping a server as a platform does on a deploy (SIGTERM): a server of its own on the run's build and database
// stops taking connections, answers /api/health with 503 on the connections already open, lets the requests in
// flight finish (a slow upload, a steady load) and exits within its drain time, with no error line.
import { spawn } from 'node:child_process';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { createConnection } from 'node:net';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { SERVE_SCRIPT } from '../../local-stack/config';
import { SHUTDOWN_DRAIN_MS } from '../../lib/core/http/workers.mjs';
import { errorEvent, WATCHED_SERVER_ARGS } from '../support/server-log';
import { serverA } from './support/servers';

// The run's app servers are on the next two ports, the SMTP stand-in on the one after.
const port = Number(new URL(serverA).port) + 3;
const base = `http://127.0.0.1:${port}`;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request through `agent`, its body written in `chunks` pieces `gapMs` apart (a slow upload keeps it in flight). */
function send(path: string, agent: Agent, { method = 'GET', body = '', chunks = 1, gapMs = 0 } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, agent, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    const size = Math.ceil(body.length / chunks);
    const write = (i: number) => {
      if (i >= chunks) return void req.end();
      req.write(body.slice(i * size, (i + 1) * size));
      setTimeout(() => write(i + 1), gapMs);
    };
    write(0);
  });
}

/** Whether a new connection is refused (the server no longer listens). */
const refused = () =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

test('SIGTERM: no new connections, health 503 on open ones, requests in flight finish, exit within the drain time @desktop-only', async () => {
  test.setTimeout(120_000);
  const server = spawn(process.execPath, [...WATCHED_SERVER_ARGS, SERVE_SCRIPT, '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', WEB_CONCURRENCY: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  const lines: string[] = [];
  const ready = new Promise<void>((resolve) => {
    for (const stream of [server.stdout, server.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (line.startsWith('Ready on ')) resolve();
        if (errorEvent(line) !== undefined) errors.push(line);
      });
    }
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const started = Date.now();
  /** Names the client whose request failed, and when, so a failure says which connection it was. */
  const labelled = <T,>(who: string, work: Promise<T>) =>
    work.catch((err: Error) => {
      throw new Error(`${who}: ${err.message} at +${Date.now() - started} ms (signal at +${signalledAt - started} ms)`);
    });
  let signalledAt = Number.NaN;
  try {
    await ready;
    // One kept-alive connection per client: the health checker's, and the load's.
    const checker = new Agent({ keepAlive: true, maxSockets: 1 });
    await expect.poll(async () => (await send('/api/health', checker)).body, { timeout: 30_000 }).toContain('"status":"ok"');
    const loaders = Array.from({ length: 8 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    for (const agent of loaders) expect((await send('/robots.txt', agent)).status).toBe(200);

    // In flight when the signal comes: an upload written over 3 s, and a steady load on each open connection.
    const body = JSON.stringify({ lines: [{ sku: `SHUTDOWN-${Date.now()}`, quantity: 1 }] });
    const upload = labelled('upload', send('/api/quick-order', new Agent({ keepAlive: true }), { method: 'POST', body, chunks: 10, gapMs: 300 }));
    const load = loaders.map(async (agent, i) => {
      const statuses: number[] = [];
      // Each connection asks until an answer closes it: the first one after the signal.
      for (;;) {
        const answer = await labelled(`load ${i} after ${statuses.length} answers`, send('/category/rings', agent));
        statuses.push(answer.status);
        if (answer.headers.connection === 'close') return statuses;
        if (statuses.length > 500) throw new Error('the connection was never closed');
      }
    });
    await new Promise((r) => setTimeout(r, 1_000));
    // The checker asks often, as a load balancer does: its connection is never idle for the 5 s keep-alive timeout,
    // after which the server would close it (on a busy machine the steps above can take that long).
    expect((await labelled('health before the signal', send('/api/health', checker))).status).toBe(200);
    const signalled = Date.now();
    signalledAt = signalled;
    server.kill('SIGTERM');

    // The workers drain once every listener has closed (lib/core/http/workers.mjs); until then health is still ok.
    let health: Answer | undefined;
    await expect
      .poll(async () => (health = await labelled('health after the signal', send('/api/health', checker))).status, { timeout: 5_000, intervals: [50] })
      .toBe(503);
    expect(JSON.parse(health!.body)).toMatchObject({ status: 'draining' });
    expect(health!.headers.connection).toBe('close');
    expect(await refused()).toBe(true);

    const uploaded = await upload;
    const uploadedAt = Date.now();
    expect(uploaded.status).toBe(200);
    expect(JSON.parse(uploaded.body)).toHaveProperty('lines');
    const statuses = (await Promise.all(load)).flat();
    expect(statuses.every((s) => s === 200), statuses.join(' ')).toBe(true);

    expect(await exited).toBe(0);
    const tookMs = Date.now() - signalled;
    console.log(`drained ${statuses.length} requests on 8 connections and a 3 s upload; exited ${tookMs} ms after SIGTERM`);
    expect(tookMs).toBeLessThan(SHUTDOWN_DRAIN_MS);
    // The upload's connection closed with its answer, not idle 5 s later at its keep-alive timeout.
    expect(Date.now() - uploadedAt).toBeLessThan(3_000);
    expect(errors).toEqual([]);
  } catch (err) {
    // What the server said, beside the failure.
    console.log(`the stopped server's output:\n${lines.join('\n')}`);
    throw err;
  } finally {
    server.kill('SIGKILL');
  }
});
