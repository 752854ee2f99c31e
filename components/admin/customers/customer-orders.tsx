import Link from 'next/link';
import type { CustomerOrder } from '@/lib/admin/customers/detail';
import { orderRowHref } from '@/lib/admin/orders/params';
import { formatDateTime } from '@/lib/core/format/date';
import { formatCents } from '@/lib/core/format/money';
import { STATUS_BADGE, statusLabel } from '@/lib/orders/status';

/** A customer's orders, newest first; each reference opens that order's row on the orders screen. */
export function CustomerOrders({ orders, timeZone }: { orders: CustomerOrder[]; timeZone: string }) {
  return (
    <section aria-labelledby="customer-orders" className="space-y-2">
      <h2 id="customer-orders" className="adm-h2">
        Orders
      </h2>
      {orders.length === 0 ? (
        <div className="adm-panel adm-empty">No orders yet</div>
      ) : (
        <div className="adm-panel overflow-x-auto p-0">
          <table className="adm-table">
            <caption className="sr-only">Orders of this customer</caption>
            <thead>
              <tr>
                <th scope="col">Order Ref</th>
                <th scope="col" className="hidden sm:table-cell">
                  Date
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="text-right">
                  Total
                </th>
                <th scope="col" className="hidden text-right md:table-cell">
                  Refunded
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <th scope="row">
                    <Link href={orderRowHref(o.id)} className="tabular underline decoration-neutral-300 underline-offset-2 hover:decoration-ink">
                      {o.reference}
                    </Link>
                    <span className="tabular block text-xs font-normal text-stone-muted sm:hidden">{formatDateTime(o.createdAt, timeZone)}</span>
                  </th>
                  <td className="tabular hidden whitespace-nowrap sm:table-cell">{formatDateTime(o.createdAt, timeZone)}</td>
                  <td>
                    <span className={`adm-badge ${STATUS_BADGE[o.status]}`}>{statusLabel(o.status)}</span>
                  </td>
                  <td className="tabular text-right">
                    {formatCents(o.totalCents)}
                    {o.refundedCents > 0 && <span className="block text-xs text-stone-muted md:hidden">−{formatCents(o.refundedCents)} refunded</span>}
                  </td>
                  <td className="tabular hidden text-right md:table-cell">{o.refundedCents > 0 ? formatCents(o.refundedCents) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
