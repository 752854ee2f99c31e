// Sessions, refresh tokens and access tokens: auth.sessions, auth.refresh_tokens and auth.mfa_amr_claims.
import type { Db, Pool } from '../db';
import { signJwt } from '../jwt';
import { accessTokenClaims, type AmrEntry } from './claims';
import type { AuthContextConfig } from './config';
import { badRequest } from './errors';
import { decideRefresh, generateRefreshToken } from './tokens';
import { findUserById, identitiesOf, isBanned, userJson, type UserRow } from './users';

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  created_at: Date;
  updated_at: Date;
}

interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  not_after: Date | null;
  created_at: Date | null;
}

export async function findSession(db: Db, id: string): Promise<SessionRow | null> {
  const [row] = await db<SessionRow[]>`select id, user_id, aal, not_after, created_at from auth.sessions where id = ${id}`;
  return row ?? null;
}

async function amrOf(db: Db, sessionId: string): Promise<AmrEntry[]> {
  const rows = await db<{ authentication_method: string; updated_at: Date }[]>`
    select authentication_method, updated_at from auth.mfa_amr_claims where session_id = ${sessionId}
    order by updated_at`;
  return rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(r.updated_at.getTime() / 1000) }));
}

/** Signs an access token for the session and assembles the token response. */
export async function tokenResponse(
  db: Db,
  config: AuthContextConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<AccessTokenResponse> {
  const session = await findSession(db, sessionId);
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresIn = config.settings.jwtExpiry;
  const claims = accessTokenClaims({
    issuer: `${config.apiUrl}/auth/v1`,
    user,
    sessionId,
    amr: await amrOf(db, sessionId),
    aal: session?.aal ?? 'aal1',
    issuedAt,
    expiresIn,
  });
  return {
    access_token: await signJwt(claims, config.jwtSecret),
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: issuedAt + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(db, user.id)),
  };
}

/**
 * Starts a session for a signed-in user (GoTrue's issueRefreshToken): a session row, its first refresh token, the
 * authentication method as an AMR claim, and last_sign_in_at.
 */
export async function issueSession(
  db: Db,
  config: AuthContextConfig,
  userId: string,
  method: string,
  client: ClientInfo = {},
): Promise<AccessTokenResponse> {
  const [session] = await db<{ id: string }[]>`
    insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
    values (gen_random_uuid(), ${userId}, now(), now(), 'aal1', ${client.userAgent ?? null}, ${client.ip ?? null}::inet)
    returning id`;
  if (!session) throw new Error('could not create a session');
  await addAmrClaim(db, session.id, method);
  const token = generateRefreshToken();
  await db`
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values ('00000000-0000-0000-0000-000000000000', ${token}, ${userId}, false, now(), now(), null, ${session.id})`;
  await db`update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${userId}`;
  await db`update auth.identities set last_sign_in_at = now() where user_id = ${userId} and provider = 'email'`;
  const user = await findUserById(db, userId);
  if (!user) throw new Error('user vanished while signing in');
  return tokenResponse(db, config, user, session.id, token);
}

export async function addAmrClaim(db: Db, sessionId: string, method: string): Promise<void> {
  await db`
    insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
    values (${sessionId}, now(), now(), ${method}, gen_random_uuid())
    on conflict (session_id, authentication_method) do update set updated_at = now()`;
}

/** The refresh_token grant with rotation and reuse detection (GoTrue's RefreshTokenGrant). */
export async function refreshSession(
  pool: Pool,
  config: AuthContextConfig,
  presented: string,
  client: ClientInfo = {},
): Promise<AccessTokenResponse> {
  // Refusals revoke the token family, which must be committed, so the error is thrown after the transaction.
  let refusal: Error | null = null;
  const response = await pool.begin(async (tx) => {
    const [token] = await tx<RefreshTokenRow[]>`
      select id, token, user_id, revoked, parent, session_id, created_at, updated_at
      from auth.refresh_tokens where token = ${presented} for update`;
    if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(tx, token.user_id);
    if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (!token.session_id) {
      await tx`delete from auth.refresh_tokens where id = ${token.id}`;
      throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    const [session] = await tx<SessionRow[]>`
      select id, user_id, aal, not_after, created_at from auth.sessions where id = ${token.session_id} for update`;
    if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    if (session.not_after && session.not_after.getTime() < Date.now()) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }

    const [active] = await tx<{ token: string; parent: string | null }[]>`
      select token, parent from auth.refresh_tokens
      where session_id = ${session.id} and revoked = false order by id desc limit 1`;
    const decision = decideRefresh(
      { token: token.token, revoked: token.revoked, updatedAt: token.updated_at },
      active ?? null,
      config.settings.refreshTokenReuseInterval,
    );

    let issued: string;
    if (decision.action === 'refuse') {
      await tx`
        update auth.refresh_tokens set revoked = true, updated_at = now()
        where session_id = ${session.id} and revoked = false`;
      refusal = badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      return null;
    } else if (decision.action === 'return-active' && active) {
      issued = active.token;
    } else {
      await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${token.id}`;
      issued = generateRefreshToken();
      await tx`
        insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
        values ('00000000-0000-0000-0000-000000000000', ${issued}, ${user.id}, false, now(), now(), ${token.token},
                ${session.id})`;
    }
    await tx`
      update auth.sessions set refreshed_at = (now() at time zone 'utc'), updated_at = now(),
        user_agent = ${client.userAgent ?? null}, ip = ${client.ip ?? null}::inet
      where id = ${session.id}`;
    return tokenResponse(tx, config, user, session.id, issued);
  });
  if (refusal) throw refusal;
  if (!response) throw new Error('refresh produced no response');
  return response;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions (GoTrue's Logout): refresh tokens go with their sessions through the foreign key. */
export async function logout(db: Db, userId: string, sessionId: string | null, scope: LogoutScope): Promise<void> {
  if (!sessionId) {
    await db`delete from auth.refresh_tokens where user_id = ${userId}`;
    return;
  }
  if (scope === 'local') await db`delete from auth.sessions where id = ${sessionId}`;
  else if (scope === 'others') await db`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
  else await db`delete from auth.sessions where user_id = ${userId}`;
}
