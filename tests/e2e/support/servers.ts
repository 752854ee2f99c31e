// The two app servers of the e2e run (same build, same database) and helpers for request-level probes.
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { BrowserContext } from '@playwright/test';

export const serverA = process.env.E2E_BASE_URL!;
export const serverB = process.env.E2E_SECOND_URL ?? serverA;
export const appPids = (process.env.E2E_APP_PIDS ?? '').split(',').filter(Boolean).map(Number);

/** How many workers each server runs (tests/e2e/run.ts). */
export const workersPerServer = Number(process.env.E2E_WORKERS) || 1;

/** Resident memory of a server in kB, from /proc (Linux): its primary process and its workers. */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  return children.reduce((sum, child) => sum + rssKb(child), own);
}

/** A GET over a connection of its own (never a kept-alive one), so the server's primary hands it to its next worker. */
export function getOnNewConnection(url: string): Promise<{ status: number; worker: string; cache: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          worker: String(res.headers['x-shop-worker'] ?? ''),
          cache: (res.headers['x-nextjs-cache'] as string | undefined) ?? null,
          body,
        }),
      );
    });
    req.on('error', reject);
  });
}

/** A client address of its own (X-Forwarded-For), so rate limits counted here do not slow the other journeys. */
export function uniqueAddress(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/** Sends this context's requests to the shop (not to the Stripe stand-in) from `address`. */
export async function fromAddress(context: BrowserContext, address: string, origins: string[] = [serverA, serverB]) {
  for (const origin of new Set(origins)) {
    await context.route(`${origin}/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
    );
  }
}

/** Database text or a stack trace in an answer: what must never reach a client. */
export const LEAK = /postgres|syntax error|invalid input (?:syntax|value)|violates|duplicate key|relation "|column "|SQLSTATE|\n\s+at \S+ \(|node_modules\//i;
