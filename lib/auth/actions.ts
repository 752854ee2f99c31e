'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { createSupabaseServerClient } from '../supabase/server';
import { safeNextPath } from './redirects';

// Sign-in, sign-up and sign-out run on the server: the session cookies are set by @supabase/ssr in the response,
// and the browser needs no Supabase client for them.

export interface AuthFormState {
  error: string | null;
  message: string | null;
  email: string;
}

const credentials = z.object({
  view: z.enum(['sign_in', 'sign_up']),
  email: z.string().trim().max(320),
  password: z.string().max(200),
  next: z.string().optional(),
});

export async function authenticate(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const parsed = credentials.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { error: 'Please enter your email address and password.', message: null, email: '' };
  const { view, email, password, next } = parsed.data;
  const supabase = await createSupabaseServerClient();
  const { data, error } =
    view === 'sign_in'
      ? await supabase.auth.signInWithPassword({ email, password })
      : await supabase.auth.signUp({ email, password });
  if (error) return { error: error.message, message: null, email };
  if (!data.session) return { error: null, message: 'Check your email for the confirmation link', email };
  redirect(safeNextPath(next));
}

export async function signOut(to: string = '/login'): Promise<void> {
  const supabase = await createSupabaseServerClient();
  await supabase.auth.signOut();
  redirect(safeNextPath(to, '/login'));
}
