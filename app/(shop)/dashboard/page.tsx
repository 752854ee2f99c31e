import type { Metadata } from 'next';
import { AccountPage } from '@/components/account/account-page';
import { loadAccount } from '@/lib/account/dashboard';
import { requireUserPage } from '@/lib/entry/page-guards';
import { loadTradeTab } from '@/lib/trade/read';

export const metadata: Metadata = { title: 'My Account', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

// The middleware sends visitors without a session to /login first; this checks again with the Auth server.
export default async function DashboardPage({ searchParams }: { searchParams: Search }) {
  const { user } = await requireUserPage('/dashboard');
  const view = await loadAccount(user, await searchParams);
  const trade = view.content.tab === 'trade' ? await loadTradeTab(user) : null;
  return <AccountPage view={view} trade={trade?.account ?? null} colleagues={trade?.colleagues ?? null} />;
}
