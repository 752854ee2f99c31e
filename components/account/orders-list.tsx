'use client';
// A client component although it has no state: the page then sends the orders as data and this draws them, instead of
// sending each of the list's elements as a server component's payload besides its HTML: a smaller page and less
// server CPU (measured in npm run bench, its account_dashboard part).
import { PAY_INVOICE_LINK } from '@/lib/orders/terms-payment';
import { FileText, Package } from 'lucide-react';
import Link from '@/components/shop/shop-link';
import { ProductImage } from '@/components/shop/listing/product-image';
import { PageLinks } from '@/components/shop/page-links';
import type { AccountOrder, AccountOrderItem, OrdersPage } from '@/lib/account/types';
import { formatCents } from '@/lib/core/format/money';
import { COMPANY_LABEL, PURCHASE_ORDER_LABEL } from '@/lib/checkout/contact';
import { ChargesList } from '@/components/ui/charges-list';
import { creditNoteLinkLabel, DOWNLOAD_INVOICE } from '@/lib/documents/labels';
import type { DocumentRef } from '@/lib/documents/paths';
import { statusBadgeClass, statusLabel } from '@/lib/orders/status';
import { paginationWindow } from '@/lib/core/pagination';
import { placedByLabel } from '@/lib/trade/colleague-labels';
import { ReorderButton } from './reorder-button';
import { OrderShipments, shipsInParts } from './order-shipments';

const pageHref = (page: number) => (page <= 1 ? '/dashboard' : `/dashboard?page=${page}`);

