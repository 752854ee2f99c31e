import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth/auth-form';
import { getCurrentUser } from '@/lib/auth/user';

export const metadata: Metadata = { title: 'Create an account', robots: { index: false } };

export default async function RegisterPage() {
  if (await getCurrentUser()) redirect('/dashboard');
  return (
    <div className="mx-auto w-full max-w-[360px] px-4 py-16">
      <h1 className="mb-8 text-center text-3xl">Create an account</h1>
      <AuthForm view="sign_up" next="/dashboard" />
    </div>
  );
}
