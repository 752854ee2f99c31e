// GET /user, PUT /user and POST /logout: endpoints of a signed-in user.
import { jsonb, type Db } from '../../db';
import { ok, type AuthRequest, type AuthResult } from '../context';
import { badRequest, unprocessable } from '../errors';
import { requireUser } from '../guard';
import { assertCanSend, sendAuthMail } from '../mail';
import { createFlowState, pkceParams } from '../pkce';
import { parseBody, userUpdateBody } from '../schemas';
import { logout, type LogoutScope } from '../sessions';
import { isOtpExpired, matchesTokenHash, resolveRedirect, tokenHash } from '../tokens';
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  hasPassword,
  loadUserJson,
  mergeMetadata,
  passwordMatches,
  type UserRow,
} from '../users';
import { checkPasswordStrength, validateEmail } from '../validation';
import { confirmEmailChange } from './verify';

export async function getUser(r: AuthRequest): Promise<AuthResult> {
  const { pool, config } = r.deps;
  const { user } = await requireUser(pool, r.ctx.header('authorization'), config.jwtSecret);
  return ok(await loadUserJson(pool, user.id));
}

/** Checks the reauthentication code that GET /reauthenticate mailed. */
async function consumeNonce(db: Db, user: UserRow, nonce: string, otpExpiry: number): Promise<void> {
  const [stored] = await db<{ token_hash: string }[]>`
    select token_hash from auth.one_time_tokens where user_id = ${user.id} and token_type = 'reauthentication_token'`;
  const valid =
    !!stored &&
    !!user.email &&
    matchesTokenHash(stored.token_hash, tokenHash(user.email, nonce)) &&
    !isOtpExpired(user.reauthentication_sent_at, otpExpiry);
  if (!valid) throw unprocessable('reauthentication_not_valid', 'Requires reauthentication');
  await db`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = ${user.id}`;
  await db`delete from auth.one_time_tokens where user_id = ${user.id} and token_type = 'reauthentication_token'`;
}

/** PUT /user: password, email and user metadata. */
export async function updateUser(r: AuthRequest): Promise<AuthResult> {
  const { pool, config } = r.deps;
  const { settings } = config;
  const p = parseBody(userUpdateBody, await r.body());
  const pkce = pkceParams(p.code_challenge, p.code_challenge_method);
  const redirectTo = resolveRedirect(r.ctx.url.searchParams.get('redirect_to'), config.siteUrl, settings.additionalRedirectUrls);
  if (p.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  const newEmail = p.email ? validateEmail(p.email) : null;
  if (p.password != null) checkPasswordStrength(p.password, settings.minPasswordLength);

  return pool.begin(async (tx) => {
    const { user, sessionId } = await requireUser(tx, r.ctx.header('authorization'), config.jwtSecret);
    const changesEmail = newEmail !== null && newEmail !== (user.email ?? '').toLowerCase();
    if (changesEmail) {
      const other = await findUserByEmail(tx, newEmail);
      if (other && other.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
    }

    if (p.password != null) {
      if (p.nonce) await consumeNonce(tx, user, p.nonce, settings.otpExpiry);
      if (hasPassword(user) && (await passwordMatches(user, p.password))) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      const encrypted = await hashPassword(p.password);
      // As GoTrue's UpdatePassword: pending links die and every other session of the user is signed out.
      await tx`
        update auth.users set encrypted_password = ${encrypted}, confirmation_token = '', confirmation_sent_at = null,
          recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
          email_change_sent_at = null, reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
        where id = ${user.id}`;
      await tx`delete from auth.one_time_tokens where user_id = ${user.id}`;
      if (sessionId) await tx`delete from auth.sessions where user_id = ${user.id} and id <> ${sessionId}`;
      else await tx`delete from auth.sessions where user_id = ${user.id}`;
    }

    if (p.data) {
      const merged = mergeMetadata(user.raw_user_meta_data, p.data);
      await tx`update auth.users set raw_user_meta_data = ${jsonb(merged)}::text::jsonb, updated_at = now() where id = ${user.id}`;
    }

    if (changesEmail && newEmail) {
      const current = (await findUserById(tx, user.id)) ?? user;
      if (!settings.enableConfirmations) {
        // Mailer autoconfirm: the change applies at once.
        await confirmEmailChange(tx, current, newEmail);
      } else {
        await tx`
          update auth.users set email_change = ${newEmail}, email_change_confirm_status = 0, updated_at = now()
          where id = ${user.id}`;
        assertCanSend(current, 'email_change_new', settings.maxFrequency);
        const pending = (await findUserById(tx, user.id)) ?? current;
        if (pkce) await createFlowState(tx, user.id, pkce, 'email_change');
        await sendAuthMail(tx, config, pending, 'email_change_new', { to: newEmail, pkce: !!pkce, redirectTo });
        if (settings.secureEmailChange && pending.email) {
          await sendAuthMail(tx, config, pending, 'email_change_current', { pkce: !!pkce, redirectTo });
        }
      }
    }
    return ok(await loadUserJson(tx, user.id));
  });
}

const SCOPES: readonly string[] = ['global', 'local', 'others'];

/** POST /logout?scope=global|local|others → 204. */
export async function logoutUser(r: AuthRequest): Promise<AuthResult> {
  const { pool, config } = r.deps;
  const requested = r.ctx.url.searchParams.get('scope') ?? '';
  if (requested && !SCOPES.includes(requested)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${requested}"`);
  }
  const scope = (requested || 'global') as LogoutScope;
  await pool.begin(async (tx) => {
    const { user, sessionId } = await requireUser(tx, r.ctx.header('authorization'), config.jwtSecret);
    await logout(tx, user.id, sessionId, scope);
  });
  return { status: 204 };
}
