import type { Metadata } from 'next';
import { AccountPage } from '@/components/account/account-page';
import { loadAccount } from '@/lib/account/dashboard';
import { requireUserPage } from '@/lib/entry/page-guards';

export const metadata: Metadata = { title: 'My Account', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

// The middleware sends visitors without a session to /login first; this checks again with the Auth server.
export default async function DashboardPage({ searchParams }: { searchParams: Search }) {
  const { user } = await requireUserPage('/dashboard');
  return <AccountPage view={await loadAccount(user, await searchParams)} />;
}
