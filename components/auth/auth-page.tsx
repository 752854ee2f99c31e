import { redirect } from 'next/navigation';
import { authPageState } from '@/lib/auth/login-page-state';
import type { AuthView } from '@/lib/auth/views';
import { AuthCard } from './auth-card';

interface AuthPageProps {
  heading: string;
  defaultView: AuthView;
  searchParams: Record<string, string | string[] | undefined>;
}

/** /login and /register: a 360 px card under the page heading. */
export async function AuthPage({ heading, defaultView, searchParams }: AuthPageProps) {
  const state = await authPageState(searchParams, defaultView);
  if (state.kind === 'signed_in') redirect(state.redirectTo);
  return (
    <div className="mx-auto w-full max-w-[392px] px-4 py-12 sm:py-16">
      <h1 className="mb-8 text-center font-serif text-3xl text-ink">{heading}</h1>
      <AuthCard initialView={state.view} next={state.next} initialError={state.error} />
    </div>
  );
}
