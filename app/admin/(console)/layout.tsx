import { AdminFrame } from '@/components/admin/shell/admin-frame';
import { SignOutForm } from '@/components/admin/shell/sign-out-form';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { ADMIN_QUOTES, ADMIN_TRADE_ACCOUNTS } from '@/lib/admin/nav';
import { openQuoteCount } from '@/lib/admin/quotes/list';
import { PENDING_BADGE_WORD } from '@/lib/admin/trade/labels';
import { pendingTradeCount } from '@/lib/admin/trade/list';

/** The guarded back office: only admins get past this (each page checks again; RLS is the last gate). */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const { user: admin, actor } = await requireAdminPage();
  const [openQuotes, pendingTrade] = await Promise.all([openQuoteCount(actor).catch(() => 0), pendingTradeCount(actor).catch(() => 0)]);
  return (
    <AdminFrame
      email={admin.email ?? ''}
      signOut={<SignOutForm />}
      badges={{ [ADMIN_QUOTES]: openQuotes, [ADMIN_TRADE_ACCOUNTS]: pendingTrade }}
      badgeWords={{ [ADMIN_TRADE_ACCOUNTS]: PENDING_BADGE_WORD }}
    >
      {children}
    </AdminFrame>
  );
}
