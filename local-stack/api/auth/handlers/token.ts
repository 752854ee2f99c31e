// POST /token: the password, refresh_token and pkce grants.
import { ok, type AuthRequest, type AuthResult } from '../context';
import { badRequest, OAuthError } from '../errors';
import { consumeAuthCode } from '../pkce';
import { parseBody, passwordGrantBody, pkceGrantBody, refreshGrantBody } from '../schemas';
import { issueSession, refreshSession } from '../sessions';
import { findUserByEmail, findUserById, isBanned, isConfirmed, passwordMatches } from '../users';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

export async function token(r: AuthRequest): Promise<AuthResult> {
  const grant = r.ctx.url.searchParams.get('grant_type');
  switch (grant) {
    case 'password':
      return passwordGrant(r);
    case 'refresh_token':
      return refreshGrant(r);
    case 'pkce':
      return pkceGrant(r);
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}

async function passwordGrant(r: AuthRequest): Promise<AuthResult> {
  const { config, pool } = r.deps;
  const p = parseBody(passwordGrantBody, await r.body());
  if (p.email && p.phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (!p.email && !p.phone) throw badRequest('validation_failed', 'missing email or phone');
  if (!p.email) throw invalidCredentials();
  const email = p.email.trim().toLowerCase();
  const password = p.password ?? '';

  return pool.begin(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || !(await passwordMatches(user, password))) throw invalidCredentials();
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
    return ok(await issueSession(tx, config, user.id, 'password', r.client));
  });
}

async function refreshGrant(r: AuthRequest): Promise<AuthResult> {
  const p = parseBody(refreshGrantBody, await r.body());
  if (!p.refresh_token) throw new OAuthError('invalid_request', 'refresh_token required');
  return ok(await refreshSession(r.deps.pool, r.deps.config, p.refresh_token, r.client));
}

async function pkceGrant(r: AuthRequest): Promise<AuthResult> {
  const { config, pool } = r.deps;
  const p = parseBody(pkceGrantBody, await r.body());
  if (!p.auth_code || !p.code_verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const authCode = p.auth_code;
  const verifier = p.code_verifier;
  return pool.begin(async (tx) => {
    const { userId, method } = await consumeAuthCode(tx, authCode, verifier, config.settings.flowStateExpiry);
    const user = await findUserById(tx, userId);
    if (!user) throw badRequest('user_not_found', 'User not found');
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    return ok(await issueSession(tx, config, userId, method, r.client));
  });
}
