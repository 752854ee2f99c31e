import 'server-only';
// The mail outbox (public.mail_outbox): a message is written in the same transaction as the event that causes it,
// so an order that commits has its mail queued and one that rolls back has none. The senders (sender.ts) send
// what is queued; nothing here waits for SMTP. The dedupe key names the event: running the same event's code twice
// (a webhook and the confirmation page, a double click) queues one message.
import type { Tx } from '../core/db';

export const MAIL_KINDS = [
  'order_confirmation',
  'order_notice',
  'dispatched',
  'refund',
  'quote_request',
  'quote_received',
  'quote_sent',
  'quote_declined',
  'trade_application',
  'trade_decision',
  'certificate_expiring',
  'trade_invite',
  'terms_invoice',
  'terms_reminder',
  'terms_overdue',
  'shipment',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface QueuedMail {
  kind: MailKind;
  orderId: string | null;
  /** The quote a quote mail is about (lib/quotes). */
  quoteId?: string | null;
  /** The trade account a trade mail is about (lib/trade). */
  tradeAccountId?: string | null;
  /** The recipient; null for the shop's own notification address, looked up when sending. */
  to: string | null;
  dedupeKey: string;
  /** What the message says beyond what the sender reads from the database (carrier and tracking, refund id). */
  payload?: Record<string, unknown>;
}

/** Queues `mail` in the caller's transaction; returns false when the same event's message is already queued. */
export async function enqueueMail(tx: Tx, mail: QueuedMail): Promise<boolean> {
  return (await enqueueMails(tx, [mail])) > 0;
}

/** Queues several messages in one statement; returns how many were new. */
export async function enqueueMails(tx: Tx, mails: QueuedMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const rows = mails.map((m) => ({
    kind: m.kind,
    order_id: m.orderId,
    quote_id: m.quoteId ?? null,
    trade_account_id: m.tradeAccountId ?? null,
    to_address: m.to,
    dedupe_key: m.dedupeKey,
    payload: tx.json((m.payload ?? {}) as never) as unknown as string,
  }));
  const inserted = await tx`
    insert into public.mail_outbox ${tx(rows, 'kind', 'order_id', 'quote_id', 'trade_account_id', 'to_address', 'dedupe_key', 'payload')}
    on conflict (dedupe_key) do nothing
    returning id`;
  return inserted.length;
}

/**
 * How long, in whole seconds, the oldest message due for sending has waited, or null when none is due (/api/health).
 * Every sender looks at the outbox each second, so a long wait means no sender is sending. Claimed and backed-off
 * messages are due only later; the index of due messages answers this without reading the table.
 */
export async function oldestDueMailSeconds(tx: Tx): Promise<number | null> {
  const [row] = await tx<{ seconds: number | null }[]>`
    select floor(extract(epoch from now() - min(next_attempt_at)))::int as seconds from public.mail_outbox
     where status in ('queued', 'sending') and next_attempt_at <= now()`;
  return row?.seconds ?? null;
}
