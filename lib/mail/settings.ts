// The mail sender's settings: how often it looks at the outbox, how it backs off, how many tries a message gets.
// Read from the environment once, validated like every variable (a bad value stops the server's start with the
// variable named), with defaults that need no setting. Pure apart from reading `process.env`.
import { z } from 'zod';

export interface MailSenderSettings {
  /** MAIL_SENDER=off: this server sends nothing (another server's sender does). */
  enabled: boolean;
  /** MAIL_POLL_MS: how often an idle sender looks for due mail; the app also wakes it after queuing some. */
  pollMs: number;
  /** MAIL_RETRY_BASE_SECONDS: the first retry's delay; each later one doubles, up to RETRY_CAP_SECONDS. */
  retryBaseSeconds: number;
  /** MAIL_MAX_ATTEMPTS: tries before a message is marked failed. */
  maxAttempts: number;
}

/** No wait between two tries is longer than an hour. */
export const RETRY_CAP_SECONDS = 3600;

export const DEFAULT_MAIL_SENDER_SETTINGS: MailSenderSettings = {
  enabled: true,
  pollMs: 1000,
  retryBaseSeconds: 30,
  maxAttempts: 10,
};

const number = (name: string, min: number, max: number, int: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || n < min || n > max || (int && !Number.isInteger(n))) {
        ctx.addIssue({ code: 'custom', message: `${name} must be ${int ? 'a whole number' : 'a number'} from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const schema = z.object({
  MAIL_SENDER: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((v) => v === undefined || v === '' || v === 'on' || v === 'off', { message: 'MAIL_SENDER must be on or off' }),
  MAIL_POLL_MS: number('MAIL_POLL_MS', 10, 600_000, true),
  MAIL_RETRY_BASE_SECONDS: number('MAIL_RETRY_BASE_SECONDS', 0.01, 3600, false),
  MAIL_MAX_ATTEMPTS: number('MAIL_MAX_ATTEMPTS', 1, 100, true),
});

/** The settings from `source` (process.env by default); throws one error naming every bad variable. */
export function mailSenderSettings(source: Record<string, string | undefined> = process.env): MailSenderSettings {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid mail sender configuration:\n${parsed.error.issues.map((i) => `  ${i.message}`).join('\n')}`);
  }
  const d = DEFAULT_MAIL_SENDER_SETTINGS;
  return {
    enabled: parsed.data.MAIL_SENDER !== 'off',
    pollMs: parsed.data.MAIL_POLL_MS ?? d.pollMs,
    retryBaseSeconds: parsed.data.MAIL_RETRY_BASE_SECONDS ?? d.retryBaseSeconds,
    maxAttempts: parsed.data.MAIL_MAX_ATTEMPTS ?? d.maxAttempts,
  };
}

/**
 * Seconds to wait after the `attempts`-th failed try: base × 2^(attempts − 1), at most RETRY_CAP_SECONDS, plus up
 * to a fifth more at random so messages that failed together do not all come back in the same second.
 * With the defaults (30 s, 10 tries) the waits are 30 s, 1, 2, 4, 8, 16 and 32 min, then 1 h twice: the tenth and
 * last try comes about 3 h after the first, so an SMTP server down for ten minutes (or two hours) loses nothing.
 */
export function retryDelaySeconds(attempts: number, baseSeconds: number, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_CAP_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
  return exponential * (1 + 0.2 * random());
}

/** The seconds from a message's first try to each later one, without the random part: the retry schedule. */
export function retrySchedule(settings: Pick<MailSenderSettings, 'retryBaseSeconds' | 'maxAttempts'>): number[] {
  const at: number[] = [0];
  for (let attempt = 1; attempt < settings.maxAttempts; attempt++) {
    at.push(at[attempt - 1]! + retryDelaySeconds(attempt, settings.retryBaseSeconds, () => 0));
  }
  return at;
}
