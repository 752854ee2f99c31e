import { PAY_INVOICE_LINK } from '@/lib/orders/terms-payment';
import { CheckCircle2, FileText } from 'lucide-react';
import Image from 'next/image';
import Link from '@/components/shop/shop-link';
import { canOptimize } from '@/components/shop/listing/image-srcset';
import type { Address } from '@/lib/checkout/address';
import { COMPANY_LABEL, PURCHASE_ORDER_LABEL } from '@/lib/checkout/contact';
import { formatCents } from '@/lib/core/format/money';
import { chargeRows, chargesNote } from '@/lib/documents/charges';
import { DOWNLOAD_INVOICE } from '@/lib/documents/labels';
import type { ConfirmationOrder } from '@/lib/orders/confirmation';
import { AddressLines } from '../ui/address-lines';

function AddressBlock({ title, address }: { title: string; address: Address | null }) {
  return (
    <section className="rounded-lg border border-stone-line bg-white p-5">
      <h3 className="text-lg">{title}</h3>
      <AddressLines
        address={address}
        phone
        className="mt-2 text-sm leading-relaxed not-italic text-ink-soft"
        fallback={<p className="mt-2 text-sm text-stone-muted">N/A</p>}
      />
    </section>
  );
}

/** Subtotal, shipping and tax (none for an order of goods only), the total, and why no tax was charged. */
function Summary({ order }: { order: ConfirmationOrder }) {
  const rows = chargeRows(order.charges, order.totalCents);
  const note = chargesNote(order.charges);
  return (
    <div className="mt-4 ml-auto w-full sm:max-w-sm" data-testid="confirmation-summary">
      {rows.length > 0 && (
        <dl className="space-y-1.5 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex items-baseline justify-between gap-6" data-testid="confirmation-charge">
              <dt className="text-ink-soft">{row.label}</dt>
              <dd className="tabular text-ink">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <dl className={`flex items-baseline gap-6 ${rows.length > 0 ? 'mt-3 justify-between border-t border-stone-line pt-3' : 'justify-end'}`}>
        <dt className="font-medium">Total</dt>
        <dd className="tabular font-serif text-2xl" data-testid="confirmation-total">
          {formatCents(order.totalCents)}
        </dd>
      </dl>
      {note && (
        <p className="mt-2 text-sm text-stone-muted" data-testid="confirmation-tax-note">
          {note}
        </p>
      )}
    </div>
  );
}

export function OrderConfirmation({ order }: { order: ConfirmationOrder }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
      <div className="flex flex-col items-center text-center">
        <CheckCircle2 aria-hidden className="size-12 stroke-[1.25] text-gold-dark" />
        <h1 className="mt-4 text-3xl sm:text-4xl">Order Confirmed!</h1>
        <p className="mt-3 max-w-prose text-ink-soft">
          {order.terms
            ? `Thank you for your order. We will prepare your pieces for dispatch; the invoice is on its way to you by e-mail (Net ${order.terms.days}).`
            : 'Thank you for your order. We have received your payment and will prepare your pieces for dispatch.'}
        </p>
      </div>

      <dl className="mt-10 grid grid-cols-2 gap-4 rounded-lg border border-stone-line bg-white p-5 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-stone-muted">Order reference</dt>
          <dd className="tabular mt-1 font-medium" data-testid="order-reference">
            {order.reference}
          </dd>
        </div>
        <div>
          <dt className="text-stone-muted">Date</dt>
          <dd className="mt-1 font-medium">
            <time dateTime={order.createdAt}>{order.dateLabel}</time>
          </dd>
        </div>
        <div>
          <dt className="text-stone-muted">Payment</dt>
          <dd className="mt-1 font-medium" data-testid="order-payment">
            {order.terms ? (
              <>
                {order.terms.text}
                {order.terms.payUrl && (
                  <a href={order.terms.payUrl} className="mt-1 block font-normal text-gold-dark underline underline-offset-2">
                    {PAY_INVOICE_LINK}
                  </a>
                )}
              </>
            ) : (
              'Card'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-stone-muted">Total</dt>
          <dd className="tabular mt-1 font-medium">{formatCents(order.totalCents)}</dd>
        </div>
        {order.estimatedShipDate && (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-stone-muted">Estimated ship date</dt>
            <dd className="mt-1 font-medium" data-testid="order-ship-date">
              {order.estimatedShipDate}
            </dd>
          </div>
        )}
        {order.companyName && (
          <div className="col-span-2">
            <dt className="text-stone-muted">{COMPANY_LABEL}</dt>
            <dd className="mt-1 font-medium break-words" data-testid="order-company">
              {order.companyName}
            </dd>
          </div>
        )}
        {order.purchaseOrder && (
          <div className="col-span-2">
            <dt className="text-stone-muted">{PURCHASE_ORDER_LABEL}</dt>
            <dd className="tabular mt-1 font-medium break-all" data-testid="order-purchase-order">
              {order.purchaseOrder}
            </dd>
          </div>
        )}
      </dl>

      <section aria-labelledby="items-heading" className="mt-8">
        <h2 id="items-heading" className="text-2xl">
          Items
        </h2>
        <ul className="mt-4 divide-y divide-stone-line border-y border-stone-line">
          {order.items.map((item) => (
            <li key={item.id} className="flex gap-4 py-4" data-testid="confirmation-item">
              <div className="pimg flex size-20 shrink-0 items-center justify-center rounded-md text-xs text-stone-muted">
                {item.product?.imageUrl ? (
                  <Image
                    src={item.product.imageUrl}
                    alt={item.product.name}
                    fill
                    sizes="80px"
                    unoptimized={!canOptimize(item.product.imageUrl)}
                    draggable={false}
                    className="object-cover"
                  />
                ) : (
                  'No image'
                )}
              </div>
              <div className="min-w-0 flex-1">
                <p className="font-serif text-lg leading-snug">
                  {item.product ? (
                    <Link href={item.product.href} className="hover:text-gold-dark">
                      {item.product.name}
                    </Link>
                  ) : (
                    'Product Not Found'
                  )}
                </p>
                <p className="tabular text-xs text-stone-muted">SKU: {item.product?.sku || 'N/A'}</p>
                {item.options && <p className="mt-1 text-sm text-ink-soft">{item.options}</p>}
                {item.shipsIn && (
                  <p className="mt-1 text-sm text-ink-soft" data-testid="confirmation-lead-time">
                    {item.shipsIn}
                  </p>
                )}
                <p className="tabular mt-1 text-sm text-stone-muted">
                  {item.quantity} × {formatCents(item.unitPriceCents)}
                </p>
              </div>
              <p className="tabular shrink-0 font-medium">{formatCents(item.lineTotalCents)}</p>
            </li>
          ))}
        </ul>
        <Summary order={order} />
      </section>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <AddressBlock title="Shipping Address" address={order.shipping} />
        <AddressBlock title="Billing Address" address={order.billing} />
      </div>

      <div className="mt-10 flex flex-wrap justify-center gap-3">
        {order.invoiceHref && (
          <a href={order.invoiceHref} className="btn-outline h-12 px-8" data-testid="invoice-link">
            <FileText aria-hidden className="size-4" />
            {DOWNLOAD_INVOICE}
          </a>
        )}
        <Link
          href="/products"
          className="btn-primary h-12 px-8"
        >
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

export function OrderNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl sm:text-4xl">Order not found</h1>
      <Link
        href="/"
        className="btn-primary mt-8 h-12 px-8"
      >
        Return to Home
      </Link>
    </div>
  );
}
