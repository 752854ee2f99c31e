import 'server-only';
import { cache } from 'react';
import type { User } from '@supabase/supabase-js';
import { cookies, headers } from 'next/headers';
import { createSupabaseServerClient } from '../core/supabase/server';
import { readUserHandoff, USER_HANDOFF_HEADER, userHandoffKey } from '../core/supabase/user-handoff';
import { withActor } from '../core/db';
import { actorFor } from '../core/db/actor';

/**
 * The signed-in user of this request, verified by the Auth server (not just read from the cookie); null for guests.
 * Where the middleware ran, it has asked the Auth server already and handed the answer on, signed.
 */
export const getCurrentUser = cache(async (): Promise<User | null> => {
  const key = userHandoffKey();
  if (key) {
    const [requestHeaders, cookieStore] = await Promise.all([headers(), cookies()]);
    const handedOn = await readUserHandoff(requestHeaders.get(USER_HANDOFF_HEADER), cookieStore.getAll(), key);
    if (handedOn) return handedOn;
  }
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.getUser();
  return error ? null : data.user;
});

/**
 * Admin membership, asked of the database as the user (the same check RLS makes). Asked once per request: the admin
 * layout and its page both guard, and outside a render (actions) `cache` simply calls through.
 */
export function isAdmin(user: Pick<User, 'id' | 'email'> | null): Promise<boolean> {
  return user ? adminMembership(user.id, user.email ?? null) : Promise.resolve(false);
}

const adminMembership = cache(async (id: string, email: string | null): Promise<boolean> =>
  withActor(actorFor({ id, email }), async (tx) => {
    const [row] = await tx<{ admin: boolean }[]>`select public.is_admin() as admin`;
    return row?.admin === true;
  }),
);
