import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { QuoteDesk } from '@/components/admin/quotes/quote-desk';
import { loadAdminQuote } from '@/lib/admin/quotes/list';
import { env } from '@/lib/core/env';
import { formatDateTime } from '@/lib/core/format/date';
import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS, type MailStatus } from '@/lib/mail/labels';
import type { MailKind } from '@/lib/mail/outbox';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { shopToday } from '@/lib/quotes/read';
import { QUOTE_STATUS_LABELS } from '@/lib/quotes/types';

export const metadata: Metadata = { title: 'Quote' };

const EVENT_WORDS = {
  requested: 'Requested',
  quoted: 'Quote sent',
  declined: 'Declined',
  expired: 'Expired',
  checkout: 'Buyer started paying',
  accepted: 'Accepted and paid',
  lines_changed: 'Lines changed',
} as const;

export default async function AdminQuotePage({ params }: { params: Promise<{ quoteId: string }> }) {
  const { actor } = await requireAdminPage();
  const { quoteId } = await params;
  const data = await loadAdminQuote(actor, quoteId);
  if (!data) notFound();
  const { quote } = data;
  const timeZone = env().SHOP_TIME_ZONE;
  const closed = quote.status === 'accepted' || quote.status === 'declined' || data.checkoutStarted;
  return (
    <div className="space-y-4">
      <p>
        <Link href="/admin/quotes" className="text-sm text-stone-muted hover:underline">
          ← Quotes
        </Link>
      </p>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="adm-h1">Quote {quote.reference}</h1>
        <span className="adm-badge" data-testid="admin-quote-status">
          {QUOTE_STATUS_LABELS[quote.status]}
        </span>
      </div>
      <div className="adm-panel grid gap-2 text-sm sm:grid-cols-2">
        <p>
          <span className="adm-muted">Buyer: </span>
          {quote.name} · {quote.email}
          {quote.phone ? ` · ${quote.phone}` : ''}
          {quote.userId ? ' (customer account)' : ' (guest)'}
        </p>
        <p>
          <span className="adm-muted">Requested: </span>
          {formatDateTime(quote.createdAt, timeZone)}
        </p>
        {quote.message && <p className="whitespace-pre-line sm:col-span-2">“{quote.message}”</p>}
        {quote.orderId && (
          <p className="sm:col-span-2">
            <Link href="/admin/orders" className="underline">
              Paid: see Orders
            </Link>
          </p>
        )}
      </div>
      <QuoteDesk
        editable={quote.status === 'requested' && !closed}
        quote={quote}
        suggested={data.suggested}
        today={shopToday(timeZone)}
        closedReason={
          closed
            ? data.checkoutStarted && quote.status !== 'accepted'
              ? 'The buyer has started paying for this quote, so its prices can no longer change.'
              : `This quote is ${QUOTE_STATUS_LABELS[quote.status].toLowerCase()}; it can no longer change.`
            : null
        }
      />
      <section className="adm-panel" aria-labelledby="quote-history">
        <h2 id="quote-history" className="adm-h2">
          History
        </h2>
        <ol className="mt-2 space-y-1 text-sm">
          {data.events.map((e, i) => (
            <li key={i}>
              <span className="tabular adm-muted">{formatDateTime(e.createdAt, timeZone)}</span> · {EVENT_WORDS[e.kind]}
              {e.actorEmail ? ` by ${e.actorEmail}` : ''}
              {e.kind === 'declined' && typeof e.detail.reason === 'string' ? `: ${e.detail.reason}` : ''}
              {e.kind === 'quoted' && typeof e.detail.validUntil === 'string' ? ` (valid until ${e.detail.validUntil})` : ''}
            </li>
          ))}
        </ol>
        {data.mails.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-semibold">Mail</h3>
            <ul className="mt-1 space-y-1 text-sm">
              {data.mails.map((m, i) => (
                <li key={i}>
                  {MAIL_KIND_LABELS[m.kind as MailKind] ?? m.kind}: {MAIL_STATUS_LABELS[m.status as MailStatus] ?? m.status}
                  {m.lastError ? ` (${m.lastError})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
