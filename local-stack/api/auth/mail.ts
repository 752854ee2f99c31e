// Auth mails (confirmation, magic link, recovery, email change, reauthentication) and the one-time tokens behind them.
import type { Db } from '../db';
import { escapeHtml } from '../http';
import { deliver, type OutgoingMail } from '../mailbox/store';
import type { AuthContextConfig } from './config';
import type { MailTemplate } from './project-config';
import { tooManyRequests } from './errors';
import { generateOtp, redirectPath, secondsUntilResend, tokenHash, withFlowPrefix } from './tokens';
import type { UserRow } from './users';

export type MailKind =
  | 'signup'
  | 'magiclink'
  | 'recovery'
  | 'email_change_current'
  | 'email_change_new'
  | 'reauthentication';

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_current'
  | 'email_change_token_new'
  | 'reauthentication_token';

const TOKEN_TYPE: Record<MailKind, OneTimeTokenType> = {
  signup: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
  email_change_current: 'email_change_token_current',
  email_change_new: 'email_change_token_new',
  reauthentication: 'reauthentication_token',
};

/** The `type` the app passes back to verifyOtp for a link of this kind. */
const LINK_TYPE: Record<MailKind, string | null> = {
  signup: 'signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_current: 'email_change',
  email_change_new: 'email_change',
  reauthentication: null,
};

const TEMPLATES: Record<MailKind, { subject: string; heading: string; action: string; label: string }> = {
  signup: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    action: 'Follow this link to confirm your user:',
    label: 'Confirm your mail',
  },
  magiclink: {
    subject: 'Your Magic Link',
    heading: 'Magic Link',
    action: 'Follow this link to login:',
    label: 'Log In',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    action: 'Follow this link to reset the password for your user:',
    label: 'Reset Password',
  },
  email_change_current: {
    subject: 'Confirm Email Change',
    heading: 'Confirm Change of Email',
    action: 'Follow this link to confirm the update of your email:',
    label: 'Change Email',
  },
  email_change_new: {
    subject: 'Confirm Email Change',
    heading: 'Confirm Change of Email',
    action: 'Follow this link to confirm the update of your email:',
    label: 'Change Email',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    heading: 'Confirm reauthentication',
    action: 'Enter the code:',
    label: '',
  },
};

export interface AuthMailInput {
  kind: MailKind;
  to: string;
  siteUrl: string;
  tokenHash: string;
  otp: string;
  /** Where the user should land after the app verified the link (already checked against the allow list). */
  redirectTo: string;
}

/** The app's server-side confirmation link: `${siteUrl}/auth/confirm?token_hash=…&type=…&next=…`. */
export function confirmLink(siteUrl: string, hash: string, type: string, redirectTo: string): string {
  const url = new URL('/auth/confirm', siteUrl);
  url.searchParams.set('token_hash', hash);
  url.searchParams.set('type', type);
  url.searchParams.set('next', redirectPath(redirectTo));
  return url.toString();
}

/** GoTrue's template variables ({{ .Name }}), filled for one mail. */
export function renderTemplate(content: string, vars: Record<string, string>): string {
  return content.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);
}

/** Builds the mail for one auth event: the link (when the kind has one) and the one-time code. */
export function composeAuthMail(input: AuthMailInput, template?: MailTemplate): OutgoingMail {
  if (template) {
    const html = renderTemplate(template.content, {
      SiteURL: input.siteUrl,
      TokenHash: input.tokenHash,
      Token: input.otp,
      Email: input.to,
      NewEmail: input.to,
      RedirectTo: input.redirectTo,
      ConfirmationURL: input.redirectTo,
    });
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    const text = html.replace(/<[^>]+>/g, '').replace(/\n{3,}/g, '\n\n').trim();
    return { to: input.to, subject: template.subject, text, html, links, code: input.otp };
  }
  const t = TEMPLATES[input.kind];
  const linkType = LINK_TYPE[input.kind];
  const link = linkType ? confirmLink(input.siteUrl, input.tokenHash, linkType, input.redirectTo) : null;
  const text = [
    t.heading,
    '',
    ...(link ? [t.action, link, '', `Alternatively, enter the code: ${input.otp}`] : [`${t.action} ${input.otp}`]),
  ].join('\n');
  const html = [
    `<h2>${escapeHtml(t.heading)}</h2>`,
    ...(link
      ? [
          `<p>${escapeHtml(t.action)}</p>`,
          `<p><a href="${escapeHtml(link)}">${escapeHtml(t.label)}</a></p>`,
          `<p>Alternatively, enter the code: <strong>${escapeHtml(input.otp)}</strong></p>`,
        ]
      : [`<p>${escapeHtml(t.action)} <strong>${escapeHtml(input.otp)}</strong></p>`]),
  ].join('\n');
  return { to: input.to, subject: t.subject, text, html, links: link ? [link] : [], code: input.otp };
}

const SENT_AT_COLUMN: Record<OneTimeTokenType, keyof UserRow> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_current: 'email_change_sent_at',
  email_change_token_new: 'email_change_sent_at',
  reauthentication_token: 'reauthentication_sent_at',
};

/** When the token of this type was last sent (what its expiry is measured from). */
export function sentAtOf(user: UserRow, type: OneTimeTokenType): Date | null {
  return user[SENT_AT_COLUMN[type]] as Date | null;
}

/** Refuses a second mail of one kind within max_frequency, as GoTrue does. */
export function assertCanSend(user: UserRow, kind: MailKind, maxFrequency: number): void {
  const wait = secondsUntilResend(sentAtOf(user, TOKEN_TYPE[kind]), maxFrequency);
  if (wait > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}

/**
 * Creates the one-time token for a mail (kept in the users column and in auth.one_time_tokens, as GoTrue dual-writes
 * them) and delivers the mail to the local mailbox. Returns the stored token hash.
 */
export async function sendAuthMail(
  db: Db,
  config: AuthContextConfig,
  user: UserRow,
  kind: MailKind,
  opts: { to?: string; pkce?: boolean; redirectTo: string },
): Promise<string> {
  const to = (opts.to ?? user.email ?? '').toLowerCase();
  const otp = generateOtp(config.settings.otpLength);
  const hash = withFlowPrefix(tokenHash(to, otp), opts.pkce ?? false);
  const type = TOKEN_TYPE[kind];
  switch (type) {
    case 'confirmation_token':
      await db`update auth.users set confirmation_token = ${hash}, confirmation_sent_at = now() where id = ${user.id}`;
      break;
    case 'recovery_token':
      await db`update auth.users set recovery_token = ${hash}, recovery_sent_at = now() where id = ${user.id}`;
      break;
    case 'email_change_token_current':
      await db`
        update auth.users set email_change_token_current = ${hash}, email_change_sent_at = now() where id = ${user.id}`;
      break;
    case 'email_change_token_new':
      await db`
        update auth.users set email_change_token_new = ${hash}, email_change_sent_at = now() where id = ${user.id}`;
      break;
    case 'reauthentication_token':
      await db`
        update auth.users set reauthentication_token = ${hash}, reauthentication_sent_at = now() where id = ${user.id}`;
      break;
  }
  await db`delete from auth.one_time_tokens where user_id = ${user.id} and token_type = ${type}::auth.one_time_token_type`;
  await db`
    insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
    values (gen_random_uuid(), ${user.id}, ${type}::auth.one_time_token_type, ${hash}, ${to})`;
  const mail = { kind, to, siteUrl: config.siteUrl, tokenHash: hash, otp, redirectTo: opts.redirectTo };
  await deliver(db, composeAuthMail(mail, config.templates?.[kind]));
  return hash;
}
