// Bearer-token checks of GoTrue's authenticated and admin endpoints.
import type { Db } from '../db';
import { bearerToken } from '../http';
import { verifyJwt, type JwtClaims } from '../jwt';
import { badRequest, forbidden, unauthorized } from './errors';
import { findSession } from './sessions';
import { findUserById, isBanned, type UserRow } from './users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  /** The session named by the token's session_id claim (null for tokens without one). */
  sessionId: string | null;
}

async function verifiedClaims(authorization: string | undefined, secret: string): Promise<JwtClaims> {
  const token = bearerToken(authorization);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const check = await verifyJwt(token, secret);
  if (!check.ok) throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${check.reason}`);
  return check.claims;
}

/** GoTrue's requireAuthentication + maybeLoadUserOrSession. */
export async function requireUser(db: Db, authorization: string | undefined, secret: string): Promise<Authenticated> {
  const claims = await verifiedClaims(authorization, secret);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
  let sessionId: string | null = null;
  if (sid && sid !== NIL_UUID) {
    const session = UUID.test(sid) ? await findSession(db, sid) : null;
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = session.id;
  }
  return { claims, user, sessionId };
}

/** Admin endpoints take the service-role key (or a supabase_admin token) as bearer. */
export async function requireAdmin(authorization: string | undefined, secret: string): Promise<JwtClaims> {
  const claims = await verifiedClaims(authorization, secret);
  if (claims.role === 'service_role' || claims.role === 'supabase_admin') return claims;
  throw forbidden('not_admin', 'User not allowed');
}
