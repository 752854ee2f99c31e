import type { Metadata } from 'next';
import Link from 'next/link';
import { CustomersSearch } from '@/components/admin/customers/customers-search';
import { CustomersTable } from '@/components/admin/customers/customers-table';
import { AdminPagination } from '@/components/admin/pagination';
import { GUEST_HELP, NO_CUSTOMERS, ORDERS_COUNT_HELP, TOTAL_SPENT_HELP } from '@/lib/admin/customers/labels';
import { loadCustomers } from '@/lib/admin/customers/list';
import { customersHref, parseCustomersQuery } from '@/lib/admin/customers/params';
import { env } from '@/lib/core/env';
import { requireAdminPage } from '@/lib/entry/page-guards';

export const metadata: Metadata = { title: 'Customers' };

export default async function CustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await requireAdminPage();
  const query = parseCustomersQuery(await searchParams);
  const data = await loadCustomers(actor, query);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="adm-h1">Customers</h1>
        <p className="adm-muted tabular" role="status">
          {data.total.toLocaleString('en-US')} {data.total === 1 ? 'customer' : 'customers'}
          {query.q ? ` matching "${query.q}"` : ''}
          {query.tag ? ` tagged ${data.tagOptions.find((t) => t.key === query.tag)?.label ?? query.tag}` : ''}
        </p>
      </div>
      {/* Keyed by the view: a new sort from a column header resets the form's fields, which keep what was typed otherwise. */}
      <CustomersSearch key={`${query.q}|${query.tag}|${query.sort}|${query.dir}`} query={query} tags={data.tagOptions} />
      {data.customers.length === 0 ? (
        <div className="adm-panel adm-empty">
          {NO_CUSTOMERS}
          {(query.q || query.tag) && (
            <>
              {' '}
              <Link href={customersHref({ sort: query.sort, dir: query.dir })} className="underline underline-offset-2">
                Show all customers
              </Link>
            </>
          )}
        </div>
      ) : (
        <CustomersTable customers={data.customers} query={query} timeZone={env().SHOP_TIME_ZONE} />
      )}
      <div id="customers-spent-help" className="space-y-0.5 text-xs text-stone-muted">
        <p>{TOTAL_SPENT_HELP}</p>
        <p>
          {ORDERS_COUNT_HELP} {GUEST_HELP}
        </p>
      </div>
      <AdminPagination page={data.page} totalPages={data.totalPages} href={(page) => customersHref({ ...query, page })} />
    </div>
  );
}
