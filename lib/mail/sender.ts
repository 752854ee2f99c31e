import 'server-only';
// The mail sender every app server runs (each worker starts one from instrumentation.ts): it takes due messages
// from the outbox (public.mail_outbox), has them composed (lib/orders/messages.ts: the sender knows no order) and
// sends them over SMTP (transport.ts).
//
// Exactly once between servers: a short service-role transaction claims due rows with FOR UPDATE SKIP LOCKED and
// marks them 'sending' with a lease (locked_until; next_attempt_at moves to the lease's end), so no other sender
// sees them. The message is sent outside any transaction, then marked 'sent'. A sender that dies between sending
// and marking leaves the row 'sending'; when the lease runs out the row is due again and goes out a second time —
// at most once more per crash, with the same Message-ID, so mail clients show it once.
//
// Retries: a failed try puts the row back to 'queued' with next_attempt_at pushed out by retryDelaySeconds
// (settings.ts: 30 s doubling to 1 h, ten tries over about 3 h); the last try, or a refusal that no retry can change
// (a 5xx to the message, a bad address), marks it 'failed' with the reason, which staff see and can resend.
// While the mail server is unreachable the sender asks it every PROBE_MS whether it is back, and once it is, the
// waiting messages go at once instead of at their next back-off time.
import { createHash } from 'node:crypto';
import { db, withActor, type DbRow, type Sql, type Tx } from '../core/db';
import { env } from '../core/env';
import { logError, logWarn } from '../core/log';
import type { ComposedMail } from './message';
import type { MailKind } from './outbox';
import { mailSenderSettings, retryDelaySeconds, type MailSenderSettings } from './settings';
import { fromAddress, mailTransport, SEND_TIMEOUT_MS, sendFailure, type MailTransport } from './transport';

/** An outbox row as the sender claimed it. */
export interface OutboxMail {
  id: number;
  kind: MailKind;
  orderId: string | null;
  /** The quote a quote mail is about. */
  quoteId: string | null;
  /** The trade account a trade mail is about. */
  tradeAccountId?: string | null;
  /** Null: the shop's own notification address, which the composer looks up. */
  to: string | null;
  dedupeKey: string;
  payload: Record<string, unknown>;
  /** This try's number, from 1. */
  attempts: number;
}

/** Turns an outbox row into the message to send. Throws ComposeRefusedError when it never can (its order is gone). */
export type ComposeMail = (mail: OutboxMail) => Promise<ComposedMail>;

export class ComposeRefusedError extends Error {
  readonly permanent = true;
}

export interface MailSenderOptions {
  compose: ComposeMail;
  transport?: MailTransport;
  /** The pool claims and marks run on (one per server; tests give each sender its own). */
  sql?: Sql;
  settings?: Partial<MailSenderSettings>;
  /** The right-hand side of Message-IDs (default: MAIL_FROM's domain). */
  messageIdDomain?: string;
}

export interface PassResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

export interface MailSender {
  /** One pass: claim what is due (up to BATCH), send it, mark it. */
  runOnce(): Promise<PassResult>;
  /** Polls every settings.pollMs (and at once when woken) until stopped. */
  start(): void;
  /** Looks at the outbox now (after a commit that queued mail) rather than at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

/** Messages sent at once by one sender (and SMTP connections it keeps open). */
export const CONCURRENCY = 4;
/** Rows claimed per pass: two rounds of CONCURRENCY; a full batch is followed by the next pass at once. */
export const BATCH = 2 * CONCURRENCY;
/** A claimed row's lease: two rounds of the longest try (SEND_TIMEOUT_MS, 50 s) and room to compose. */
export const LEASE_SECONDS = Math.ceil((2 * SEND_TIMEOUT_MS) / 1000) + 200;
/** While the mail server is unreachable, how often the sender checks whether it is back. */
export const PROBE_MS = 5_000;

type OutboxRow = DbRow<'mail_outbox', 'id' | 'order_id' | 'quote_id' | 'trade_account_id' | 'to_address' | 'dedupe_key' | 'attempts'> & {
  kind: MailKind;
  payload: Record<string, unknown>;
};

/** The same for every try of one message, and unique across databases that share ids. */
export function outboxMessageId(mail: Pick<OutboxMail, 'id' | 'dedupeKey'>, domain: string): string {
  const digest = createHash('sha256').update(mail.dedupeKey).digest('hex').slice(0, 16);
  return `<outbox.${mail.id}.${digest}@${domain}>`;
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export function createMailSender(opts: MailSenderOptions): MailSender {
  const settings = { ...mailSenderSettings(), ...opts.settings };
  const sql = opts.sql ?? db();
  const transport = () => opts.transport ?? mailTransport();
  const domain = opts.messageIdDomain ?? fromAddress(env().MAIL_FROM).split('@')[1] ?? 'localhost';
  // Service role: the outbox is the shop's own; the sender acts for nobody in particular.
  const asSender = <T>(fn: (tx: Tx) => Promise<T>) => withActor({ role: 'service_role' }, fn, sql);

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  let unreachable = false;
  let lastProbe = 0;
  let lastPassError = 0;

  async function claim(): Promise<OutboxMail[]> {
    const rows = await asSender(
      (tx) => tx<OutboxRow[]>`
        with due as (
          select id from public.mail_outbox
           where status in ('queued', 'sending') and next_attempt_at <= now()
           order by next_attempt_at, id
           limit ${BATCH}
           for update skip locked
        )
        update public.mail_outbox m
           set status = 'sending', attempts = m.attempts + 1,
               locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
               next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          from due where m.id = due.id
        returning m.id, m.kind, m.order_id, m.quote_id, m.trade_account_id, m.to_address, m.dedupe_key, m.payload, m.attempts`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      orderId: r.order_id,
      quoteId: r.quote_id,
      tradeAccountId: r.trade_account_id,
      to: r.to_address,
      dedupeKey: r.dedupe_key,
      payload: r.payload ?? {},
      attempts: r.attempts,
    }));
  }

