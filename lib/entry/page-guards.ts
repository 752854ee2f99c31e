import 'server-only';
// Guards for pages: a redirect instead of an error answer. Kept apart from access.ts so route handlers and actions
// do not load next/navigation.
import type { User } from '@supabase/supabase-js';
import { redirect } from 'next/navigation';
import { getCurrentUser, isAdmin } from '../auth/user';

/** For account pages: the signed-in user, or a redirect to /login that comes back here. */
export async function requireUserPage(returnTo: string): Promise<User> {
  const user = await getCurrentUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(returnTo)}`);
  return user;
}

/** For admin pages: the signed-in admin, or a redirect to /admin/login. */
export async function requireAdminPage(): Promise<User> {
  const user = await getCurrentUser();
  if (!user || !(await isAdmin(user).catch(() => false))) redirect('/admin/login');
  return user;
}
