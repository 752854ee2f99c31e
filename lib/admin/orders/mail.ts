import 'server-only';
// The order's mail for the expanded row's Mail panel, read as the admin under RLS ("admins read mail"), and the
// Resend of a failed message: back to the queue with a fresh set of tries (RLS lets an admin make exactly that
// change: failed → queued).
import { ActionError } from '../../core/action-result';
import type { DbRow, Tx } from '../../core/db';
import { formatDateTime } from '../../core/format/date';
import { RESEND_NOT_FAILED, type MailStatus } from '../../mail/labels';
import type { MailKind } from '../../mail/outbox';
import type { AdminMail } from './types';

// order_id is never null here: the read asks for orders' mail.
type MailRow = DbRow<'mail_outbox', 'id' | 'to_address' | 'attempts' | 'last_error' | 'created_at' | 'next_attempt_at' | 'sent_at'> & {
  order_id: string;
  kind: MailKind;
  status: MailStatus;
};

function when(r: MailRow, timeZone: string): string {
  const at = (d: Date) => formatDateTime(d, timeZone);
  switch (r.status) {
    case 'sent':
      return `Sent ${at(r.sent_at ?? r.created_at)}`;
    case 'failed':
      return `Gave up ${at(r.next_attempt_at)} after ${r.attempts} ${r.attempts === 1 ? 'try' : 'tries'}`;
    case 'sending':
      return `Sending (try ${r.attempts})`;
    case 'queued':
      return r.attempts > 0 ? `Next try ${at(r.next_attempt_at)} (${r.attempts} failed)` : `Queued ${at(r.next_attempt_at)}`;
  }
}

/** Each order's messages, oldest first. */
export async function loadOrderMail(tx: Tx, orderIds: string[], timeZone: string): Promise<Map<string, AdminMail[]>> {
  const byOrder = new Map<string, AdminMail[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx<MailRow[]>`
    select id, order_id, kind, to_address, status, attempts, last_error, created_at, next_attempt_at, sent_at
      from public.mail_outbox where order_id = any(${orderIds}::uuid[]) order by order_id, id`;
  for (const r of rows) {
    const list = byOrder.get(r.order_id) ?? [];
    list.push({ id: Number(r.id), kind: r.kind, to: r.to_address, status: r.status, lastError: r.last_error, when: when(r, timeZone) });
    byOrder.set(r.order_id, list);
  }
  return byOrder;
}

/** Queues a failed message again, as the admin; anything but a failed message is refused. */
export async function resendFailedMail(tx: Tx, mailId: number): Promise<{ id: number; orderId: string | null }> {
  const [row] = await tx<{ id: string; order_id: string | null }[]>`
    update public.mail_outbox set status = 'queued', attempts = 0, next_attempt_at = now()
     where id = ${mailId} and status = 'failed'
     returning id, order_id`;
  if (!row) throw new ActionError(RESEND_NOT_FAILED, 409);
  return { id: Number(row.id), orderId: row.order_id };
}
