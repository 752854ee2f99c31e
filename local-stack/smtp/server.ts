// The local SMTP server the shop's own mail goes to (npm start, the tests, the bench): a real SMTP listener
// (smtp-server) that parses each message with mailparser and stores it in the local mailbox
// (local_mailbox.messages and .attachments), where the mailbox page and its JSON API show it beside the Auth
// stand-in's mail. The shop reaches it through SMTP_URL exactly as it reaches a hosted mail server. Tests can make
// it refuse the next messages (451, try again later) or go down and come back.
import { simpleParser, type AddressObject } from 'mailparser';
import postgres from 'postgres';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Pool } from '../api/db';
import { deliverSmtp } from '../api/mailbox/store';
import type { StandInLog } from '../log';

/** Larger than any mail the shop sends (an invoice of 500 lines is well under 1 MB), like a hosted relay's limit. */
export const SMTP_SIZE_LIMIT = 25 * 1024 * 1024;

export interface SmtpServerOptions {
  port: number;
  databaseUrl: string;
  log?: StandInLog;
  sizeLimit?: number;
}

/** What the mailbox's control endpoint reports and changes (local-stack/api/mailbox/router.ts). */
export interface SmtpControl {
  /** Answers the next `n` messages 451 (try again later) at MAIL FROM; 0 stops refusing. */
  refuseNext(n: number): void;
  /** Goes down: open connections are closed and new ones refused, until `start()`. */
  stop(): Promise<void>;
  /** Comes back on the same port. */
  start(): Promise<void>;
  state(): SmtpState;
}

export interface SmtpState {
  up: boolean;
  /** Messages still to be refused. */
  refusing: number;
  /** Messages stored since the server started. */
  received: number;
  /** Messages refused since the server started. */
  refused: number;
}

export interface LocalSmtpServer extends SmtpControl {
  url: string;
  port: number;
  /** Shuts down for good (the stack's teardown). */
  close(): Promise<void>;
}

class SmtpError extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);
}

async function storeMessage(pool: Pool, stream: SMTPServerDataStream, session: SMTPServerSession): Promise<number> {
  const parsed = await simpleParser(stream);
  if (stream.sizeExceeded) throw new SmtpError(552, 'Message exceeds the size limit');
  const html = parsed.html || '';
  // One mailbox row per envelope recipient, as a mail catcher keeps one copy per mailbox.
  const recipients = session.envelope.rcptTo.map((r) => r.address);
  const fallback = addresses(parsed.to);
  for (const to of recipients.length ? recipients : fallback) {
    await deliverSmtp(pool, {
      to,
      // As the header says it, name and address ('Aurelia Fine Jewelry <orders@aurelia.test>').
      from: parsed.from?.text || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html,
      messageId: parsed.messageId ?? null,
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? null,
        contentType: a.contentType,
        content: a.content,
      })),
    });
  }
  return recipients.length || fallback.length;
}

export async function startSmtpServer(opts: SmtpServerOptions): Promise<LocalSmtpServer> {
  const pool = postgres(opts.databaseUrl, { max: 4, onnotice: () => {} }) as unknown as Pool;
  const state = { up: false, refusing: 0, received: 0, refused: 0 };
  let server: SMTPServer | null = null;

  const create = () =>
    new SMTPServer({
      // A local catcher: no login, no TLS upgrade (nodemailer would try STARTTLS with its self-signed certificate).
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: opts.sizeLimit ?? SMTP_SIZE_LIMIT,
      banner: 'local mailbox',
      logger: false,
      // Going down should be quick: open connections are cut after this, not the default 30 s.
      closeTimeout: 100,
      onMailFrom(_address, _session, callback) {
        if (state.refusing > 0) {
          state.refusing--;
          state.refused++;
          return callback(new SmtpError(451, '4.3.2 Try again later'));
        }
        callback();
      },
      onData(stream, session, callback) {
        storeMessage(pool, stream, session).then(
          (count) => {
            state.received += count;
            callback();
          },
          (err: unknown) => {
            stream.resume();
            opts.log?.(`smtp: could not store a message: ${err instanceof Error ? err.message : String(err)}`, 'error');
            callback(err instanceof SmtpError ? err : new SmtpError(451, '4.3.0 Could not store the message'));
          },
        );
      },
    });

  const listen = async () => {
    const next = create();
    next.on('error', (err) => opts.log?.(`smtp: ${err.message}`, 'error'));
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(opts.port, '127.0.0.1', () => {
        next.server.off('error', reject);
        resolve();
      });
    }).catch((err: unknown) => {
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`The local SMTP server could not listen on 127.0.0.1:${opts.port} (${reason})`);
    });
    server = next;
    state.up = true;
  };

  const down = async () => {
    const current = server;
    server = null;
    state.up = false;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  try {
    await listen();
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    url: `smtp://127.0.0.1:${opts.port}`,
    port: opts.port,
    refuseNext: (n) => {
      state.refusing = Math.max(0, Math.floor(n));
    },
    stop: down,
    start: async () => {
      if (!server) await listen();
    },
    state: () => ({ ...state }),
    close: async () => {
      await down();
      await pool.end();
    },
  };
}
