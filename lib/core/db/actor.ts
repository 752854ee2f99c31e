// The database actor of a signed-in user (or anon): the claims RLS sees for them.
import type { DbActor } from './index';

export function actorFor(user: { id: string; email?: string | null } | null): DbActor {
  return user ? { role: 'authenticated', userId: user.id, email: user.email ?? null } : { role: 'anon' };
}
