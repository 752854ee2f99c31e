import { ArrowDown, ArrowUp, ArrowUpDown, Info } from 'lucide-react';
import Link from 'next/link';
import { GUEST_LABEL, NEVER_ORDERED, TOTAL_SPENT_HELP } from '@/lib/admin/customers/labels';
import type { CustomerRow } from '@/lib/admin/customers/list';
import { CUSTOMER_SORTS, customerHref, customersHref, sortHref, type CustomerSort, type CustomersQuery } from '@/lib/admin/customers/params';
import { tagKey } from '@/lib/admin/customers/tags';
import { formatDate } from '@/lib/core/format/date';
import { formatCents } from '@/lib/core/format/money';

/** Columns hidden on a phone: their figures show under the name instead. */
const WIDE_ONLY: Partial<Record<CustomerSort, string>> = { email: 'hidden md:table-cell', phone: 'hidden lg:table-cell', orders: 'hidden sm:table-cell', 'last-order': 'hidden sm:table-cell' };
const NUMERIC: ReadonlySet<CustomerSort> = new Set(['orders', 'spent']);

function SortHeader({ query, sort, label }: { query: CustomersQuery; sort: CustomerSort; label: string }) {
  const current = query.sort === sort;
  const Icon = !current ? ArrowUpDown : query.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={current ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`${WIDE_ONLY[sort] ?? ''} ${NUMERIC.has(sort) ? 'text-right' : ''}`}
    >
      <span className="inline-flex items-center gap-1">
        <Link href={sortHref(query, sort)} className="inline-flex items-center gap-1 hover:text-ink" scroll={false}>
          {label}
          <Icon aria-hidden className={`size-3.5 ${current ? 'text-ink' : 'text-neutral-400'}`} />
          <span className="sr-only">{current ? `, sorted ${query.dir === 'asc' ? 'ascending' : 'descending'}` : ', sort'}</span>
        </Link>
        {sort === 'spent' && (
          <span title={TOTAL_SPENT_HELP} aria-hidden className="cursor-help text-neutral-400">
            <Info className="size-3.5" />
          </span>
        )}
      </span>
    </th>
  );
}

/** One page of customers; every column header sorts (the same header again turns the order around). */
export function CustomersTable({ customers, query, timeZone }: { customers: CustomerRow[]; query: CustomersQuery; timeZone: string }) {
  return (
    <div className="adm-panel overflow-x-auto p-0">
      <table className="adm-table" aria-describedby="customers-spent-help">
        <caption className="sr-only">Customers</caption>
        <thead>
          <tr>
            {CUSTOMER_SORTS.map((s) => (
              <SortHeader key={s.key} query={query} sort={s.key} label={s.label} />
            ))}
          </tr>
        </thead>
        <tbody>
          {customers.map((c) => (
            <tr key={c.key}>
              <th scope="row" className="max-w-[14rem]">
                <Link href={customerHref(c.key)} className="underline decoration-neutral-300 underline-offset-2 hover:decoration-ink">
                  {c.name || c.email}
                </Link>
                {c.isGuest && <span className="adm-badge ml-2 bg-neutral-100 text-neutral-700 ring-neutral-300">{GUEST_LABEL}</span>}
                {c.tags.length > 0 && (
                  <span className="mt-1 flex flex-wrap gap-1" aria-label="Tags">
                    {c.tags.map((t) => (
                      <Link
                        key={t}
                        href={customersHref({ ...query, tag: tagKey(t), page: 1 })}
                        className="adm-badge bg-amber-50 font-normal text-amber-900 ring-amber-200 hover:underline"
                        title={`Customers tagged ${t}`}
                      >
                        {t}
                      </Link>
                    ))}
                  </span>
                )}
                <span className="block truncate text-xs font-normal text-stone-muted md:hidden">{c.email}</span>
                <span className="tabular block text-xs font-normal text-stone-muted sm:hidden">
                  {c.orders} {c.orders === 1 ? 'order' : 'orders'} · {c.lastOrderAt ? formatDate(c.lastOrderAt, timeZone) : NEVER_ORDERED}
                </span>
              </th>
              <td className="hidden max-w-[16rem] truncate md:table-cell">{c.email}</td>
              <td className="tabular hidden whitespace-nowrap lg:table-cell">{c.phone ?? '—'}</td>
              <td className="tabular hidden text-right sm:table-cell">{c.orders}</td>
              <td className="tabular text-right">{formatCents(c.spentCents)}</td>
              <td className="tabular hidden whitespace-nowrap sm:table-cell">{c.lastOrderAt ? formatDate(c.lastOrderAt, timeZone) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
