// One header-search result: a product's picture, name, category and SKU; an order's reference, total, status and
// buyer; a customer's name, e-mail and order count.
import { ShoppingBag, User } from 'lucide-react';
import type { AdminCustomerHit, AdminOrderHit, AdminSearchResult } from '@/lib/admin/search/rules';
import { CATEGORY_INFO } from '@/lib/catalog/categories';
import { PURCHASE_ORDER_LABEL } from '@/lib/checkout/contact';
import { formatCents } from '@/lib/core/format/money';
import { statusLabel } from '@/lib/orders/status';
import { Thumb } from '../thumb';

export type ResultOption =
  | { kind: 'products'; result: AdminSearchResult }
  | { kind: 'orders'; result: AdminOrderHit }
  | { kind: 'customers'; result: AdminCustomerHit };

/** One result's picture and two lines: a product's name and SKU, an order's reference and buyer, a customer's name. */
export function ResultBody({ option }: { option: ResultOption }) {
  const icon = 'flex size-8 shrink-0 items-center justify-center rounded bg-neutral-100 text-neutral-500';
  if (option.kind === 'products') {
    const r = option.result;
    return (
      <>
        <Thumb src={r.imageUrl} size={32} />
        <span className="min-w-0">
          <span className="block truncate text-sm text-ink">{r.name}</span>
          <span className="tabular block text-xs text-stone-muted">
            {CATEGORY_INFO[r.category].label} · SKU: {r.sku ?? 'N/A'}
          </span>
        </span>
      </>
    );
  }
  if (option.kind === 'orders') {
    const r = option.result;
    return (
      <>
        <span aria-hidden className={icon}>
          <ShoppingBag className="size-4" />
        </span>
        <span className="min-w-0">
          <span className="tabular block truncate text-sm text-ink">
            {r.reference} · {formatCents(r.totalCents)} · {statusLabel(r.status)}
          </span>
          <span className="block truncate text-xs text-stone-muted">
            {[r.name ?? 'Guest', r.email, r.purchaseOrder && `${PURCHASE_ORDER_LABEL} ${r.purchaseOrder}`].filter(Boolean).join(' · ')}
          </span>
        </span>
      </>
    );
  }
  const r = option.result;
  return (
    <>
      <span aria-hidden className={icon}>
        <User className="size-4" />
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm text-ink">
          {r.name || r.email}
          {r.isGuest ? ' · Guest' : ''}
        </span>
        <span className="block truncate text-xs text-stone-muted">
          {r.email} · {r.orders} {r.orders === 1 ? 'order' : 'orders'}
        </span>
      </span>
    </>
  );
}
