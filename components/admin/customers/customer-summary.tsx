import { GUEST_HELP, NEVER_ORDERED, TOTAL_SPENT_HELP, TOTAL_SPENT_LABEL } from '@/lib/admin/customers/labels';
import type { CustomerDetail } from '@/lib/admin/customers/detail';
import { formatDate } from '@/lib/core/format/date';
import { formatCents } from '@/lib/core/format/money';
import { TRADE_STATUS_LABELS } from '@/lib/trade/labels';

function Figure({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <div className="adm-panel">
      <dt className="adm-label">{label}</dt>
      <dd className="tabular text-lg font-semibold" title={help}>
        {value}
      </dd>
    </div>
  );
}

/** Contact, figures and addresses of one customer. */
export function CustomerSummary({ data, timeZone }: { data: CustomerDetail; timeZone: string }) {
  const { customer } = data;
  return (
    <>
      <section aria-labelledby="customer-contact" className="adm-panel space-y-1 text-sm">
        <h2 id="customer-contact" className="adm-h2">
          Contact
        </h2>
        <p className="break-all">
          <a href={`mailto:${customer.email}`} className="underline underline-offset-2">
            {customer.email}
          </a>
        </p>
        <p className="tabular">{customer.phone ?? 'No phone'}</p>
        <p className="text-xs text-stone-muted">{customer.isGuest ? GUEST_HELP : 'Account holder.'}</p>
        {data.trade && (
          <p data-testid="customer-trade">
            <a href={`/admin/trade-accounts/${data.trade.accountId}`} className="underline underline-offset-2">
              {data.trade.businessName}
            </a>
            {` · ${TRADE_STATUS_LABELS[data.trade.status]}${data.trade.role === 'buyer' ? ' · colleague' : ''} · `}
            {data.trade.groupName ? `${data.trade.groupName} prices (${data.trade.percentOff}% off list)` : 'List prices'}
          </p>
        )}
      </section>
      <section aria-labelledby="customer-figures">
        <h2 id="customer-figures" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure label="Orders" value={customer.orders.toLocaleString('en-US')} />
          <Figure label={TOTAL_SPENT_LABEL} value={formatCents(customer.spentCents)} help={TOTAL_SPENT_HELP} />
          <Figure label="Refunded" value={formatCents(data.refundedCents)} />
          <Figure label="Last order" value={customer.lastOrderAt ? formatDate(customer.lastOrderAt, timeZone) : NEVER_ORDERED} />
        </dl>
        <p className="mt-2 text-xs text-stone-muted">
          {TOTAL_SPENT_HELP} {data.cancelledOrders > 0 ? `${data.cancelledOrders} cancelled ${data.cancelledOrders === 1 ? 'order' : 'orders'} left out.` : ''}
        </p>
      </section>
      <section aria-labelledby="customer-addresses" className="adm-panel space-y-3">
        <h2 id="customer-addresses" className="adm-h2">
          Addresses
        </h2>
        {data.savedAddresses.length === 0 && data.orderAddresses.length === 0 && <p className="adm-muted">No addresses</p>}
        {data.savedAddresses.length > 0 && (
          <div>
            <h3 className="adm-label">Saved in the account</h3>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {data.savedAddresses.map((a) => (
                <li key={a.id} className="rounded border border-neutral-200 p-3 text-sm">
                  <p className="mb-1 text-xs font-medium uppercase tracking-wide text-stone-muted">
                    {a.type === 'shipping' ? 'Shipping' : 'Billing'}
                    {a.isDefault ? ' · default' : ''}
                  </p>
                  <AddressLines lines={a.lines} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {data.orderAddresses.length > 0 && (
          <div>
            <h3 className="adm-label">Shipped to (latest orders)</h3>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {data.orderAddresses.map((lines) => (
                <li key={lines.join('|')} className="rounded border border-neutral-200 p-3 text-sm">
                  <AddressLines lines={lines} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </>
  );
}

function AddressLines({ lines }: { lines: readonly string[] }) {
  return (
    <address className="not-italic break-words">
      {lines.map((l, i) => (
        <span key={i} className="block">
          {l}
        </span>
      ))}
    </address>
  );
}
