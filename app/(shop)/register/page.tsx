import type { Metadata } from 'next';
import { AuthPage } from '@/components/auth/auth-page';

export const metadata: Metadata = { title: 'Create an account', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function RegisterPage({ searchParams }: { searchParams: Search }) {
  return <AuthPage heading="Create an account" defaultView="sign_up" searchParams={await searchParams} />;
}
