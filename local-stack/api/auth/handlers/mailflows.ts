// Endpoints whose work is sending a mail: POST /otp (magic link and code), POST /recover, POST /resend,
// GET /reauthenticate.
import { ok, type AuthRequest, type AuthResult } from '../context';
import { badRequest, unprocessable } from '../errors';
import { assertCanSend, sendAuthMail } from '../mail';
import { createFlowState, pkceParams } from '../pkce';
import { otpBody, parseBody, recoverBody, resendBody } from '../schemas';
import { requireUser } from '../guard';
import { resolveRedirect } from '../tokens';
import { confirmUser, findUserByEmail, findUserById, insertUser, isConfirmed } from '../users';
import { validateEmail } from '../validation';

const redirectOf = (r: AuthRequest) =>
  resolveRedirect(
    r.ctx.url.searchParams.get('redirect_to'),
    r.deps.config.siteUrl,
    r.deps.config.settings.additionalRedirectUrls,
  );

/** POST /otp with an email: a magic link with a code, creating the user first unless create_user is false. */
export async function otp(r: AuthRequest): Promise<AuthResult> {
  const { config, pool } = r.deps;
  const { settings } = config;
  const p = parseBody(otpBody, await r.body());
  if (p.email && p.phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  }
  if (p.email && p.channel) throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
  const pkce = pkceParams(p.code_challenge, p.code_challenge_method);
  if (!p.email && p.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!p.email) throw badRequest('validation_failed', 'One of email or phone must be set');
  const email = validateEmail(p.email);
  const createUser = p.create_user ?? true;
  const redirectTo = redirectOf(r);

  await pool.begin(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    if (!user || !isConfirmed(user)) {
      if (settings.enableConfirmations) {
        // A new (or still unconfirmed) user gets the sign-up confirmation, which signs them in as well.
        user ??= await insertUser(tx, { email, encryptedPassword: '', userMetadata: p.data ?? {}, confirmed: false });
        assertCanSend(user, 'signup', settings.maxFrequency);
        if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
        await sendAuthMail(tx, config, user, 'signup', { pkce: !!pkce, redirectTo });
        return;
      }
      if (user) await confirmUser(tx, user.id);
      else user = await insertUser(tx, { email, encryptedPassword: '', userMetadata: p.data ?? {}, confirmed: true });
    }
    assertCanSend(user, 'magiclink', settings.maxFrequency);
    if (pkce) await createFlowState(tx, user.id, pkce, 'magiclink');
    await sendAuthMail(tx, config, user, 'magiclink', { pkce: !!pkce, redirectTo });
  });
  return ok({});
}

/** POST /recover: the password-reset mail. Unknown addresses get the same empty answer. */
export async function recover(r: AuthRequest): Promise<AuthResult> {
  const { config, pool } = r.deps;
  const p = parseBody(recoverBody, await r.body());
  if (!p.email) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(p.email);
  const pkce = pkceParams(p.code_challenge, p.code_challenge_method);
  const redirectTo = redirectOf(r);
  await pool.begin(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    assertCanSend(user, 'recovery', config.settings.maxFrequency);
    if (pkce) await createFlowState(tx, user.id, pkce, 'recovery');
    await sendAuthMail(tx, config, user, 'recovery', { pkce: !!pkce, redirectTo });
  });
  return ok({});
}

/** POST /resend: the sign-up confirmation or the email-change mails again. */
export async function resend(r: AuthRequest): Promise<AuthResult> {
  const { config, pool } = r.deps;
  const { settings } = config;
  const p = parseBody(resendBody, await r.body());
  const type = p.type ?? '';
  if (type === 'sms' || type === 'phone_change') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (type !== 'signup' && type !== 'email_change') {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = validateEmail(p.email);
  const redirectTo = redirectOf(r);
  await pool.begin(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    if (type === 'signup') {
      if (isConfirmed(user)) return;
      assertCanSend(user, 'signup', settings.maxFrequency);
      await sendAuthMail(tx, config, user, 'signup', { redirectTo });
      return;
    }
    if (!user.email_change) return;
    assertCanSend(user, 'email_change_new', settings.maxFrequency);
    await sendAuthMail(tx, config, user, 'email_change_new', { to: user.email_change, redirectTo });
    if (settings.secureEmailChange && user.email) {
      await sendAuthMail(tx, config, user, 'email_change_current', { redirectTo });
    }
  });
  return ok({});
}

/** GET /reauthenticate: mails a code that PUT /user accepts as `nonce`. */
export async function reauthenticate(r: AuthRequest): Promise<AuthResult> {
  const { config, pool } = r.deps;
  await pool.begin(async (tx) => {
    const { user } = await requireUser(tx, r.ctx.header('authorization'), config.jwtSecret);
    if (!user.email) throw unprocessable('validation_failed', 'Reauthentication requires the user to have an email');
    const fresh = (await findUserById(tx, user.id)) ?? user;
    assertCanSend(fresh, 'reauthentication', config.settings.maxFrequency);
    await sendAuthMail(tx, config, fresh, 'reauthentication', { redirectTo: config.siteUrl });
  });
  return ok({});
}
