import Link from 'next/link';
import type { Dashboard } from '@/lib/admin/dashboard/load';
import { formatCents } from '@/lib/core/format/money';
import { STATUS_BADGE, statusLabel } from '@/lib/orders/status';
import { CATEGORY_INFO } from '@/lib/catalog/categories';
import { Panel } from './charts';

export function PaymentMethods({ methods }: { methods: Dashboard['methods'] }) {
  return (
    <Panel id="dash-methods" title="Payment Methods">
      {methods.length === 0 ? (
        <p className="adm-empty">No payment data available</p>
      ) : (
        <ul className="space-y-2.5">
          {methods.map((m) => (
            <li key={m.method}>
              <div className="flex justify-between text-sm">
                <span className="capitalize">{m.method}</span>
                <span className="tabular">
                  {formatCents(m.amountCents)} <span className="text-xs text-stone-muted">({m.percent.toFixed(1)}%)</span>
                </span>
              </div>
              <div aria-hidden className="mt-1 h-2 rounded-full bg-neutral-100">
                <div className="h-2 rounded-full bg-neutral-700" style={{ width: `${m.percent}%` }} />
              </div>
            </li>
          ))}
          <li className="flex justify-between border-t border-neutral-200 pt-2 text-sm font-medium">
            <span>Total (the period’s revenue)</span>
            <span className="tabular">{formatCents(methods.reduce((sum, m) => sum + m.amountCents, 0))}</span>
          </li>
        </ul>
      )}
    </Panel>
  );
}

export function RecentOrders({ recent }: { recent: Dashboard['recent'] }) {
  return (
    <Panel
      id="dash-recent"
      title="Recent Orders"
      action={
        <Link href="/admin/orders" className="text-xs font-medium text-gold-dark hover:underline">
          View All
        </Link>
      }
    >
      {recent.length === 0 ? (
        <p className="adm-empty">No recent orders</p>
      ) : (
        <ul className="divide-y divide-neutral-100">
          {recent.map((o) => (
            <li key={o.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="tabular block truncate font-medium">{o.reference}</span>
                <span className="block truncate text-xs text-stone-muted">
                  {o.customerName ?? 'Guest'} · {o.dateLabel}
                </span>
              </span>
              <span className="shrink-0 text-right">
                <span className="tabular block">{formatCents(o.totalCents)}</span>
                <span className={`adm-badge mt-0.5 ${STATUS_BADGE[o.status]}`}>{statusLabel(o.status)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function TopProducts({ top }: { top: Dashboard['top'] }) {
  return (
    <Panel id="dash-top" title="Top Products">
      {top.length === 0 ? (
        <p className="adm-empty">No product sales data available</p>
      ) : (
        <ol className="divide-y divide-neutral-100">
          {top.map((p, i) => (
            <li key={p.productId} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate">
                  <span className="tabular mr-1.5 text-stone-muted">{i + 1}.</span>
                  {/* A deleted product keeps its sales, so its id stays shown with this note. */}
                  {p.name ?? <span className="italic text-stone-muted">Product unavailable</span>}
                </span>
                <span className="tabular block break-words text-xs text-stone-muted">
                  <span title={p.productId}>{p.shortId}</span>
                  {p.sku ? ` · SKU ${p.sku}` : ''}
                  {p.category ? ` · ${CATEGORY_INFO[p.category].label}` : ''} · {p.quantity.toLocaleString('en-US')} sold
                </span>
              </span>
              <span className="tabular shrink-0 font-medium">{formatCents(p.revenueCents)}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
