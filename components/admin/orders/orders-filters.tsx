'use client';
import { Download, Loader2, Search } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { ORDER_SORTS, ORDERS_SEARCH_MAX, ordersHref, ordersSearch, type OrdersQuery } from '@/lib/admin/orders/params';
import { isOrderStatus, ORDER_STATUSES, statusLabel } from '@/lib/orders/status';

/** Search, status filter, date order and the CSV export. A change starts again at page 1 (replace). */
export function OrdersFilters({ query }: { query: OrdersQuery }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const go = (next: Partial<OrdersQuery>) =>
    startTransition(() => router.replace(ordersHref({ ...query, ...next, page: 1 }), { scroll: false }));
  return (
    <div className="flex flex-wrap items-end gap-2" aria-busy={pending}>
      <form
        role="search"
        className="min-w-0 flex-1 basis-56 sm:max-w-sm"
        onSubmit={(e) => {
          e.preventDefault();
          const value = new FormData(e.currentTarget).get('q');
          go({ q: typeof value === 'string' && value.trim() ? value.trim() : undefined });
        }}
      >
        <label htmlFor="orders-q" className="adm-label">
          Search orders
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute left-2 top-1/2 size-4 -translate-y-1/2 text-stone-muted" />
          <input
            id="orders-q"
            name="q"
            type="search"
            key={query.q ?? ''}
            defaultValue={query.q ?? ''}
            maxLength={ORDERS_SEARCH_MAX}
            placeholder="Reference, name, e-mail or PO"
            className="adm-input w-full pl-8"
          />
        </div>
      </form>
      <div>
        <label htmlFor="orders-status" className="adm-label">
          Status
        </label>
        <select
          id="orders-status"
          className="adm-input w-40"
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
          className="adm-input w-36"
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
