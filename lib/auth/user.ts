import 'server-only';
import { cache } from 'react';
import type { User } from '@supabase/supabase-js';
import { createSupabaseServerClient } from '../core/supabase/server';
import { withActor, type DbActor } from '../core/db';

/** The signed-in user of this request, verified by the Auth server (not just read from the cookie); null for guests. */
export const getCurrentUser = cache(async (): Promise<User | null> => {
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.getUser();
  return error ? null : data.user;
});

/** The database actor for this request: the signed-in user under RLS, or anon. */
export async function currentActor(): Promise<DbActor> {
  const user = await getCurrentUser();
  return user ? { role: 'authenticated', userId: user.id, email: user.email } : { role: 'anon' };
}

/** Admin membership, asked of the database as the user (the same check RLS makes). */
export async function isAdmin(user: Pick<User, 'id' | 'email'> | null): Promise<boolean> {
  if (!user) return false;
  return withActor({ role: 'authenticated', userId: user.id, email: user.email }, async (tx) => {
    const [row] = await tx<{ admin: boolean }[]>`select public.is_admin() as admin`;
    return row?.admin === true;
  });
}
