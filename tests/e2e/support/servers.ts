// The two app servers of the e2e run (same build, same database) and helpers for request-level probes.
import { readFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
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

export interface WorkerAnswer {
  status: number;
  worker: string;
  cache: string | null;
  body: string;
}

/** A GET through `agent` (false: a connection of its own), with the worker that answered it. */
export function getVia(url: string, agent: Agent | false): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent }, (res) => {
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

/**
 * One kept-alive connection to each worker of the server at `base`: the primary hands new connections to its
 * workers in turn, so new ones are opened until every worker has answered on one.
 */
export async function connectionPerWorker(base: string): Promise<Map<string, Agent>> {
  const agents = new Map<string, Agent>();
  for (let i = 0; i < workersPerServer * 4 && agents.size < workersPerServer; i++) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { worker } = await getVia(`${base}/robots.txt`, agent);
    if (worker === '' || agents.has(worker)) agent.destroy();
    else agents.set(worker, agent);
  }
  return agents;
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
