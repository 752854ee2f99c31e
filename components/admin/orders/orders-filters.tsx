'use client';
import { Download, Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { ORDER_SORTS, ordersHref, ordersSearch, type OrdersQuery } from '@/lib/admin/orders/params';
import { isOrderStatus, ORDER_STATUSES, statusLabel } from '@/lib/orders/status';

/** Status filter, date order and the CSV export of the same view. A change starts again at page 1 (replace). */
export function OrdersFilters({ query }: { query: OrdersQuery }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const go = (next: Partial<OrdersQuery>) =>
    startTransition(() => router.replace(ordersHref({ ...query, ...next, page: 1 }), { scroll: false }));
  return (
    <div className="flex flex-wrap items-end gap-3" aria-busy={pending}>
      <div>
        <label htmlFor="orders-status" className="adm-label">
          Status
        </label>
        <select
          id="orders-status"
          className="adm-input w-44"
          value={query.status ?? ''}
          onChange={(e) => go({ status: isOrderStatus(e.target.value) ? e.target.value : null })}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="orders-sort" className="adm-label">
          Date
        </label>
        <select
          id="orders-sort"
          className="adm-input w-40"
          value={query.sort}
          onChange={(e) => go({ sort: e.target.value === 'oldest' ? 'oldest' : 'newest' })}
        >
          {ORDER_SORTS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {pending && (
        <p role="status" className="flex h-9 items-center gap-1.5 text-sm text-stone-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading orders…
        </p>
      )}
      <a href={`/api/admin/orders/export${ordersSearch({ status: query.status, sort: query.sort })}`} className="adm-btn ml-auto" download>
        <Download aria-hidden className="size-4" /> Export CSV
      </a>
    </div>
  );
}
