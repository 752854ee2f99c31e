// /api/health for load balancers: 200 while the worker serves (ok, or degraded when it does not hear other servers'
// revalidations or mail waits unsent), 503 when its database does not answer or it is stopping. The listener is the
// cache handler's own, against the real database.
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import { GET } from '@/app/api/health/route';
import SharedTagsCache from '@/lib/core/cache/shared-tags-handler.mjs';
import { markDraining } from '@/lib/core/http/workers.mjs';
import { checkHealth, DATABASE_TIMEOUT_MS, MAIL_WAIT_LIMIT_SECONDS, readHealth, type Health } from '@/lib/maintenance/health';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
const state = () => (globalThis as { __shopSharedTags?: { sql: postgres.Sql; starting: Promise<unknown> } }).__shopSharedTags!;
const listenerPids = () => sql<{ pid: number }[]>`
  select pid from pg_stat_activity where query ilike 'listen%' and pid <> pg_backend_pid()`;
let shifted: number[] = [];

/**
 * The listener's way to the database, through a relay the test can cut and restore: postgres.js listens again at
 * once after a plain disconnect, too soon to see, while a cut relay keeps it away until the relay is back.
 */
const database = new URL(process.env.DATABASE_URL!);
const relayed = new Set<Socket>();
let relay: Server;
function openRelay(port = 0): Promise<number> {
  relay = createServer((client) => {
    const upstream = connect(Number(database.port), database.hostname);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      relayed.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
    }
  }).listen(port, '127.0.0.1');
  return new Promise((resolve) => relay.once('listening', () => resolve((relay.address() as { port: number }).port)));
}
function cutRelay() {
  relay.close();
  for (const socket of relayed) socket.destroy();
  relayed.clear();
}

beforeAll(async () => {
  const port = await openRelay();
  const viaRelay = new URL(database);
  viaRelay.port = String(port);
  process.env.CACHE_TAGS_DATABASE_URL = viaRelay.toString();
  // The worker's cache handler: it starts listening when Next makes it.
  new SharedTagsCache({ fs: nodeFs, serverDistDir: mkdtempSync(`${tmpdir()}/shop-cache-`), revalidatedTags: [], flushToDisk: false });
  await state().starting;
  // Mail other suites left due, moved out of the way of this suite's figures and back after it.
  shifted = (await sql<{ id: number }[]>`
    update mail_outbox set next_attempt_at = next_attempt_at + interval '100 years'
     where status in ('queued', 'sending') and next_attempt_at <= now() returning id`).map((r) => r.id);
});

afterAll(async () => {
  if (shifted.length) await sql`update mail_outbox set next_attempt_at = next_attempt_at - interval '100 years' where id in ${sql(shifted)}`;
  await state().sql.end();
  await sql.end();
  cutRelay();
});

async function answer(): Promise<{ status: number; body: Health; cache: string | null }> {
  const res = await GET(new Request('http://localhost/api/health'));
  return { status: res.status, body: (await res.json()) as Health, cache: res.headers.get('cache-control') };
}

describe('health', () => {
  it('answers 200 ok with the database, the listener and no mail waiting, never cached, nothing secret', async () => {
    const { status, body, cache } = await answer();
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: 'ok', revalidation: 'listening', oldestDueMailSeconds: null });
    expect(cache).toBe('no-store');
  });

  it('reuses an answer under a second old, so frequent checks cost one query a second', async () => {
    await new Promise((r) => setTimeout(r, 1_100));
    const first = readHealth();
    expect(readHealth()).toBe(first);
    await first;
  });

  it('is degraded while the listener is disconnected, and ok again once it listens again', async () => {
    expect(await listenerPids()).toHaveLength(1);
    const port = Number(new URL(process.env.CACHE_TAGS_DATABASE_URL!).port);
    cutRelay();
    await expect.poll(async () => (await checkHealth()).revalidation, { timeout: 5_000 }).toBe('not listening');
    expect(await checkHealth()).toMatchObject({ status: 'degraded', database: 'ok' });
    await openRelay(port);
    // postgres.js tries again by itself; the health follows once the LISTEN took effect.
    await expect.poll(async () => (await checkHealth()).status, { timeout: 20_000 }).toBe('ok');
    // One listener again: the cut one's backend is gone, the new one holds the LISTEN.
    await expect.poll(async () => (await listenerPids()).length).toBe(1);
  });

  it('is degraded when due mail has waited longer than a sender would let it, and says how long', async () => {
    const key = `health-${Date.now()}`;
    const [row] = await sql<{ id: number }[]>`
      insert into mail_outbox (kind, to_address, dedupe_key, next_attempt_at)
      values ('order_notice', 'health@mail.test', ${key}, now() - make_interval(secs => ${MAIL_WAIT_LIMIT_SECONDS + 60})) returning id`;
    try {
      const health = await checkHealth();
      expect(health.status).toBe('degraded');
      expect(health.oldestDueMailSeconds).toBeGreaterThanOrEqual(MAIL_WAIT_LIMIT_SECONDS + 60);
      expect(health.oldestDueMailSeconds).toBeLessThan(MAIL_WAIT_LIMIT_SECONDS + 70);
    } finally {
      await sql`delete from mail_outbox where id = ${row!.id}`;
    }
  });

  it('is down, within its timeout, when the database refuses or does not answer', async () => {
    const refused = postgres('postgresql://postgres:postgres@127.0.0.1:9/none', { max: 1, connect_timeout: 30 });
    expect(await checkHealth(refused)).toEqual({ status: 'down', database: 'unreachable', revalidation: 'listening', oldestDueMailSeconds: null });
    // A host that takes the connection and never answers: the check gives up after its timeout.
    const silent: Server = createServer(() => {}).listen(0);
    await new Promise((r) => silent.once('listening', r));
    const port = (silent.address() as { port: number }).port;
    const hanging = postgres(`postgresql://postgres:postgres@127.0.0.1:${port}/none`, { max: 1, connect_timeout: 30 });
    const started = Date.now();
    expect((await checkHealth(hanging)).status).toBe('down');
    expect(Date.now() - started).toBeLessThan(DATABASE_TIMEOUT_MS + 500);
    await Promise.all([refused.end({ timeout: 0 }), hanging.end({ timeout: 0 })]);
    silent.close();
  });

  it('answers 503 draining while the worker stops, without asking the database', async () => {
    markDraining();
    try {
      const { status, body } = await answer();
      expect(status).toBe(503);
      expect(body).toEqual({ status: 'draining', database: 'unchecked', revalidation: 'listening', oldestDueMailSeconds: null });
    } finally {
      delete (globalThis as { __shopDraining?: boolean }).__shopDraining;
    }
  });
});
