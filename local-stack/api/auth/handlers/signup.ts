// POST /signup: email and password sign-up. With confirmations off (the local default) it signs the user in.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../../db';
import { ok, type AuthRequest, type AuthResult } from '../context';
import { unprocessable } from '../errors';
import { assertCanSend, sendAuthMail } from '../mail';
import { createFlowState, pkceParams } from '../pkce';
import { signupBody, parseBody } from '../schemas';
import { issueSession } from '../sessions';
import { resolveRedirect } from '../tokens';
import {
  findUserByEmail,
  hashPassword,
  insertUser,
  isConfirmed,
  loadUserJson,
  passwordMatches,
  confirmUser,
} from '../users';
import { checkPasswordStrength, validateEmail } from '../validation';

const userAlreadyExists = () => unprocessable('user_already_exists', 'User already registered');

export async function signup(r: AuthRequest): Promise<AuthResult> {
  const { config, pool } = r.deps;
  const { settings } = config;
  const p = parseBody(signupBody, await r.body());

  if (p.email && p.phone) {
    throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  if (!p.email && p.phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
  if (!p.email && !p.password) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (!p.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(p.password, settings.minPasswordLength);
  const pkce = pkceParams(p.code_challenge, p.code_challenge_method);
  const email = validateEmail(p.email);
  const password = p.password;
  const data = p.data ?? {};
  const redirectTo = resolveRedirect(r.ctx.url.searchParams.get('redirect_to'), config.siteUrl, settings.additionalRedirectUrls);
  const autoconfirm = !settings.enableConfirmations;
  const encryptedPassword = await hashPassword(password);

  try {
    return await pool.begin(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (user && isConfirmed(user)) {
        if (autoconfirm) throw userAlreadyExists();
        // With confirmations on GoTrue does not reveal that the address is taken: it answers with a look-alike user.
        const now = new Date().toISOString();
        return ok({
          id: randomUUID(),
          aud: 'authenticated',
          role: '',
          email,
          phone: '',
          confirmation_sent_at: now,
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: data,
          identities: [],
          created_at: now,
          updated_at: now,
          is_anonymous: false,
        });
      }
      if (!user) {
        user = await insertUser(tx, { email, encryptedPassword, userMetadata: data, confirmed: autoconfirm });
      } else if (autoconfirm) {
        // An unconfirmed account (e.g. created by an admin) is taken over only with its own password.
        if (!(await passwordMatches(user, password))) throw userAlreadyExists();
        await confirmUser(tx, user.id);
      }

      if (autoconfirm) return ok(await issueSession(tx, config, user.id, 'password', r.client));

      assertCanSend(user, 'signup', settings.maxFrequency);
      if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
      await sendAuthMail(tx, config, user, 'signup', { pkce: !!pkce, redirectTo });
      return ok(await loadUserJson(tx, user.id));
    });
  } catch (err) {
    // Two sign-ups racing for one address: the unique index decides.
    if (isUniqueViolation(err)) throw userAlreadyExists();
    throw err;
  }
}
