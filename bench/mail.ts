// Mail drain: BENCH_MAIL_COUNT (default 1,000) messages queued at once in the outbox, sent to the local SMTP server by
// two app servers of the bench's production build (one worker each, so two senders racing, as instrumentation.ts
// starts them), each message exactly once. The four kinds in equal parts, over the seeded orders, each to its own
// recipient; every message is composed and rendered for real (React Email, HTML and text). Reported: the seconds
// from queuing to the last message marked sent, against the 30 s budget.
import postgres from 'postgres';
import { databaseUrl, type StackConfig } from '../local-stack/config';
import type { ServerLog } from '../tests/support/server-log';
import { loadAverage, waitForQuiet } from '../scripts/wait-for-quiet';
import { startServer, type BenchServer } from './workers';

const COUNT = Number(process.env.BENCH_MAIL_COUNT) || 1000;
const BUDGET_SECONDS = 30;

export interface MailBenchOptions {
  cfg: StackConfig;
  env: NodeJS.ProcessEnv;
  /** The first of the two servers' ports. */
  port: number;
  log: ServerLog;
}

export async function benchMail({ cfg, env, port, log }: MailBenchOptions) {
  const sql = postgres(databaseUrl(cfg), { max: 2, onnotice: () => {} });
  const servers: BenchServer[] = [];
  try {
    const orders = await sql<{ id: string }[]>`select id from orders order by created_at desc limit 50`;
    if (orders.length === 0) throw new Error('the bench database has no orders to write about');
    // What an earlier run left queued is out of the way: only this run's messages are counted and waited for.
    await sql`update mail_outbox set status = 'failed', last_error = 'left by an earlier bench run' where status in ('queued', 'sending')`;
    const tag = `bench-${Date.now().toString(36)}`;
    for (const name of ['mail-A', 'mail-B']) {
      servers.push(await startServer(port + servers.length, { ...env, MAIL_SENDER: 'on' }, 1, log, name));
    }
    const loadAvg = await waitForQuiet();

    const t0 = performance.now();
    await sql`
      insert into mail_outbox (kind, order_id, to_address, dedupe_key, payload)
      select (array['order_confirmation', 'order_notice', 'dispatched', 'refund'])[1 + g % 4],
             (${orders.map((o) => o.id)}::uuid[])[1 + g % ${orders.length}],
             ${tag} || '-' || g || '@mail.test', ${tag} || ':' || g,
             case g % 4
               when 2 then jsonb_build_object('carrier', 'UPS', 'trackingNumber', '1Z' || g, 'trackingUrl', 'https://www.ups.com/track?tracknum=1Z' || g)
               when 3 then jsonb_build_object('amountCents', 1000, 'remainingCents', 500)
               else '{}'::jsonb
             end
        from generate_series(1, ${COUNT}) g`;
    for (;;) {
      const [row] = await sql<{ sent: number; failed: number }[]>`
        select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed
          from mail_outbox where dedupe_key like ${tag + ':%'}`;
      if (row!.failed > 0) throw new Error(`${row!.failed} bench messages failed`);
      if (row!.sent === COUNT) break;
      if (performance.now() - t0 > 5 * BUDGET_SECONDS * 1000) throw new Error(`only ${row!.sent} of ${COUNT} messages sent`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - t0) / 1000;

    // Each once: one try per message, one message per recipient at the SMTP server, with the outbox's Message-ID.
    const [check] = await sql<{ tries: number; received: number; distinct_ids: number; matching: number }[]>`
      select (select sum(attempts)::int from mail_outbox where dedupe_key like ${tag + ':%'}) as tries,
             (select count(*)::int from local_mailbox.messages where to_address like ${tag + '-%'}) as received,
             (select count(distinct message_id)::int from local_mailbox.messages where to_address like ${tag + '-%'}) as distinct_ids,
             (select count(*)::int from mail_outbox o join local_mailbox.messages m
                on m.to_address = o.to_address and m.message_id = o.message_id
               where o.dedupe_key like ${tag + ':%'}) as matching`;
    const once = check!.tries === COUNT && check!.received === COUNT && check!.distinct_ids === COUNT && check!.matching === COUNT;
    if (!once) throw new Error(`expected each of ${COUNT} messages sent once, got ${JSON.stringify(check)}`);
    const result = {
      messages: COUNT,
      servers: 2,
      senders: 2,
      seconds: +seconds.toFixed(2),
      messages_per_s: Math.round(COUNT / seconds),
      budget_s: BUDGET_SECONDS,
      within_budget: seconds <= BUDGET_SECONDS,
      each_sent_once: once,
      load_average: loadAvg,
      load_average_after: await loadAverage(),
    };
    return result;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await sql.end();
  }
}
