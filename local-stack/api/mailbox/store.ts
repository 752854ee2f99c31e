// The local mailbox: every mail the stand-ins send is a row of local_mailbox.messages.
import { jsonb, type Db } from '../db';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  code: string | null;
}

export interface Mail extends OutgoingMail {
  id: number;
  created_at: string;
}

interface MessageRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: string[];
  code: string | null;
  created_at: Date;
}

const toMail = (r: MessageRow): Mail => ({
  id: Number(r.id),
  to: r.to_address,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  created_at: r.created_at.toISOString(),
  links: r.links,
  code: r.code,
});

export async function deliver(db: Db, mail: OutgoingMail): Promise<number> {
  const [row] = await db<{ id: string }[]>`
    insert into local_mailbox.messages (to_address, subject, text_body, html_body, links, code)
    values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${jsonb(mail.links)}::text::jsonb, ${mail.code})
    returning id`;
  return Number(row?.id);
}

/** Newest first; `to` matches the recipient case-insensitively. */
export async function listMail(db: Db, opts: { to?: string | null; limit?: number } = {}): Promise<Mail[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
  const rows = opts.to
    ? await db<MessageRow[]>`
        select * from local_mailbox.messages where lower(to_address) = lower(${opts.to}) order by id desc limit ${limit}`
    : await db<MessageRow[]>`select * from local_mailbox.messages order by id desc limit ${limit}`;
  return rows.map(toMail);
}

export async function getMail(db: Db, id: number): Promise<Mail | null> {
  const [row] = await db<MessageRow[]>`select * from local_mailbox.messages where id = ${id}`;
  return row ? toMail(row) : null;
}

export async function clearMail(db: Db, to?: string | null): Promise<number> {
  const result = to
    ? await db`delete from local_mailbox.messages where lower(to_address) = lower(${to})`
    : await db`delete from local_mailbox.messages`;
  return result.count;
}
