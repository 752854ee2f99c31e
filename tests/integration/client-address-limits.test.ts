// Per-address limits count the connection's own address: the production server's request hook (the module
// scripts/serve.mjs calls) stamps it, and with no trusted proxy configured nothing a client writes moves it. Real
// sockets from distinct loopback addresses (127.0.0.x) into a Node server that hands each request to the checkout
// session route, whose limit is 10 a minute per address.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));

import { POST as checkoutSession } from '@/app/api/checkout/session/route';
import { stampClientAddress } from '@/lib/core/http/client-address.mjs';
import { db } from '@/lib/core/db';
import { RATE_RULES } from '@/lib/core/rate-limit';
import { asRequest, browser } from '../support/next-request';

let server: Server;
let port: number;

beforeAll(async () => {
  vi.stubEnv('TRUSTED_PROXY_HOPS', '');
  server = createServer((req, res) => {
    stampClientAddress(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const request = new Request(`http://localhost:${port}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
      const response = await asRequest(browser(), () => checkoutSession(request));
      res.writeHead(response.status).end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
  await db().end();
});

/** POSTs an empty cart from `localAddress` (a loopback address of its own), answering the status. */
function post(localAddress: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, localAddress, method: 'POST', path: '/api/checkout/session', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ lines: [] }));
  });
}

const LIMIT = RATE_RULES.checkoutPerAddress.limit;
// A third octet of this run's own, so a rerun within the minute starts from fresh counters.
const run = Math.floor(Math.random() * 200) + 20;

describe('per-address limits from distinct source addresses', () => {
  it('limits each address on its own', async () => {
    for (let host = 2; host <= 6; host++) {
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) statuses.push(await post(`127.0.${run}.${host}`));
      // The empty cart is refused (400) after the limit was counted; the eleventh is over it.
      expect(statuses.slice(0, LIMIT).every((s) => s === 400)).toBe(true);
      expect(statuses[LIMIT]).toBe(429);
    }
  });

  it('does not let one address escape its limit by rotating X-Forwarded-For or forging the address header', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 4; i++) {
      statuses.push(
        await post(`127.0.${run}.100`, {
          'x-forwarded-for': `203.0.113.${i + 1}`,
          'x-real-ip': `198.51.100.${i + 1}`,
          'x-shop-client-address': `192.0.2.${i + 1}`,
        }),
      );
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });
});
