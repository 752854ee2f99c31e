'use server';
// Admin sign-in: signs in through the Auth server (the session cookies are set on the response),
// then asks the database, as that user, whether they are an admin. A non-admin is signed out again. Attempts count
// against the shop's sign-in limits (per e-mail address and per client address), shared with /login.
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { defineAction } from '../../entry/define-action';
import { ActionError } from '../../core/action-result';
import { ADMIN_CHECK_FAILED, NOT_ADMIN } from '../../entry/access';
import { isAdmin } from '../../auth/user';
import { clientAddress, RATE_RULES } from '../../core/rate-limit';
import { createSupabaseServerClient } from '../../core/supabase/server';
import { emailText } from '../../core/validation/text';
import { ADMIN_HOME, ADMIN_LOGIN } from '../nav';

const credentials = z.object({
  email: emailText(),
  // Passed to the Auth server as typed: never trimmed or normalised.
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200, { error: 'Password is too long' }),
});

export const signInAdmin = defineAction({
  name: 'admin.signIn',
  access: 'public',
  schema: credentials,
  failure: 'Failed to sign in',
  transaction: false,
  rateLimit: ({ email }, headers) => [
    { rule: RATE_RULES.signInPerEmail, subject: email },
    { rule: RATE_RULES.signInPerAddress, subject: clientAddress(headers) },
  ],
  run: async ({ email, password }) => {
    const supabase = await createSupabaseServerClient();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    if (error || !data.user) throw new ActionError(error?.message || 'Failed to sign in', error?.status === 429 ? 429 : 400);
    // Refused: only this new session ends (the person's other sessions, e.g. in the shop, stay signed in).
    const signOut = () => supabase.auth.signOut({ scope: 'local' });
    let admin: boolean;
    try {
      admin = await isAdmin(data.user);
    } catch {
      await signOut();
      throw new ActionError(ADMIN_CHECK_FAILED, 503);
    }
    if (!admin) {
      await signOut();
      throw new ActionError(NOT_ADMIN, 403);
    }
    redirect(ADMIN_HOME);
  },
});

/** 'Sign out' in the side menu: ends this browser's session only, then back to /admin/login. */
export const signOutAdmin = defineAction({
  name: 'admin.signOut',
  access: 'public',
  schema: z.unknown(),
  failure: 'Failed to sign out',
  transaction: false,
  run: async () => {
    const supabase = await createSupabaseServerClient();
    await supabase.auth.signOut({ scope: 'local' });
    redirect(ADMIN_LOGIN);
  },
});
