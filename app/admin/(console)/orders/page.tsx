import type { Metadata } from 'next';
import Link from 'next/link';
import { OrdersFilters } from '@/components/admin/orders/orders-filters';
import { OrdersTable } from '@/components/admin/orders/orders-table';
import { AdminPagination } from '@/components/admin/pagination';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { ORDERS_SEARCH_CAPPED, ordersHref, parseOrderParam, parseOrdersQuery } from '@/lib/admin/orders/params';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { env } from '@/lib/core/env';

export const metadata: Metadata = { title: 'Orders' };

export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await requireAdminPage();
  const params = await searchParams;
  const query = parseOrdersQuery(params);
  const only = parseOrderParam(params);
  const data = await loadAdminOrders(actor, query, env().SHOP_TIME_ZONE, only);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="adm-h1">Orders</h1>
        <p className="adm-muted tabular" role="status">
          {data.total.toLocaleString('en-US')} {data.total === 1 ? 'order' : 'orders'}
        </p>
      </div>
      {only ? (
        <p className="text-sm">
          <span className="text-stone-muted">One order shown. </span>
          <Link href={ordersHref({})} className="underline underline-offset-2">
            Show all orders
          </Link>
        </p>
      ) : (
        <OrdersFilters query={query} />
      )}
      {data.searchCapped ? (
        <p className="adm-muted text-sm" role="note">
          {ORDERS_SEARCH_CAPPED}
        </p>
      ) : null}
      {data.orders.length === 0 ? (
        <div className="adm-panel adm-empty">No orders found</div>
      ) : (
        <OrdersTable key={only ?? 'all'} orders={data.orders} initiallyOpen={only ? [only] : []} />
      )}
      <AdminPagination page={data.page} totalPages={data.totalPages} href={(page) => ordersHref({ ...query, page })} />
    </div>
  );
}
