import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth/auth-form';
import { getCurrentUser } from '@/lib/auth/user';
import { safeNextPath } from '@/lib/auth/redirects';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNextPath((await searchParams).next);
  if (await getCurrentUser()) redirect(next);
  return (
    <div className="mx-auto w-full max-w-[360px] px-4 py-16">
      <h1 className="mb-8 text-center text-3xl">Sign in to your account</h1>
      <AuthForm view="sign_in" next={next} />
    </div>
  );
}
