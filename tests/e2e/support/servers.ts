// The two app servers of the e2e run (same build, same database) and helpers for request-level probes.
import { readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';

export const serverA = process.env.E2E_BASE_URL!;
export const serverB = process.env.E2E_SECOND_URL ?? serverA;
export const appPids = (process.env.E2E_APP_PIDS ?? '').split(',').filter(Boolean).map(Number);

/** Resident memory of a process in kB, from /proc (Linux). */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
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
