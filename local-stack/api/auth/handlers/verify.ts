// POST /verify (verifyOtp by token_hash or by email + code) and GET /verify (the link that redirects to the app).
import { isUniqueViolation, type Db } from '../../db';
import type { AuthContextConfig } from '../config';
import { ok, type AuthRequest, type AuthResult } from '../context';
import { AuthHttpError, badRequest, forbidden, unprocessable } from '../errors';
import { sentAtOf, type OneTimeTokenType } from '../mail';
import { issueAuthCode, type FlowMethod } from '../pkce';
import { parseBody, verifyBody } from '../schemas';
import { issueSession } from '../sessions';
import { isOtpExpired, matchesTokenHash, PKCE_PREFIX, resolveRedirect, tokenHash } from '../tokens';
import { confirmUser, findUserByEmail, findUserById, isBanned, isConfirmed, type UserRow } from '../users';
import { validateEmail } from '../validation';

const EMAIL_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const;
type EmailType = (typeof EMAIL_TYPES)[number];
const isEmailType = (t: string): t is EmailType => (EMAIL_TYPES as readonly string[]).includes(t);

/** Which stored tokens a verification type may consume. */
const CANDIDATES: Record<EmailType, OneTimeTokenType[]> = {
  email: ['confirmation_token', 'recovery_token'],
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};

const FLOW_METHOD: Partial<Record<EmailType, FlowMethod>> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

interface Resolved {
  user: UserRow;
  matched: OneTimeTokenType;
  /** The type after "email" was resolved to signup or magiclink. */
  type: Exclude<EmailType, 'email'>;
}

const effectiveType = (type: EmailType, matched: OneTimeTokenType): Exclude<EmailType, 'email'> =>
  type === 'email' ? (matched === 'recovery_token' ? 'magiclink' : 'signup') : type;

/** GoTrue's verifyTokenHash: the link's hash names the token (and so the user). */
async function resolveByTokenHash(db: Db, config: AuthContextConfig, type: EmailType, hash: string): Promise<Resolved> {
  const linkExpired = () => forbidden('otp_expired', 'Email link is invalid or has expired');
  const [ott] = await db<{ user_id: string; token_type: OneTimeTokenType }[]>`
    select user_id, token_type::text as token_type from auth.one_time_tokens
    where token_hash = ${hash} and token_type::text = any(${CANDIDATES[type]})
    order by created_at desc limit 1`;
  if (!ott) throw linkExpired();
  const user = await findUserById(db, ott.user_id);
  if (!user) throw linkExpired();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (isOtpExpired(sentAtOf(user, ott.token_type), config.settings.otpExpiry)) throw linkExpired();
  return { user, matched: ott.token_type, type: effectiveType(type, ott.token_type) };
}

/** GoTrue's verifyUserAndToken: the user by email, then the typed code against that user's tokens. */
async function resolveByCode(
  db: Db,
  config: AuthContextConfig,
  type: EmailType,
  email: string,
  code: string,
): Promise<Resolved> {
  const invalid = () => forbidden('otp_expired', 'Token has expired or is invalid');
  const hash = tokenHash(email, code);
  let user: UserRow | null;
  if (type === 'email_change') {
    // The code was sent to the old or to the new address; its hash identifies the token either way.
    const [ott] = await db<{ user_id: string }[]>`
      select user_id from auth.one_time_tokens
      where token_hash = any(${[hash, PKCE_PREFIX + hash]}) and token_type::text = any(${CANDIDATES.email_change})
      limit 1`;
    user = ott ? await findUserById(db, ott.user_id) : null;
  } else {
    user = await findUserByEmail(db, email);
  }
  if (!user) throw invalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const tokens = await db<{ token_type: OneTimeTokenType; token_hash: string }[]>`
    select token_type::text as token_type, token_hash from auth.one_time_tokens where user_id = ${user.id}`;
  for (const candidate of CANDIDATES[type]) {
    const stored = tokens.find((t) => t.token_type === candidate);
    if (!stored || !matchesTokenHash(stored.token_hash, hash)) continue;
    if (isOtpExpired(sentAtOf(user, candidate), config.settings.otpExpiry)) continue;
    return { user, matched: candidate, type: effectiveType(type, candidate) };
  }
  throw invalid();
}

/**
 * Applies a verified token (GoTrue's signupVerify, recoverVerify, emailChangeVerify). Returns false when an email
 * change still waits for its second confirmation.
 */
async function applyVerification(db: Db, config: AuthContextConfig, v: Resolved): Promise<boolean> {
  const { user } = v;
  switch (v.type) {
    case 'signup':
    case 'invite':
      await confirmUser(db, user.id);
      return true;
    case 'magiclink':
    case 'recovery':
      await db`update auth.users set recovery_token = '', updated_at = now() where id = ${user.id}`;
      await db`delete from auth.one_time_tokens where user_id = ${user.id} and token_type = 'recovery_token'`;
      if (!isConfirmed(user)) await confirmUser(db, user.id);
      return true;
    case 'email_change': {
      const secure = config.settings.enableConfirmations && config.settings.secureEmailChange;
      if (secure && (user.email_change_confirm_status ?? 0) === 0 && user.email) {
        const column = v.matched === 'email_change_token_current' ? 'email_change_token_current' : 'email_change_token_new';
        await db`
          update auth.users set email_change_confirm_status = 1, ${db(column)} = '', updated_at = now()
          where id = ${user.id}`;
        await db`
          delete from auth.one_time_tokens where user_id = ${user.id} and token_type = ${v.matched}::auth.one_time_token_type`;
        return false;
      }
      await confirmEmailChange(db, user);
      return true;
    }
  }
}

