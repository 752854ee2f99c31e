import 'server-only';
// What /api/health tells a load balancer about this worker: whether the database answers, whether the worker hears
// other servers' cache revalidations, and how long the oldest mail due for sending has waited. No settings and no
// secrets, and cheap enough to ask every second: one indexed query, its answer reused for a second.
import { db, withActor, type Sql } from '../core/db';
import { isListening } from '../core/cache/shared-tags.mjs';
import { isDraining } from '../core/http/workers.mjs';
import { oldestDueMailSeconds } from '../mail/outbox';

/** ok and degraded answer 200 (the worker serves); down and draining 503 (send its traffic elsewhere). */
export type HealthStatus = 'ok' | 'degraded' | 'down' | 'draining';

export interface Health {
  status: HealthStatus;
  database: 'ok' | 'unreachable' | 'unchecked';
  /** This worker's LISTEN for revalidations made on other servers; off with SHARED_CACHE_TAGS=off. */
  revalidation: 'listening' | 'not listening' | 'off';
  /** How long the oldest mail due for sending has waited; null when none is due or the database did not answer. */
  oldestDueMailSeconds: number | null;
}

/** Longer than a healthy database takes by far; shorter than a load balancer's own timeout. */
export const DATABASE_TIMEOUT_MS = 2_000;
/** Senders look at the outbox every second: mail due this long means none is sending (docs/operations.md: Mail). */
export const MAIL_WAIT_LIMIT_SECONDS = 300;
const REUSE_MS = 1_000;

export const healthHttpStatus = (health: Health) => (health.status === 'down' || health.status === 'draining' ? 503 : 200);

interface SharedTagsState {
  sql?: Sql | null;
}

function revalidation(): Health['revalidation'] {
  if (process.env.SHARED_CACHE_TAGS === 'off') return 'off';
  // The cache handler's connection (lib/core/cache/shared-tags-handler.mjs), kept on the process's global object.
  const state = (globalThis as { __shopSharedTags?: SharedTagsState }).__shopSharedTags;
  return isListening(state?.sql) ? 'listening' : 'not listening';
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Asks the database, and reads this worker's listener, once; `sql` is the pool to ask (the worker's own by default). */
export async function checkHealth(sql: Sql = db()): Promise<Health> {
  const listener = revalidation();
  let mail: number | null;
  try {
    // Service role: the outbox is the shop's own.
    mail = await within(withActor({ role: 'service_role' }, oldestDueMailSeconds, sql), DATABASE_TIMEOUT_MS);
  } catch {
    return { status: 'down', database: 'unreachable', revalidation: listener, oldestDueMailSeconds: null };
  }
  const degraded = listener === 'not listening' || (mail ?? 0) > MAIL_WAIT_LIMIT_SECONDS;
  return { status: degraded ? 'degraded' : 'ok', database: 'ok', revalidation: listener, oldestDueMailSeconds: mail };
}

let recent: { at: number; health: Promise<Health> } | null = null;

/**
 * This worker's health: 'draining' at once while it stops (scripts/serve.mjs), otherwise the last check when it is
 * under a second old, so load balancers asking often, or many at once, cost one query a second.
 */
export function readHealth(): Promise<Health> {
  if (isDraining()) {
    return Promise.resolve({ status: 'draining', database: 'unchecked', revalidation: revalidation(), oldestDueMailSeconds: null });
  }
  if (!recent || Date.now() - recent.at > REUSE_MS) recent = { at: Date.now(), health: checkHealth() };
  return recent.health;
}
