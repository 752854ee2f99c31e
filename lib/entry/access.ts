import 'server-only';
// Who may do what, checked on the server for every page, action and route handler (the middleware is only the first
// gate; RLS is the last). One place decides, so no entry point can forget a check.
import type { User } from '@supabase/supabase-js';
import type { DbActor } from '../core/db';
import { actorFor } from '../core/db/actor';
import { HttpError } from '../core/errors';
import { getCurrentUser, isAdmin } from '../auth/user';

export type Access = 'public' | 'user' | 'admin';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const NOT_ADMIN = 'You do not have admin permissions';
export const ADMIN_CHECK_FAILED = 'Failed to verify admin status';

export interface Caller {
  user: User | null;
  actor: DbActor;
}

/**
 * The caller of this request if `access` lets them in; an HttpError (401/403/503) otherwise. 'public' looks nobody
 * up (no Auth round trip): a public entry point that wants the optional user asks getCurrentUser() itself.
 */
export async function authorize(access: Access): Promise<Caller> {
  if (access === 'public') return { user: null, actor: { role: 'anon' } };
  const user = await getCurrentUser();
  if (!user) throw new HttpError(401, SIGN_IN_REQUIRED, 'unauthenticated');
  if (access === 'admin') {
    let admin: boolean;
    try {
      admin = await isAdmin(user);
    } catch {
      throw new HttpError(503, ADMIN_CHECK_FAILED, 'admin_check_failed');
    }
    if (!admin) throw new HttpError(403, NOT_ADMIN, 'forbidden');
  }
  return { user, actor: actorFor(user) };
}
