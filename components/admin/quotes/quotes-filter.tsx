'use client';
import { Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { quotesHref } from '@/lib/admin/quotes/params';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus } from '@/lib/quotes/types';

/** The status filter of the Quotes screen; a change starts again at page 1. */
export function QuotesFilter({ status }: { status: QuoteStatus | null }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="flex flex-wrap items-end gap-3" aria-busy={pending}>
      <div>
        <label htmlFor="quotes-status" className="adm-label">
          Status
        </label>
        <select
          id="quotes-status"
          className="adm-input w-44"
          value={status ?? ''}
          onChange={(e) => {
            const next = (QUOTE_STATUSES as readonly string[]).includes(e.target.value) ? (e.target.value as QuoteStatus) : null;
            startTransition(() => router.replace(quotesHref({ status: next, page: 1 }), { scroll: false }));
          }}
        >
          <option value="">All statuses</option>
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {QUOTE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {pending && (
        <p role="status" className="flex h-9 items-center gap-1.5 text-sm text-stone-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading quotes…
        </p>
      )}
    </div>
  );
}
