import { MessageSquareText } from 'lucide-react';
import Link from '@/components/shop/shop-link';
import { PageLinks } from '@/components/shop/page-links';
import { formatCents } from '@/lib/core/format/money';
import { formatDate } from '@/lib/core/format/date';
import { paginationWindow } from '@/lib/core/pagination';
import type { AccountQuote } from '@/lib/account/dashboard';
import { requestedByLabel } from '@/lib/trade/colleague-labels';
import { QUOTE_STATUS_LABELS } from '@/lib/quotes/types';

const pageHref = (page: number) => (page <= 1 ? '/dashboard?tab=quotes' : `/dashboard?tab=quotes&page=${page}`);

interface QuotesListProps {
  quotes: { list: AccountQuote[]; total: number; page: number; totalPages: number };
  /** The shop's time zone: dates are the shop's calendar days. */
  timeZone: string;
}

/** The account's Quotes tab: each request, its status and total, and a link to open (and pay) it. */
export function QuotesList({ quotes, timeZone }: QuotesListProps) {
  if (quotes.list.length === 0) {
    return (
      <div className="flex flex-col items-center py-16 text-center">
        <MessageSquareText aria-hidden className="size-10 stroke-1 text-gold-dark" />
        <p className="mt-4 text-lg">No quotes yet</p>
        <p className="mt-1 max-w-sm text-sm text-ink-soft">Ask for a price from your cart, or on a piece shown without one.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="divide-y divide-stone-line border-y border-stone-line">
        {quotes.list.map((q) => (
          <li key={q.id} className="flex flex-wrap items-center justify-between gap-3 py-4" data-testid="account-quote">
            <div>
              <Link href={`/quotes/${q.id}`} className="font-medium underline-offset-4 hover:underline">
                Quote {q.reference}
              </Link>
              <p className="text-sm text-stone-muted">
                {formatDate(q.createdAt, timeZone)} · {q.lineCount} {q.lineCount === 1 ? 'item' : 'items'}, {q.pieces} pieces
              </p>
              {q.requestedBy && <p className="text-sm text-ink-soft">{requestedByLabel(q.requestedBy)}</p>}
            </div>
            <div className="flex items-center gap-4">
              <span className="tabular text-sm">{q.totalCents === null ? 'Awaiting prices' : formatCents(q.totalCents)}</span>
              <span className="rounded-full border border-stone-line bg-white px-3 py-0.5 text-xs">{QUOTE_STATUS_LABELS[q.status]}</span>
            </div>
          </li>
        ))}
      </ul>
      <PageLinks pages={paginationWindow(quotes.page, quotes.totalPages)} current={quotes.page} totalPages={quotes.totalPages} href={pageHref} />
    </>
  );
}
