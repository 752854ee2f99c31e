'use client';
import { ChevronDown } from 'lucide-react';
import { Fragment, useState } from 'react';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { formatCents } from '@/lib/core/format/money';
import { STATUS_BADGE, statusLabel } from '@/lib/orders/status';
import { OrderDetails } from './order-details';

/** Orders of one page; a row opens to show its items, addresses, payment, status selector and history. */
export function OrdersTable({ orders, initiallyOpen = [] }: { orders: AdminOrder[]; initiallyOpen?: string[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className="relative overflow-x-auto rounded-md border border-neutral-200 bg-white">
      <table className="adm-table">
        <caption className="sr-only">Orders</caption>
        <thead>
          <tr>
            <th scope="col">Order Ref</th>
            <th scope="col" className="hidden md:table-cell">
              Customer
            </th>
            <th scope="col" className="hidden md:table-cell">
              Date
            </th>
            <th scope="col" className="hidden sm:table-cell">
              Status
            </th>
            <th scope="col" className="text-right">
              Total
            </th>
            <th scope="col" className="text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => {
            const expanded = open.has(o.id);
            const detailsId = `order-${o.id}`;
            return (
              <Fragment key={o.id}>
                <tr className={expanded ? 'bg-neutral-50' : undefined}>
                  <th scope="row">
                    <span className="tabular">{o.reference}</span>
                    <span className="block text-xs font-normal text-stone-muted md:hidden">
                      {o.customerName ?? 'Guest'} · {o.dateLabel}
                    </span>
                    <span className={`adm-badge mt-1 sm:hidden ${STATUS_BADGE[o.status]}`}>{statusLabel(o.status)}</span>
                  </th>
                  <td className="hidden md:table-cell">{o.customerName ?? 'Guest'}</td>
                  <td className="hidden whitespace-nowrap md:table-cell">{o.dateLabel}</td>
                  <td className="hidden sm:table-cell">
                    <span className={`adm-badge ${STATUS_BADGE[o.status]}`}>{statusLabel(o.status)}</span>
                  </td>
                  <td className="tabular text-right">{formatCents(o.totalCents)}</td>
                  <td className="text-right">
                    <button
                      type="button"
                      className="adm-btn h-8 px-2"
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      onClick={() => toggle(o.id)}
                    >
                      <span className="sr-only sm:not-sr-only">{expanded ? 'Hide' : 'Details'}</span>
                      <span className="sr-only"> of order {o.reference}</span>
                      <ChevronDown aria-hidden className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailsId}>
                    <td colSpan={6} className="!p-0">
                      <OrderDetails order={o} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
