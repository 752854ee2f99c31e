import Link from '@/components/shop/shop-link';
import { formatCents } from '@/lib/core/format/money';
import { formatDate } from '@/lib/core/format/date';
import { QUOTE_STATUS_LABELS, quoteTotalCents, type Quote } from '@/lib/quotes/types';

interface QuoteViewProps {
  quote: Quote;
  payHref: string;
  /** The order's page, once the quote has been paid for. */
  orderHref?: string | null;
  timeZone: string;
}

const day = (d: string, timeZone: string) => formatDate(`${d}T12:00:00Z`, timeZone);

/** The buyer's quote: what was asked for, staff's prices and last valid day, and Accept and pay while it holds. */
export function QuoteView({ quote, payHref, orderHref = null, timeZone }: QuoteViewProps) {
  const total = quoteTotalCents(quote.lines);
  const priced = quote.status === 'quoted' || quote.status === 'accepted' || (quote.status === 'expired' && total !== null);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <p className="text-sm uppercase tracking-[0.2em] text-stone-muted">Quote {quote.reference}</p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl sm:text-4xl">Your Quote</h1>
        <span className="rounded-full border border-stone-line bg-white px-3 py-1 text-sm" data-testid="quote-status">
          {QUOTE_STATUS_LABELS[quote.status]}
        </span>
      </div>
      <p className="mt-2 text-sm text-ink-soft">Requested {formatDate(quote.createdAt, timeZone)} by {quote.name}.</p>

      {quote.status === 'requested' && (
        <p className="mt-6 rounded-md border border-gold/40 bg-ivory-deep px-4 py-3 text-sm" role="status">
          Thank you: we have your request and will e-mail {quote.email} with our prices, usually within one business day.
        </p>
      )}
      {quote.status === 'declined' && (
        <div className="mt-6 rounded-md border border-stone-line bg-white px-4 py-3 text-sm">
          <p className="font-medium">We cannot offer a quote for this request.</p>
          {quote.declineReason && <p className="mt-1 text-ink-soft">{quote.declineReason}</p>}
        </div>
      )}
      {quote.status === 'expired' && (
        <p className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" role="status">
          This quote expired{quote.validUntil ? ` on ${day(quote.validUntil, timeZone)}` : ''}, so it can no longer be paid. Ask us for a new one.
        </p>
      )}
      {quote.message && (
        <div className="mt-6 rounded-md border border-stone-line bg-white px-4 py-3 text-sm" data-testid="quote-buyer-note">
          <p className="font-medium">Your note</p>
          <p className="mt-1 whitespace-pre-line break-words text-ink-soft">{quote.message}</p>
        </div>
      )}
      {quote.shopMessage && quote.status !== 'declined' && <p className="mt-6 whitespace-pre-line text-ink-soft">{quote.shopMessage}</p>}

      <table className="mt-8 w-full border-collapse text-left text-sm">
        <caption className="sr-only">Lines of quote {quote.reference}</caption>
        <thead className="border-b border-stone-line text-xs uppercase tracking-wide text-stone-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-normal">Item</th>
            <th scope="col" className="py-2 pr-3 text-right font-normal">Qty</th>
            {priced && <th scope="col" className="py-2 pr-3 text-right font-normal">Unit price</th>}
            {priced && <th scope="col" className="py-2 text-right font-normal">Total</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-line">
          {quote.lines.map((line) => (
            <tr key={line.position} data-testid="quote-line">
              <td className="py-3 pr-3">
                <span className="block font-medium text-ink">{line.name}</span>
                <span className="block text-xs text-stone-muted">
                  SKU: {line.sku ?? 'N/A'}
                  {line.specificationsText ? ` · ${line.specificationsText}` : ''}
                </span>
              </td>
              <td className="tabular py-3 pr-3 text-right">{line.quantity}</td>
              {priced && <td className="tabular py-3 pr-3 text-right">{line.unitPriceCents === null ? '—' : formatCents(line.unitPriceCents)}</td>}
              {priced && (
                <td className="tabular py-3 text-right">{line.unitPriceCents === null ? '—' : formatCents(line.unitPriceCents * line.quantity)}</td>
              )}
            </tr>
          ))}
        </tbody>
        {priced && total !== null && (
          <tfoot>
            <tr className="border-t border-stone-line">
              <th scope="row" colSpan={3} className="py-3 pr-3 text-right font-medium">
                Total
              </th>
              <td className="tabular py-3 text-right font-serif text-xl" data-testid="quote-total">
                {formatCents(total)}
              </td>
            </tr>
          </tfoot>
        )}
      </table>

      {quote.status === 'quoted' && (
        <div className="mt-8 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-stone-line bg-white p-5">
          <p className="text-sm text-ink-soft">
            These prices hold until <strong className="text-ink">{quote.validUntil ? day(quote.validUntil, timeZone) : ''}</strong>.
          </p>
          <Link href={payHref} className="btn-primary h-12 px-6">
            Accept and pay
          </Link>
        </div>
      )}
      {quote.status === 'accepted' && orderHref && (
        <p className="mt-8">
          <Link href={orderHref} className="text-sm underline underline-offset-4">
            View your order
          </Link>
        </p>
      )}
    </div>
  );
}
