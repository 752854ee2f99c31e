'use server';
// The sign-in card's actions. They run on the server, so the session cookies are set by @supabase/ssr (HttpOnly) in
// the response and the browser needs no Supabase client. Each one is counted against the shop's own limits (per
// e-mail and per client address) before it asks the Auth server anything, and asks it exactly once: the Auth
// server's own per-address limits see the shop's server, so the shop must not spend them for a stranger.
import { redirect } from 'next/navigation';
import { defineAction } from '../entry/define-action';
import { env } from '../core/env';
import { clientAddress, RATE_RULES } from '../core/rate-limit';
import { createSupabaseServerClient } from '../core/supabase/server';
import { authRefusal, mailRefusal } from './auth-errors';
import { emailRedirectTo, UPDATE_PASSWORD_PATH } from './email-links';
import { safeNextPath } from './redirects';
import { credentialsSchema, emailOnlySchema, newPasswordSchema, signOutSchema, verifyCodeSchema } from './schemas';
import { CONFIRMATION, type AuthView } from './views';

/** What the card does after an action that does not navigate: show a confirmation, maybe in another view. */
export interface AuthOutcome {
  message: string;
  view?: AuthView;
}

const FAILURE = 'Something went wrong. Please try again.';

export const signIn = defineAction({
  name: 'auth.signIn',
  access: 'public',
  schema: credentialsSchema,
  failure: FAILURE,
  transaction: false,
  rateLimit: (input, headers) => [
    { rule: RATE_RULES.signInPerEmail, subject: input.email },
    { rule: RATE_RULES.signInPerAddress, subject: clientAddress(headers) },
  ],
  run: async ({ email, password, next }, { requestId }): Promise<AuthOutcome> => {
    const supabase = await createSupabaseServerClient();
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    if (error) throw authRefusal(error, { action: 'signIn', requestId });
    redirect(safeNextPath(next));
  },
});

export const signUp = defineAction({
  name: 'auth.signUp',
  access: 'public',
  schema: credentialsSchema,
  failure: FAILURE,
  transaction: false,
  rateLimit: (input, headers) => [
    { rule: RATE_RULES.signUpPerEmail, subject: input.email },
    { rule: RATE_RULES.signUpPerAddress, subject: clientAddress(headers) },
  ],
  run: async ({ email, password, next }, { requestId }): Promise<AuthOutcome> => {
    const supabase = await createSupabaseServerClient();
    const { data, error } = await supabase.auth.signUp({
      email,
      password,
      options: { emailRedirectTo: emailRedirectTo(env().SITE_URL, safeNextPath(next)) },
    });
    if (error) throw authRefusal(error, { action: 'signUp', requestId });
    // With e-mail confirmations on, the session comes with the confirmation link.
    if (!data.session) return { message: CONFIRMATION.sign_up };
    redirect(safeNextPath(next));
  },
});

const mailLimits = (email: string, headers: Headers) => [
  { rule: RATE_RULES.mailPerEmail, subject: email },
  { rule: RATE_RULES.mailPerAddress, subject: clientAddress(headers) },
];

export const sendMagicLink = defineAction({
  name: 'auth.sendMagicLink',
  access: 'public',
  schema: emailOnlySchema,
  failure: FAILURE,
  transaction: false,
  rateLimit: (input, headers) => mailLimits(input.email, headers),
  run: async ({ email, next }, { requestId }): Promise<AuthOutcome> => {
    const supabase = await createSupabaseServerClient();
    const { error } = await supabase.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: emailRedirectTo(env().SITE_URL, safeNextPath(next)), shouldCreateUser: true },
    });
    const refusal = error && mailRefusal(error, { action: 'sendMagicLink', requestId });
    if (refusal) throw refusal;
    return { message: CONFIRMATION.magic_link };
  },
});

export const sendPasswordReset = defineAction({
  name: 'auth.sendPasswordReset',
  access: 'public',
  schema: emailOnlySchema,
  failure: FAILURE,
  transaction: false,
  rateLimit: (input, headers) => mailLimits(input.email, headers),
  run: async ({ email }, { requestId }): Promise<AuthOutcome> => {
    const supabase = await createSupabaseServerClient();
    const { error } = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: emailRedirectTo(env().SITE_URL, UPDATE_PASSWORD_PATH),
    });
    const refusal = error && mailRefusal(error, { action: 'sendPasswordReset', requestId });
    if (refusal) throw refusal;
    return { message: CONFIRMATION.forgotten_password };
  },
});

export const verifyEmailCode = defineAction({
  name: 'auth.verifyEmailCode',
  access: 'public',
  schema: verifyCodeSchema,
  failure: FAILURE,
  transaction: false,
  rateLimit: (input, headers) => [
    { rule: RATE_RULES.verifyCodePerEmail, subject: input.email },
    { rule: RATE_RULES.verifyCodePerAddress, subject: clientAddress(headers) },
  ],
  run: async ({ email, token, next }, { requestId }): Promise<AuthOutcome> => {
    const supabase = await createSupabaseServerClient();
    const { error } = await supabase.auth.verifyOtp({ email, token, type: 'email' });
    if (error) throw authRefusal(error, { action: 'verifyEmailCode', requestId });
    redirect(safeNextPath(next));
  },
});

/** The recovery link's last step. No session gives the Auth library's own 'Auth session missing!'. */
export const updatePassword = defineAction({
  name: 'auth.updatePassword',
  access: 'public',
  schema: newPasswordSchema,
  failure: FAILURE,
  transaction: false,
  run: async ({ password }, { requestId }): Promise<AuthOutcome> => {
    const supabase = await createSupabaseServerClient();
    const { error } = await supabase.auth.updateUser({ password });
    if (error) throw authRefusal(error, { action: 'updatePassword', requestId });
    return { message: CONFIRMATION.update_password, view: 'sign_in' };
  },
});

export const signOut = defineAction({
  name: 'auth.signOut',
  access: 'public',
  schema: signOutSchema,
  failure: FAILURE,
  transaction: false,
  run: async ({ to }): Promise<never> => {
    const supabase = await createSupabaseServerClient();
    // Local scope: this browser's session ends even if the Auth server is unreachable (the cookies are cleared).
    await supabase.auth.signOut({ scope: 'local' });
    redirect(safeNextPath(to, '/login'));
  },
});
