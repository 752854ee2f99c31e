// Reads the local mailbox of the API stand-in (GET /mailbox/api/messages) from tests.

export interface MailAttachment {
  index: number;
  filename: string | null;
  contentType: string;
  size: number;
  /** Path on the API stand-in: /mailbox/api/messages/{id}/attachments/{index}. */
  url: string;
}

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
  links: string[];
  code: string | null;
  /** 'auth': the Auth stand-in's mail; 'smtp': the shop's own, received by the local SMTP server. */
  source: 'auth' | 'smtp';
  from: string | null;
  messageId: string | null;
  attachments: MailAttachment[];
}

export interface LatestMailOptions {
  /** How long to wait for a mail to arrive (default 3 s). */
  timeoutMs?: number;
  /** Only mail delivered after this one (its id) counts, so an older mail is not mistaken for the new one. */
  after?: number | Mail | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** All mail to `to`, newest first. `apiUrl` is the API base URL (NEXT_PUBLIC_SUPABASE_URL). */
export async function mailTo(apiUrl: string, to: string): Promise<Mail[]> {
  const res = await fetch(`${apiUrl.replace(/\/$/, '')}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as Mail[];
}

/** The newest mail to `to`, polling briefly until one arrives; null when none came in time. */
export async function latestMail(apiUrl: string, to: string, opts: LatestMailOptions = {}): Promise<Mail | null> {
  const after = typeof opts.after === 'object' && opts.after !== null ? opts.after.id : (opts.after ?? 0);
  const deadline = Date.now() + (opts.timeoutMs ?? 3000);
  for (;;) {
    const [newest] = await mailTo(apiUrl, to);
    if (newest && newest.id > after) return newest;
    if (Date.now() >= deadline) return null;
    await sleep(50);
  }
}

/** Empties the mailbox (all mail, or only mail to `to`). */
export async function clearMailbox(apiUrl: string, to?: string): Promise<void> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const res = await fetch(`${apiUrl.replace(/\/$/, '')}/mailbox/api/messages${query}`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
}

/** The query parameters of a mail's first link (token_hash, type, next for auth mails). */
export function linkParams(mail: Mail): URLSearchParams {
  const link = mail.links[0];
  if (!link) throw new Error(`mail "${mail.subject}" has no link`);
  return new URL(link).searchParams;
}
