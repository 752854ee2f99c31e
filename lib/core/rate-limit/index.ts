import 'server-only';
// Rate limits held in Postgres, so every app server counts against the same windows. One statement per request,
// whatever the number of rules.
import { createHash } from 'node:crypto';
import { asServiceRole } from '../db';
import { HttpError } from '../errors';
import { rateLimitMessage, type RateRule } from './rules';

export { RATE_RULES, clientAddress, rateLimitMessage, type RateRule } from './rules';

export class RateLimitError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, rateLimitMessage(retryAfterSeconds), 'rate_limited', { retryAfterSeconds }, {
      'Retry-After': String(retryAfterSeconds),
    });
    this.name = 'RateLimitError';
  }
}

export interface RateCheck {
  rule: RateRule;
  /** Who is counted: an e-mail address (lower-cased) or a client address. */
  subject: string;
}

const keyOf = ({ rule, subject }: RateCheck) =>
  createHash('sha256').update(`${rule.name}\u0000${subject.trim().toLowerCase()}`).digest('base64url');

/** Counts one hit on each check and throws RateLimitError (429) when any is over its limit. */
export async function enforceRateLimits(checks: RateCheck[]): Promise<void> {
  const unique = new Map<string, RateCheck>();
  for (const check of checks) if (check.subject) unique.set(keyOf(check), check);
  if (unique.size === 0) return;
  const keys = [...unique.keys()];
  const checksInOrder = [...unique.values()];
  // Service role: the counters are server-only rows (no policy lets an API role near them).
  const rows = await asServiceRole(
    (tx) => tx<{ key: string; allowed: boolean; retry_after_seconds: number }[]>`
      select key, allowed, retry_after_seconds from public.rate_limit_hit(
        ${keys}::text[],
        ${checksInOrder.map((c) => c.rule.limit)}::integer[],
        ${checksInOrder.map((c) => c.rule.windowSeconds)}::integer[])`,
  );
  const refused = rows.filter((r) => !r.allowed);
  if (refused.length > 0) throw new RateLimitError(Math.max(...refused.map((r) => r.retry_after_seconds)));
}
