import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPagination } from '@/components/admin/pagination';
import { QuotesFilter } from '@/components/admin/quotes/quotes-filter';
import { loadAdminQuotes } from '@/lib/admin/quotes/list';
import { parseQuotesQuery, quotesHref } from '@/lib/admin/quotes/params';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { env } from '@/lib/core/env';
import { formatDate } from '@/lib/core/format/date';
import { formatCents } from '@/lib/core/format/money';
import { QUOTE_STATUS_LABELS } from '@/lib/quotes/types';

export const metadata: Metadata = { title: 'Quotes' };

export default async function QuotesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await requireAdminPage();
  const query = parseQuotesQuery(await searchParams);
  const data = await loadAdminQuotes(actor, query);
  const timeZone = env().SHOP_TIME_ZONE;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="adm-h1">Quotes</h1>
        <p className="adm-muted tabular" role="status">
          {data.total.toLocaleString('en-US')} {data.total === 1 ? 'quote' : 'quotes'}
        </p>
      </div>
      <QuotesFilter status={query.status} />
      {data.quotes.length === 0 ? (
        <div className="adm-panel adm-empty">No quotes found</div>
      ) : (
        <>
          {/* Six columns do not fit a phone: there each quote is a short card instead. */}
          <ul className="adm-panel divide-y divide-neutral-100 p-0 sm:hidden" aria-label="Quotes">
            {data.quotes.map((q) => (
              <li key={q.id} className="space-y-1 p-3 text-sm">
                <div className="flex items-baseline justify-between gap-2">
                  <Link href={`/admin/quotes/${q.id}`} className="font-medium underline-offset-2 hover:underline">
                    {q.reference}
                  </Link>
                  <span className="adm-badge">{QUOTE_STATUS_LABELS[q.status]}</span>
                </div>
                <p className="min-w-0 break-words">
                  {q.name} <span className="text-xs text-stone-muted">{q.email}</span>
                </p>
                <p className="tabular flex flex-wrap justify-between gap-x-3 text-xs text-stone-muted">
                  <span>{formatDate(q.createdAt, timeZone)}</span>
                  <span>
                    {q.lineCount} {q.lineCount === 1 ? 'line' : 'lines'} ({q.pieces} pcs) · {q.totalCents === null ? '—' : formatCents(q.totalCents)}
                  </span>
                </p>
              </li>
            ))}
          </ul>
          <div className="adm-panel hidden overflow-x-auto p-0 sm:block">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">Quote</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">Requested</th>
                  <th scope="col" className="text-right">Lines</th>
                  <th scope="col" className="text-right">Total</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.quotes.map((q) => (
                  <tr key={q.id}>
                    <td>
                      <Link href={`/admin/quotes/${q.id}`} className="font-medium underline-offset-2 hover:underline">
                        {q.reference}
                      </Link>
                    </td>
                    <td>
                      <span className="block">{q.name}</span>
                      <span className="block text-xs text-stone-muted">{q.email}</span>
                    </td>
                    <td className="tabular">{formatDate(q.createdAt, timeZone)}</td>
                    <td className="tabular text-right">
                      {q.lineCount} ({q.pieces} pcs)
                    </td>
                    <td className="tabular text-right">{q.totalCents === null ? '—' : formatCents(q.totalCents)}</td>
                    <td>
                      <span className="adm-badge">{QUOTE_STATUS_LABELS[q.status]}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <AdminPagination page={data.page} totalPages={data.totalPages} href={(page) => quotesHref({ ...query, page })} />
    </div>
  );
}
