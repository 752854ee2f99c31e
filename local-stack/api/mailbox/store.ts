// The local mailbox: every mail the stand-ins send, and every mail the local SMTP server receives (the shop's own
// mail), is a row of local_mailbox.messages; SMTP attachments are rows of local_mailbox.attachments.
import { jsonb, type Db, type Pool } from '../db';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  code: string | null;
}

export interface AttachmentInfo {
  /** Its place in the message, from 0: /mailbox/api/messages/{id}/attachments/{index}. */
  index: number;
  filename: string | null;
  contentType: string;
  size: number;
  url: string;
}

export interface Mail extends OutgoingMail {
  id: number;
  created_at: string;
  /** 'auth': written by the Auth stand-in; 'smtp': received by the local SMTP server. */
  source: 'auth' | 'smtp';
  from: string | null;
  messageId: string | null;
  attachments: AttachmentInfo[];
}

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | null;
  attachments: { filename: string | null; contentType: string; content: Buffer }[];
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
  source: 'auth' | 'smtp';
  from_address: string | null;
  message_id: string | null;
  attachments: { index: number; filename: string | null; contentType: string; size: number }[];
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
  source: r.source,
  from: r.from_address,
  messageId: r.message_id,
  attachments: r.attachments.map((a) => ({ ...a, url: `/mailbox/api/messages/${r.id}/attachments/${a.index}` })),
});

/** Every link of a message: the hrefs of its HTML, else the URLs of its text. */
export function linksOf(html: string, text: string): string[] {
  const hrefs = [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  const found = hrefs.length ? hrefs : [...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => m[0]);
  return [...new Set(found)];
}

export async function deliver(db: Db, mail: OutgoingMail): Promise<number> {
  const [row] = await db<{ id: string }[]>`
    insert into local_mailbox.messages (to_address, subject, text_body, html_body, links, code)
    values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${jsonb(mail.links)}::text::jsonb, ${mail.code})
    returning id`;
  return Number(row?.id);
}

/** A message the local SMTP server received, with its attachments, in one transaction. */
export async function deliverSmtp(pool: Pool, mail: ReceivedMail): Promise<number> {
  return pool.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into local_mailbox.messages
        (source, to_address, from_address, subject, text_body, html_body, links, code, message_id)
      values ('smtp', ${mail.to}, ${mail.from}, ${mail.subject}, ${mail.text}, ${mail.html},
              ${jsonb(linksOf(mail.html, mail.text))}::text::jsonb, null, ${mail.messageId})
      returning id`;
    const id = Number(row!.id);
    for (const [position, a] of mail.attachments.entries()) {
      await tx`
        insert into local_mailbox.attachments (message_id, position, filename, content_type, size, content)
        values (${id}, ${position}, ${a.filename}, ${a.contentType}, ${a.content.length}, ${a.content})`;
    }
    return id;
  }) as Promise<number>;
}

const SELECT = `
  select m.*, coalesce((
    select json_agg(json_build_object('index', a.position, 'filename', a.filename, 'contentType', a.content_type,
                                      'size', a.size) order by a.position)
      from local_mailbox.attachments a where a.message_id = m.id), '[]') as attachments
    from local_mailbox.messages m`;

/** Newest first; `to` matches the recipient case-insensitively. */
export async function listMail(db: Db, opts: { to?: string | null; limit?: number } = {}): Promise<Mail[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
  const rows = opts.to
    ? await db.unsafe<MessageRow[]>(`${SELECT} where lower(m.to_address) = lower($1) order by m.id desc limit $2`, [opts.to, limit])
    : await db.unsafe<MessageRow[]>(`${SELECT} order by m.id desc limit $1`, [limit]);
  return rows.map(toMail);
}

export async function getMail(db: Db, id: number): Promise<Mail | null> {
  const [row] = await db.unsafe<MessageRow[]>(`${SELECT} where m.id = $1`, [id]);
  return row ? toMail(row) : null;
}

export interface AttachmentFile {
  filename: string | null;
  contentType: string;
  content: Buffer;
}

export async function getAttachment(db: Db, messageId: number, index: number): Promise<AttachmentFile | null> {
  const [row] = await db<{ filename: string | null; content_type: string; content: Buffer }[]>`
    select filename, content_type, content from local_mailbox.attachments
     where message_id = ${messageId} and position = ${index}`;
  return row ? { filename: row.filename, contentType: row.content_type, content: row.content } : null;
}

export async function clearMail(db: Db, to?: string | null): Promise<number> {
  const result = to
    ? await db`delete from local_mailbox.messages where lower(to_address) = lower(${to})`
    : await db`delete from local_mailbox.messages`;
  return result.count;
}