  /** Back-off queued messages go now: the mail server that made them wait is back. */
  async function pullForward(): Promise<void> {
    await asSender((tx) => tx`
      update public.mail_outbox set next_attempt_at = now() where status = 'queued' and next_attempt_at > now()`);
  }

  async function deliver(mail: OutboxMail, result: PassResult): Promise<void> {
    let sent;
    try {
      const message = await opts.compose(mail);
      sent = await transport().send(message, outboxMessageId(mail, domain));
    } catch (err) {
      await markFailure(mail, err, result);
      return;
    }
    // Sent: if this mark fails (the database away), the lease runs out and the message goes once more.
    await asSender((tx) => tx`
      update public.mail_outbox
         set status = 'sent', sent_at = now(), message_id = ${sent.messageId}, locked_until = null, last_error = null
       where id = ${mail.id} and status = 'sending' and attempts = ${mail.attempts}`);
    result.sent++;
    if (unreachable) {
      unreachable = false;
      await pullForward();
    }
  }

  async function markFailure(mail: OutboxMail, err: unknown, result: PassResult): Promise<void> {
    const failure = err instanceof ComposeRefusedError ? { permanent: true, unreachable: false, reason: err.message } : sendFailure(err);
    if (failure.unreachable) unreachable = true;
    const final = failure.permanent || mail.attempts >= settings.maxAttempts;
    const delay = final ? 0 : retryDelaySeconds(mail.attempts, settings.retryBaseSeconds);
    await asSender((tx) => tx`
      update public.mail_outbox
         set status = ${final ? 'failed' : 'queued'}, last_error = ${failure.reason.slice(0, 1000)}, locked_until = null,
             next_attempt_at = now() + make_interval(secs => ${delay})
       where id = ${mail.id} and status = 'sending' and attempts = ${mail.attempts}`);
    const fields = { mail: mail.id, kind: mail.kind, attempt: mail.attempts, reason: failure.reason };
    if (final) {
      result.failed++;
      logError('mail failed for good', err, fields);
    } else {
      result.retried++;
      logWarn('mail send failed; will retry', { ...fields, retryInSeconds: Math.round(delay) });
    }
  }

  async function runOnce(): Promise<PassResult> {
    const result: PassResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    if (unreachable && Date.now() - lastProbe >= PROBE_MS) {
      lastProbe = Date.now();
      if (await transport().verify()) {
        unreachable = false;
        await pullForward();
      }
    }
    const claimed = await claim();
    result.claimed = claimed.length;
    await mapLimit(claimed, CONCURRENCY, (mail) => deliver(mail, result));
    return result;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    // The timer never keeps a process alive on its own.
    timer.unref();
  }

  function tick(): void {
    timer = null;
    if (stopped || running) {
      again = !stopped;
      return;
    }
    running = runOnce().then(
      (r) => {
        if (r.claimed === BATCH) again = true;
      },
      (err: unknown) => {
        // The database is away: say so once a minute, not once a poll.
        if (Date.now() - lastPassError > 60_000) logError('mail sender pass failed', err);
        lastPassError = Date.now();
      },
    );
    void running.finally(() => {
      running = null;
      const now = again;
      again = false;
      schedule(now ? 0 : settings.pollMs);
    });
  }

  return {
    runOnce,
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (!started || stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

const globalForSender = globalThis as unknown as { __shopMailSender?: MailSender };

/**
 * Starts this process's sender (instrumentation.ts), unless MAIL_SENDER=off. Kept on globalThis: the server's
 * bundles (instrumentation, route handlers, actions) each have their own copy of this module, and wakeMailSender
 * from any of them must reach the one sender.
 */
export function startMailSender(opts: MailSenderOptions): MailSender | null {
  const settings = { ...mailSenderSettings(), ...opts.settings };
  if (!settings.enabled) return null;
  if (!globalForSender.__shopMailSender) {
    globalForSender.__shopMailSender = createMailSender({ ...opts, settings });
    globalForSender.__shopMailSender.start();
  }
  return globalForSender.__shopMailSender;
}

/** Call after a commit that queued mail: this server's sender sends it now rather than at its next poll. */
export function wakeMailSender(): void {
  globalForSender.__shopMailSender?.wake();
}

/** Stops this process's sender (tests). */
export async function stopMailSender(): Promise<void> {
  const sender = globalForSender.__shopMailSender;
  globalForSender.__shopMailSender = undefined;
  await sender?.stop();
}
