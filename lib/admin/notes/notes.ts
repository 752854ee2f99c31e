import 'server-only';
// Staff notes (supabase/migrations/20261210000400_orders.sql): read and written as the admin under
// RLS, which lets staff alone read them and signs each note with its writer. Never read for a buyer.
import { ActionError } from '../../core/action-result';
import { env } from '../../core/env';
import { formatDateTime } from '../../core/format/date';
import type { Tx } from '../../core/db';
import type { NoteSubject } from './schema';

export interface StaffNote {
  id: number;
  body: string;
  author: string;
  /** When, in the shop's time zone. */
  at: string;
  createdAt: string;
}

/** The newest notes first, 50 at most. */
export async function listNotes(tx: Tx, subject: NoteSubject): Promise<StaffNote[]> {
  const where = 'orderId' in subject ? tx`order_id = ${subject.orderId}` : tx`customer_key = ${subject.customerKey}`;
  const rows = await tx<{ id: string; body: string; author_email: string | null; created_at: Date }[]>`
    select id, body, author_email, created_at from public.staff_notes where ${where} order by id desc limit 50`;
  const zone = env().SHOP_TIME_ZONE;
  return rows.map((r) => ({
    id: Number(r.id),
    body: r.body,
    author: r.author_email ?? 'Staff',
    at: formatDateTime(r.created_at, zone),
    createdAt: r.created_at.toISOString(),
  }));
}

export async function addNote(tx: Tx, subject: NoteSubject & { body: string }, author: { id: string; email: string | null }): Promise<StaffNote[]> {
  const exists = 'orderId' in subject
    ? await tx`select 1 from public.orders where id = ${subject.orderId}`
    : await tx`select 1 from public.customers where key = ${subject.customerKey}`;
  if (exists.length === 0) throw new ActionError('orderId' in subject ? 'That order does not exist.' : 'That customer does not exist.', 404);
  await tx`
    insert into public.staff_notes (order_id, customer_key, body, author_id, author_email)
    values (${'orderId' in subject ? subject.orderId : null}, ${'customerKey' in subject ? subject.customerKey : null},
            ${subject.body}, ${author.id}, ${author.email})`;
  return listNotes(tx, 'orderId' in subject ? { orderId: subject.orderId } : { customerKey: subject.customerKey });
}
