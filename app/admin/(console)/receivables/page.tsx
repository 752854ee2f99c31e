import { Download } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPagination } from '@/components/admin/pagination';
import { ReceivablesCustomersTable } from '@/components/admin/receivables/customers-table';
import { ReceivablesFilter } from '@/components/admin/receivables/invoice-filter';
import { ReceivablesInvoicesTable } from '@/components/admin/receivables/invoices-table';
import { ReceivablesTotalsCards } from '@/components/admin/receivables/totals';
import { RECEIVABLES_SCREEN as T } from '@/lib/admin/receivables/labels';
import { parseReceivablesQuery, receivablesExportHref, receivablesHref } from '@/lib/admin/receivables/params';
import { loadReceivables } from '@/lib/admin/receivables/query';
import { tradeAccountHref } from '@/lib/admin/trade/params';
import { env } from '@/lib/core/env';
import { requireAdminPage } from '@/lib/entry/page-guards';

export const metadata: Metadata = { title: T.title };

export default async function ReceivablesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await requireAdminPage();
  const query = parseReceivablesQuery(await searchParams);
  const data = await loadReceivables(actor, query, { now: new Date(), timeZone: env().SHOP_TIME_ZONE });
  const empty = query.filter === 'overdue' ? T.emptyOverdue : query.account ? T.emptyAccount : T.empty;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="adm-h1">{T.title}</h1>
          <p className="adm-muted tabular" role="status">
            {T.count(data.totals.invoices)}
          </p>
        </div>
        <a href={receivablesExportHref(query)} className="adm-btn" download>
          <Download aria-hidden className="size-4" /> {T.export}
        </a>
      </div>
      {query.account && (
        <p className="text-sm">
          <span className="text-stone-muted">{data.account ? T.accountOnly(data.account.businessName) : T.accountMissing} </span>
          <Link href={receivablesHref({ filter: query.filter })} className="underline underline-offset-2">
            {T.showAll}
          </Link>
          {data.account && (
            <>
              {' · '}
              <Link href={tradeAccountHref(data.account.id)} className="underline underline-offset-2">
                {T.tradeAccount}
              </Link>
            </>
          )}
        </p>
      )}
      <ReceivablesTotalsCards totals={data.totals} />
      {data.customers.length > 0 && <ReceivablesCustomersTable customers={data.customers} customerCount={data.customerCount} />}
      <section aria-labelledby="recv-invoices" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recv-invoices" className="adm-h2">
            {T.invoicesHeading}
          </h2>
          <ReceivablesFilter query={query} />
        </div>
        {data.invoices.length === 0 ? (
          <div className="adm-panel adm-empty">{empty}</div>
        ) : (
          <ReceivablesInvoicesTable invoices={data.invoices} />
        )}
        <AdminPagination page={data.page} totalPages={data.totalPages} href={(page) => receivablesHref({ ...query, page })} />
      </section>
      <p className="text-xs text-stone-muted">{T.help}</p>
    </div>
  );
}
