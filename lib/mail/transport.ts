import 'server-only';
// The one way the shop's mail leaves: nodemailer over SMTP_URL, from MAIL_FROM. The same code talks to the local
// SMTP server (local-stack/smtp) in development and tests and to the hosted mail server in production. Pooled
// connections (a sender sends several messages at once), timeouts short enough that a hung server costs a try, not
// the sender, and no file or URL access from message content.
import nodemailer from 'nodemailer';
import { encodeWord } from 'nodemailer/lib/mime-funcs';
import { env } from '../core/env';
import { composedMailSchema, type ComposedMail } from './message';

export interface SendResult {
  messageId: string;
  response: string;
}

export interface MailTransport {
  /** Sends one message with the given Message-ID (the same on a resend, so mail clients see one message). */
  send(mail: ComposedMail, messageId: string): Promise<SendResult>;
  /** Whether the mail server answers (a connection and a greeting, no mail). */
  verify(): Promise<boolean>;
  close(): void;
}

/** A message refused before it reached SMTP: a bad address or subject. Trying again cannot help. */
export class MailRefusedError extends Error {
  readonly permanent = true;
}

export interface TransportOptions {
  smtpUrl: string;
  from: string;
  /** Connections kept open to the mail server (default 4: a sender sends that many messages at once). */
  maxConnections?: number;
}

// Seconds to connect, to get the server's greeting, and of silence mid-conversation before a try counts as failed.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;
/** The longest one try can take: the sender's lease on a message must be longer. */
export const SEND_TIMEOUT_MS = CONNECTION_TIMEOUT_MS + GREETING_TIMEOUT_MS + SOCKET_TIMEOUT_MS;

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1';
}

/**
 * A header value that carries text from the database or a person, as the shop's own encoded-words (RFC 2047,
 * UTF-8, base64) whenever it holds anything but printable ASCII or the `=?` that opens an encoded-word. A name
 * written as encoded-words ('=?utf-8?q?x=0D=0ABcc…?=') then reaches the reader as that literal text: mail clients
 * decode only what the shop encoded. Nodemailer itself passes a well-formed encoded-word through untouched.
 */
export function headerText(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) && !value.includes('=?') ? value : encodeWord(value, 'B', 52);
}

/** The address part of MAIL_FROM ('Shop <orders@shop.example>' → 'orders@shop.example'). */
export function fromAddress(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

export function createMailTransport(opts: TransportOptions): MailTransport {
  const url = new URL(opts.smtpUrl);
  const transporter = nodemailer.createTransport({
    url: opts.smtpUrl,
    pool: true,
    maxConnections: opts.maxConnections ?? 4,
    maxMessages: 100,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // A password never crosses the network in clear: with credentials, a remote smtp:// server must offer STARTTLS
    // (`?requireTLS=false` in SMTP_URL says otherwise). Credentials-free relays and the local server may go plain.
    requireTLS: Boolean(url.username || url.password) && !isLoopback(url.hostname),
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail, messageId) {
      const parsed = composedMailSchema.safeParse(mail);
      if (!parsed.success) throw new MailRefusedError(parsed.error.issues[0]?.message ?? 'The message is not valid.');
      const m = parsed.data;
      const info = await transporter.sendMail({
        from: opts.from,
        to: m.to,
        subject: headerText(m.subject),
        html: m.html,
        text: m.text,
        messageId,
        // Notices the shop sends on its own: auto-replies (out of office) are not sent back to it (RFC 3834).
        headers: { 'Auto-Submitted': 'auto-generated' },
        attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      return { messageId: info.messageId, response: String(info.response ?? '') };
    },
    async verify() {
      try {
        return await transporter.verify();
      } catch {
        return false;
      }
    },
    close() {
      transporter.close();
    },
  };
}

const globalForMail = globalThis as unknown as { __shopMailTransport?: MailTransport };

/** This process's transport, from SMTP_URL and MAIL_FROM. */
export function mailTransport(): MailTransport {
  globalForMail.__shopMailTransport ??= createMailTransport({ smtpUrl: env().SMTP_URL, from: env().MAIL_FROM });
  return globalForMail.__shopMailTransport;
}

export interface SendFailure {
  /** Trying again cannot help: the server refused the message for good (5xx) or it never was valid. */
  permanent: boolean;
  /** The mail server could not be reached or hung up: every message fails alike until it is back. */
  unreachable: boolean;
  /** For staff, in the admin's Mail panel: the server's own words, or what went wrong. */
  reason: string;
}

const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'ETLS']);

/** What a failed send means for the message. */
export function sendFailure(err: unknown): SendFailure {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown } | null;
  const reason = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim().slice(0, 500) || 'Unknown error';
  if (err instanceof MailRefusedError) return { permanent: true, unreachable: false, reason };
  const responseCode = typeof e?.responseCode === 'number' ? e.responseCode : null;
  // 421: the server is closing the connection (shutting down, overloaded): as good as unreachable.
  if (responseCode === 421) return { permanent: false, unreachable: true, reason };
  const code = typeof e?.code === 'string' ? e.code : '';
  // A 5xx to this message's envelope or content is final; a 5xx to the login (a wrong password) is the shop's own
  // setting to fix, and the message keeps its tries meanwhile.
  const refusedForGood = responseCode !== null && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE');
  return { permanent: refusedForGood, unreachable: responseCode === null && UNREACHABLE_CODES.has(code), reason };
}