function ItemOptions({ options }: { options: AccountOrderItem['options'] }) {
  if (options.length === 0) return null;
  return (
    <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-stone-muted">
      {options.map((o) => (
        <div key={o.label} className="flex gap-1">
          <dt>{o.label}:</dt>
          <dd className="text-ink-soft">{o.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Item({ item }: { item: AccountOrderItem }) {
  const { product } = item;
  return (
    <li className="flex gap-4 py-4">
      {product ? (
        <ProductImage src={product.imageUrl} alt="" sizes="64px" widths="thumb" className="size-16 shrink-0 rounded-sm" />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-sm bg-ivory-deep text-center text-[10px] text-stone-muted">
          No image
        </span>
      )}
      <div className="min-w-0 flex-1">
        {product ? (
          <Link href={product.href} className="font-medium text-ink underline-offset-4 hover:underline">
            {product.name}
          </Link>
        ) : (
          <p className="font-medium text-stone-muted">Product Unavailable</p>
        )}
        <p className="tabular text-xs text-stone-muted">SKU: {product?.sku || 'N/A'}</p>
        <ItemOptions options={item.options} />
      </div>
      <div className="tabular shrink-0 text-right text-sm">
        <p className="text-stone-muted">
          {item.quantity} × {formatCents(item.unitPriceCents)}
        </p>
        {item.priceRule && <p className="text-xs text-stone-muted">{item.priceRule}</p>}
        <p className="font-medium text-ink">{formatCents(item.lineTotalCents)}</p>
      </div>
    </li>
  );
}

function Tracking({ tracking }: { tracking: NonNullable<AccountOrder['tracking']> }) {
  return (
    <p className="border-b border-stone-line bg-ivory px-5 py-3 text-sm text-ink-soft" data-testid="order-tracking">
      Shipped{tracking.carrier ? ` with ${tracking.carrier}` : ''}
      {tracking.number && (
        <>
          {' · Tracking number '}
          {tracking.url ? (
            <a href={tracking.url} target="_blank" rel="noreferrer" className="tabular text-ink underline underline-offset-4">
              {tracking.number}
            </a>
          ) : (
            <span className="tabular text-ink">{tracking.number}</span>
          )}
        </>
      )}
    </p>
  );
}

/** The order's invoice and credit notes, as PDF links. */
function DocumentLinks({ documents }: { documents: DocumentRef[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Documents">
      {documents.map((d) => (
        <li key={d.number}>
          <a href={d.href} className="inline-flex items-center gap-1.5 text-ink underline-offset-4 hover:text-gold-dark hover:underline">
            <FileText aria-hidden className="size-4 text-stone-muted" />
            {d.kind === 'invoice' ? DOWNLOAD_INVOICE : creditNoteLinkLabel(d.number)}
          </a>
        </li>
      ))}
    </ul>
  );
}


function OrderCard({ order }: { order: AccountOrder }) {
  return (
    <li className="rounded-lg border border-stone-line bg-white" data-testid="account-order">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-line px-5 py-4">
        <div>
          <h3 className="tabular text-lg text-ink">{order.reference}</h3>
          <p className="text-sm text-stone-muted">
            <time dateTime={order.createdAt}>{order.dateLabel}</time>
          </p>
          {order.placedBy && (
            <p className="text-sm break-words text-ink-soft" data-testid="order-placed-by">
              {placedByLabel(order.placedBy)}
            </p>
          )}
          {order.companyName && (
            <p className="text-sm break-words text-ink-soft" data-testid="order-company">
              {COMPANY_LABEL}: {order.companyName}
            </p>
          )}
          {order.purchaseOrder && (
            <p className="tabular text-sm break-all text-ink-soft" data-testid="order-purchase-order">
              {PURCHASE_ORDER_LABEL}: {order.purchaseOrder}
            </p>
          )}
        </div>
        <div className="flex items-center gap-3">
          <span className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${statusBadgeClass(order.status)}`}>
            {statusLabel(order.status)}
          </span>
          <span className="tabular font-medium text-ink">{formatCents(order.totalCents)}</span>
        </div>
      </div>
      {shipsInParts(order) ? <OrderShipments order={order} /> : order.tracking && <Tracking tracking={order.tracking} />}
      {order.terms && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-stone-line px-5 py-3 text-sm text-ink-soft" data-testid="order-terms">
          <span>{order.terms.text}</span>
          {order.terms.payUrl && (
            <a href={order.terms.payUrl} className="font-medium text-gold-dark underline underline-offset-2">
              {PAY_INVOICE_LINK}
            </a>
          )}
        </p>
      )}
      <ul className="divide-y divide-stone-line px-5">
        {order.items.map((item) => (
          <Item key={item.id} item={item} />
        ))}
      </ul>
      <ChargesList charges={order.charges} totalCents={order.totalCents} tone="shop" />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-line px-5 py-3">
        <DocumentLinks documents={order.documents} />
        <div className="ml-auto">
          <ReorderButton orderId={order.id} title={order.reference} />
        </div>
      </div>
    </li>
  );
}

/** The customer's orders, newest first, 20 to a page (?page=). */
export function OrdersList({ orders }: { orders: OrdersPage }) {
  if (orders.total === 0) {
    return (
      <div className="rounded-lg border border-dashed border-stone-line bg-white px-6 py-12 text-center">
        <Package aria-hidden className="mx-auto size-10 stroke-[1.25] text-gold-dark" />
        <p className="mt-4 text-lg text-ink">No orders yet</p>
        <p className="mt-1 text-stone-muted">When you place an order, it will appear here.</p>
        <Link
          href="/products"
          className="btn-primary mt-6"
        >
          Start Shopping
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="text-2xl">
        Order History
      </h2>
      <p className="mt-1 text-sm text-stone-muted">
        {orders.total} order{orders.total === 1 ? '' : 's'}
        {orders.totalPages > 1 && ` · page ${orders.page} of ${orders.totalPages}`}
      </p>
      <ol className="mt-6 flex flex-col gap-6">
        {orders.orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ol>
      <PageLinks
        current={orders.page}
        pages={paginationWindow(orders.page, orders.totalPages)}
        totalPages={orders.totalPages}
        href={pageHref}
      />
    </section>
  );
}
