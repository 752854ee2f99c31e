import type { Metadata } from 'next';
import { AuthPage } from '@/components/auth/auth-page';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  return <AuthPage heading="Sign in to your account" defaultView="sign_in" searchParams={await searchParams} />;
}
