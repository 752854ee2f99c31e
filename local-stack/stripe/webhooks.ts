// Events and their signed delivery to the app's webhook endpoint, with Stripe's retries on a non-2xx answer and the
// test switches (deliver each event several times at once, or late).
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { now, stripeId, type Json, type RequestInfo } from './api';
import type { StandInLog } from '../log';

/** Test switches: deliver every event `copies` times (concurrently), and/or `delayMs` late. */
export interface DeliveryMode {
  copies: number;
  delayMs: number;
}

export interface DeliveryAttempt {
  at: string;
  copy: number;
  attempt: number;
  status: number | null;
  error?: string;
}

export interface EventRecord {
  id: string;
  type: string;
  /** The object the event is about: the PaymentIntent (for charge and refund events: the charge's), or for Billing
   * events the invoice, credit note's invoice, invoice item or customer. */
  paymentIntent: string;
  created: number;
  body: string;
  attempts: DeliveryAttempt[];
  /** A copy got a 2xx. */
  delivered: boolean;
}

export interface WebhookOptions {
  webhookUrl: string;
  webhookSecret: string;
  retryDelaysMs?: number[];
  log: StandInLog;
}

export type Webhooks = ReturnType<typeof createWebhooks>;

export function createWebhooks(opts: WebhookOptions) {
  let webhookUrl = opts.webhookUrl;
  let retryDelaysMs = opts.retryDelaysMs ?? [1000, 2000, 4000, 8000, 16000, 30000];
  const deliveryMode: DeliveryMode = { copies: 1, delayMs: 0 };
  const eventLog: EventRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<AbortController>();
  let pending = 0;
  let idleWaiters: Array<() => void> = [];
  let stopped = false;

  const settle = () => {
    if (pending === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  };
  const later = (ms: number, fn: () => void) => {
    pending++;
    const t = setTimeout(() => {
      timers.delete(t);
      pending--;
      fn();
      settle();
    }, ms);
    timers.add(t);
  };

  function sign(body: string): string {
    const t = now();
    const v1 = createHmac('sha256', opts.webhookSecret).update(`${t}.${body}`, 'utf8').digest('hex');
    return `t=${t},v1=${v1}`;
  }

  async function deliver(rec: EventRecord, copy: number, attempt: number): Promise<void> {
    if (stopped) return;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), 10_000);
    inFlight.add(controller);
    pending++;
    const entry: DeliveryAttempt = { at: new Date().toISOString(), copy, attempt, status: null };
    rec.attempts.push(entry);
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': sign(rec.body),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: rec.body,
        signal: controller.signal,
      });
      entry.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      entry.error = err instanceof Error ? err.message : String(err);
    } finally {
      clearTimeout(timeout);
      inFlight.delete(controller);
      pending--;
    }
    const ok = entry.status !== null && entry.status >= 200 && entry.status < 300;
    opts.log(`webhook ${rec.type} ${rec.id} copy ${copy} attempt ${attempt} → ${entry.status ?? entry.error}`);
    if (ok) rec.delivered = true;
    else if (!stopped && attempt < retryDelaysMs.length) later(retryDelaysMs[attempt]!, () => void deliver(rec, copy, attempt + 1));
    settle();
  }

  function dispatch(rec: EventRecord) {
    const copies = Math.max(1, Math.floor(deliveryMode.copies) || 1);
    const start = () => {
      for (let c = 1; c <= copies; c++) void deliver(rec, c, 0);
    };
    later(Math.max(0, deliveryMode.delayMs), start);
  }

  /** Records an event about `object` (already in its public shape) and delivers it; `*.updated` events carry the
   * changed fields' earlier values, as Stripe's do. */
  function emit(
    type: string,
    object: Json,
    paymentIntent: string,
    request: Pick<RequestInfo, 'id' | 'idempotencyKey'>,
    apiVersion?: string,
    previousAttributes?: Json,
  ) {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: apiVersion ?? Stripe.API_VERSION,
      created: now(),
      data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
    const rec: EventRecord = {
      id: event.id,
      type,
      paymentIntent,
      created: event.created,
      body: JSON.stringify(event, null, 2),
      attempts: [],
      delivered: false,
    };
    eventLog.push(rec);
    if (eventLog.length > 10_000) eventLog.shift();
    dispatch(rec);
    return rec.id;
  }

  return {
    deliveryMode,
    emit,
    dispatch,
    events: () => eventLog.slice(),
    find: (id: string) => eventLog.find((e) => e.id === id),
    get pending() {
      return pending;
    },
    get webhookUrl() {
      return webhookUrl;
    },
    get retryDelaysMs() {
      return retryDelaysMs;
    },
    setWebhookUrl(next: string) {
      webhookUrl = new URL(next).toString();
    },
    setRetryDelays(delays: number[]) {
      retryDelaysMs = delays;
    },
    idle: () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const c of inFlight) c.abort();
      pending = 0;
      settle();
    },
  };
}