/** Moves email_change into email (GoTrue's ConfirmEmailChange) and keeps the email identity in step. */
export async function confirmEmailChange(db: Db, user: UserRow, newEmail = user.email_change ?? ''): Promise<void> {
  if (!newEmail) throw unprocessable('validation_failed', 'No email change is pending');
  try {
    await db`
      update auth.users set email = ${newEmail}, email_change = '', email_change_token_new = '',
        email_change_token_current = '', email_change_confirm_status = 0,
        email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where id = ${user.id}`;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    throw err;
  }
  await db`
    delete from auth.one_time_tokens where user_id = ${user.id}
      and token_type in ('email_change_token_current', 'email_change_token_new')`;
  await db`
    update auth.identities
    set identity_data = identity_data || jsonb_build_object('email', ${newEmail}::text, 'email_verified', true),
        updated_at = now()
    where user_id = ${user.id} and provider = 'email'`;
}

export async function verifyPost(r: AuthRequest): Promise<AuthResult> {
  const { config, pool } = r.deps;
  const p = parseBody(verifyBody, await r.body());
  if (!p.type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((!p.token && !p.token_hash) || (p.token && p.token_hash)) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  const type = p.type;
  if (p.token_hash && (p.email || p.phone || p.redirect_to)) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  let email = '';
  if (p.token) {
    if (p.phone && !p.email) {
      // No SMS provider runs locally, so no phone code can ever match.
      if (type !== 'sms' && type !== 'phone_change') throw badRequest('validation_failed', 'Unsupported verification type');
      throw forbidden('otp_expired', 'Token has expired or is invalid');
    }
    if (!p.email || p.phone) {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    }
    try {
      email = validateEmail(p.email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  }
  if (!isEmailType(type)) {
    throw badRequest('validation_failed', p.token_hash ? 'Invalid email verification type' : 'Unsupported verification type');
  }

  return pool.begin(async (tx) => {
    const resolved = p.token_hash
      ? await resolveByTokenHash(tx, config, type, p.token_hash)
      : await resolveByCode(tx, config, type, email, p.token ?? '');
    const done = await applyVerification(tx, config, resolved);
    if (!done) return ok({ msg: SINGLE_CONFIRMATION, code: '200' });
    return ok(await issueSession(tx, config, resolved.user.id, 'otp', r.client));
  });
}

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** GoTrue's prepErrorRedirectURL: the error in the fragment (and, for PKCE, in the query). */
export function errorRedirect(target: string, err: AuthHttpError, pkce: boolean): string {
  const url = new URL(target);
  const params = new URLSearchParams();
  const oauth = OAUTH_ERROR[err.status];
  if (oauth) params.set('error', oauth);
  params.set('error_code', err.code);
  params.set('error_description', err.message);
  if (pkce) for (const [k, v] of params) url.searchParams.set(k, v);
  params.set('sb', '');
  url.hash = params.toString();
  return url.toString();
}

/** The implicit-flow redirect: the session in the URL fragment (AccessTokenResponse.AsRedirectURL). */
export function sessionRedirect(
  target: string,
  session: { access_token: string; token_type: string; expires_in: number; expires_at: number; refresh_token: string },
  type: string,
): string {
  const params = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
    type,
  });
  return `${target.split('#')[0]}#${params.toString()}`;
}

export async function verifyGet(r: AuthRequest): Promise<AuthResult> {
  const { config, pool } = r.deps;
  const q = r.ctx.url.searchParams;
  const token = q.get('token') ?? '';
  const type = q.get('type') ?? '';
  const redirectTo = resolveRedirect(
    q.get('redirect_to') ?? r.ctx.header('referer'),
    config.siteUrl,
    config.settings.additionalRedirectUrls,
  );
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const pkce = token.startsWith(PKCE_PREFIX);

  try {
    return await pool.begin(async (tx) => {
      if (!isEmailType(type)) throw badRequest('validation_failed', 'Invalid email verification type');
      const resolved = await resolveByTokenHash(tx, config, type, token);
      const done = await applyVerification(tx, config, resolved);
      if (!done) {
        const url = new URL(redirectTo);
        if (pkce) url.searchParams.set('message', SINGLE_CONFIRMATION);
        url.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION, sb: '' }).toString();
        return { redirect: url.toString() };
      }
      if (pkce) {
        const method = FLOW_METHOD[resolved.type];
        if (!method) throw badRequest('validation_failed', 'Unsupported verification type');
        const code = await issueAuthCode(tx, resolved.user.id, method, config.settings.flowStateExpiry);
        const url = new URL(redirectTo);
        url.searchParams.set('code', code);
        return { redirect: url.toString() };
      }
      const session = await issueSession(tx, config, resolved.user.id, 'otp', r.client);
      return { redirect: sessionRedirect(redirectTo, session, type) };
    });
  } catch (err) {
    if (err instanceof AuthHttpError) return { redirect: errorRedirect(redirectTo, err, pkce) };
    throw err;
  }
}
