import type { Address } from '@/lib/checkout/address';
import { COMPANY_LABEL, PURCHASE_ORDER_LABEL } from '@/lib/checkout/contact';
import { TERMS_PANEL } from '@/lib/admin/orders/labels';
import type { AdminOrder, AdminPayment } from '@/lib/admin/orders/types';
import { formatCents } from '@/lib/core/format/money';
import { ChargesList } from '@/components/ui/charges-list';
import { statusLabel } from '@/lib/orders/status';
import { AddressLines } from '../../ui/address-lines';
import { Thumb } from '../thumb';
import { OrderDocuments } from './order-documents';
import { StatusControl } from './status-control';
import { ShipmentsPanel } from './shipments-panel';
import { MailPanel } from './mail-panel';
import { TermsPanel } from './terms-panel';
import { StaffNotes } from '../notes/staff-notes';
import { isRefundReason, REFUND_REASONS } from '@/lib/documents/labels';

/** The transaction id is shown cut to 14 characters. */
const shortTransaction = (id: string) => (id.length > 14 ? `${id.slice(0, 14)}…` : id);

/** How a payment was made: an invoice on terms reads as its invoice does now, a card as provider, method and state. */
function paymentLine(p: AdminPayment, terms: AdminOrder['terms']): string {
  if (terms && p.kind === 'payment' && p.provider === 'stripe_invoice') return `${TERMS_PANEL.paymentLine(terms.days)} · ${terms.text}`;
  return `${p.provider} · ${p.method ?? 'unknown'} · ${p.status}`;
}

function AddressBlock({ title, address }: { title: string; address: Address | null }) {
  return (
    <div className="min-w-0">
      <h3 className="adm-label">{title}</h3>
      <AddressLines address={address} phone className="text-sm not-italic leading-relaxed break-words" fallback={<p className="adm-muted">Not given</p>} />
    </div>
  );
}

/** The expanded row: items, addresses, payments, the status selector, the history of changes and the order's mail. */
export function OrderDetails({ order }: { order: AdminOrder }) {
  return (
    <div className="grid grid-cols-1 gap-5 bg-neutral-50 p-3 sm:p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-5">
        <section>
          <h3 className="adm-label">Items</h3>
          <ul className="divide-y divide-neutral-200 rounded-md border border-neutral-200 bg-white">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 p-2.5 text-sm">
                <Thumb src={item.imageUrl} size={44} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{item.name ?? 'Product Unavailable'}</p>
                  <p className="text-xs text-stone-muted">{item.options || 'No options'}</p>
                  <p className="tabular text-xs text-stone-muted">SKU: {item.sku ?? 'N/A'}</p>
                </div>
                <div className="tabular shrink-0 text-right">
                  <p>{formatCents(item.unitPriceCents * item.quantity)}</p>
                  <p className="text-xs text-stone-muted">
                    {item.quantity} × {formatCents(item.unitPriceCents)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <ChargesList charges={order.charges} totalCents={order.totalCents} tone="admin" />
        </section>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <AddressBlock title="Shipping address" address={order.shipping} />
          <AddressBlock title="Billing address" address={order.billing} />
        </div>
      </div>
      <div className="min-w-0 space-y-5">
        <StatusControl order={order} />
        <ShipmentsPanel order={order} />
        <OrderDocuments documents={order.documents} orderId={order.id} />
        <section>
          <h3 className="adm-label">Customer</h3>
          <p className="text-sm">{order.customerName ?? 'Guest'}</p>
          {order.companyName && (
            <p className="break-words text-sm" data-testid="order-company">
              {COMPANY_LABEL}: {order.companyName}
            </p>
          )}
          {order.purchaseOrder && (
            <p className="tabular break-all text-sm" data-testid="order-purchase-order">
              {PURCHASE_ORDER_LABEL}: {order.purchaseOrder}
            </p>
          )}
          <p className="break-all text-sm">
            {order.customerEmail ? <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a> : <span className="adm-muted">No e-mail address</span>}
          </p>
          {order.dispatch && (
            <p className="mt-1 text-sm">
              Dispatched{order.dispatch.carrier ? ` with ${order.dispatch.carrier}` : ''}
              {order.dispatch.trackingNumber && (
                <>
                  {' · '}
                  {order.dispatch.trackingUrl ? (
                    <a href={order.dispatch.trackingUrl} target="_blank" rel="noreferrer" className="tabular underline">
                      {order.dispatch.trackingNumber}
                    </a>
                  ) : (
                    <span className="tabular">{order.dispatch.trackingNumber}</span>
                  )}
                </>
              )}
              {order.dispatch.dispatchedLabel && <span className="adm-muted block text-xs">{order.dispatch.dispatchedLabel}</span>}
            </p>
          )}
        </section>
        {order.terms && <TermsPanel order={{ id: order.id, reference: order.reference, terms: order.terms }} />}
        <section>
          <h3 className="adm-label">Payment information</h3>
          {order.payments.length === 0 ? (
            <p className="adm-muted">No payment recorded</p>
          ) : (
            <ul className="space-y-1.5 text-sm">
              {order.payments.map((p) => (
                <li key={p.id} className="rounded-md border border-neutral-200 bg-white p-2">
                  <p className="flex justify-between gap-2">
                    <span className="font-medium">{p.kind === 'refund' ? (isRefundReason(p.reason) ? `Refund: ${REFUND_REASONS[p.reason]}` : 'Refund') : 'Payment'}</span>
                    <span className="tabular">{p.kind === 'refund' ? '−' : ''}{formatCents(p.amountCents)}</span>
                  </p>
                  <p className="text-xs text-stone-muted first-letter:uppercase" data-testid="order-payment-line">
                    {paymentLine(p, order.terms)}
                  </p>
                  <p className="tabular text-xs text-stone-muted" title={p.transactionId}>
                    Transaction: {shortTransaction(p.transactionId)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {order.money.refundedCents > 0 && (
            <p className="mt-1 text-sm">
              Net paid <span className="tabular font-medium">{formatCents(order.money.netCents)}</span>
            </p>
          )}
          {order.refundableCents > 0 && order.money.refundedCents > 0 && (
            <p className="adm-muted mt-1">{formatCents(order.refundableCents)} of the payment can still be refunded.</p>
          )}
        </section>
        <section>
          <h3 className="adm-label">History</h3>
          {order.history.length === 0 ? (
            <p className="adm-muted">No changes yet</p>
          ) : (
            <ol className="space-y-1.5 text-sm">
              {order.history.map((e) => (
                <li key={e.id} className="border-l-2 border-neutral-300 pl-2">
                  <p>
                    {e.kind === 'status'
                      ? `${statusLabel(e.from ?? '')} → ${statusLabel(e.to ?? '')}`
                      : `Refunded ${formatCents(e.amountCents ?? 0)}`}
                  </p>
                  <p className="text-xs text-stone-muted">
                    {e.at} · {e.actor ?? 'Stripe'}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
        <StaffNotes subject={{ orderId: order.id }} headingId={`order-notes-${order.id}`} />
        <MailPanel mail={order.mail} />
      </div>
    </div>
  );
}
