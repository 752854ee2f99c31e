import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPagination } from '@/components/admin/pagination';
import { TradeFilter } from '@/components/admin/trade/trade-filter';
import { ADMIN_TRADE_STATUS_LABELS, TRADE_SCREEN } from '@/lib/admin/trade/labels';
import { loadTradeAccounts } from '@/lib/admin/trade/list';
import { parseTradeAccountsQuery, tradeAccountHref, tradeAccountsHref } from '@/lib/admin/trade/params';
import { env } from '@/lib/core/env';
import { formatDate } from '@/lib/core/format/date';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { BUSINESS_TYPE_LABELS, TRADE_STATUS_BADGE } from '@/lib/trade/labels';

export const metadata: Metadata = { title: TRADE_SCREEN.title };

export default async function TradeAccountsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await requireAdminPage();
  const query = parseTradeAccountsQuery(await searchParams);
  const data = await loadTradeAccounts(actor, query);
  const timeZone = env().SHOP_TIME_ZONE;
  const c = TRADE_SCREEN.columns;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="adm-h1">{TRADE_SCREEN.title}</h1>
        <p className="adm-muted tabular" role="status">
          {TRADE_SCREEN.count(data.total)}
        </p>
      </div>
      <TradeFilter status={query.status} />
      {data.accounts.length === 0 ? (
        <div className="adm-panel adm-empty">{TRADE_SCREEN.empty}</div>
      ) : (
        <div className="adm-panel overflow-x-auto p-0">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{c.business}</th>
                <th scope="col">{c.type}</th>
                <th scope="col">{c.submitted}</th>
                <th scope="col">{c.status}</th>
              </tr>
            </thead>
            <tbody>
              {data.accounts.map((a) => (
                <tr key={a.id} data-testid="admin-trade-row">
                  <td>
                    <Link href={tradeAccountHref(a.id)} className="font-medium underline-offset-2 hover:underline">
                      {a.businessName}
                    </Link>
                    {a.email && <span className="block text-xs text-stone-muted">{a.email}</span>}
                  </td>
                  <td>{BUSINESS_TYPE_LABELS[a.businessType]}</td>
                  <td className="tabular">{formatDate(a.submittedAt, timeZone)}</td>
                  <td>
                    <span className={`adm-badge ${TRADE_STATUS_BADGE[a.status]}`}>{ADMIN_TRADE_STATUS_LABELS[a.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPagination page={data.page} totalPages={data.totalPages} href={(page) => tradeAccountsHref({ ...query, page })} />
    </div>
  );
}
