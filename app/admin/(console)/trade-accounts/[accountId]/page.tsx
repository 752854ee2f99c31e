import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AccountDetails, AccountHistory } from '@/components/admin/trade/account-details';
import { DecisionForm } from '@/components/admin/trade/decision-form';
import { TermsForm } from '@/components/admin/trade/terms-form';
import { loadTradeAccountDetail } from '@/lib/admin/trade/detail';
import { TRADE_SCREEN } from '@/lib/admin/trade/labels';
import { tradeAccountsHref } from '@/lib/admin/trade/params';
import { env } from '@/lib/core/env';
import { isUuid } from '@/lib/core/validation/text';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { shopToday } from '@/lib/quotes/read';

export const metadata: Metadata = { title: TRADE_SCREEN.title };

export default async function AdminTradeAccountPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { actor } = await requireAdminPage();
  const { accountId } = await params;
  const data = isUuid(accountId) ? await loadTradeAccountDetail(actor, accountId.toLowerCase()) : null;
  if (!data) notFound();
  const timeZone = env().SHOP_TIME_ZONE;
  return (
    <div className="space-y-4">
      <p>
        <Link href={tradeAccountsHref({})} className="text-sm text-stone-muted hover:underline">
          {TRADE_SCREEN.back}
        </Link>
      </p>
      <h1 className="adm-h1">{data.account.businessName}</h1>
      <AccountDetails account={data.account} timeZone={timeZone} />
      <DecisionForm account={data.account} groups={data.groups} today={shopToday(timeZone)} />
      <TermsForm account={data.account} />
      <AccountHistory events={data.events} mails={data.mails} timeZone={timeZone} />
    </div>
  );
}
