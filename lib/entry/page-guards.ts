import 'server-only';
// Guards for pages: a redirect instead of an error answer, and the caller's database actor. Kept apart from
// access.ts so route handlers and actions do not load next/navigation.
import type { User } from '@supabase/supabase-js';
import { redirect } from 'next/navigation';
import { actorFor } from '../core/db/actor';
import { getCurrentUser, isAdmin } from '../auth/user';
import type { Caller } from './access';

type SignedIn = Caller & { user: User };

/** For account pages: the signed-in user, or a redirect to /login that comes back here. */
export async function requireUserPage(returnTo: string): Promise<SignedIn> {
  const user = await getCurrentUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(returnTo)}`);
  return { user, actor: actorFor(user) };
}

/** For admin pages: the signed-in admin, or a redirect to /admin/login. */
export async function requireAdminPage(): Promise<SignedIn> {
  const user = await getCurrentUser();
  if (!user || !(await isAdmin(user).catch(() => false))) redirect('/admin/login');
  return { user, actor: actorFor(user) };
}
