'use client';
import { Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { ADMIN_TRADE_STATUS_LABELS, TRADE_SCREEN } from '@/lib/admin/trade/labels';
import { tradeAccountsHref } from '@/lib/admin/trade/params';
import { isTradeStatus, TRADE_STATUSES, type TradeStatus } from '@/lib/trade/types';

/** The status filter of the Trade accounts screen; a change starts again at page 1. */
export function TradeFilter({ status }: { status: TradeStatus | null }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="flex flex-wrap items-end gap-3" aria-busy={pending}>
      <div>
        <label htmlFor="trade-status" className="adm-label">
          {TRADE_SCREEN.statusFilter}
        </label>
        <select
          id="trade-status"
          className="adm-input w-64"
          value={status ?? ''}
          onChange={(e) => {
            const next = isTradeStatus(e.target.value) ? e.target.value : null;
            startTransition(() => router.replace(tradeAccountsHref({ status: next, page: 1 }), { scroll: false }));
          }}
        >
          <option value="">{TRADE_SCREEN.allStatuses}</option>
          {TRADE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ADMIN_TRADE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {pending && (
        <p role="status" className="flex h-9 items-center gap-1.5 text-sm text-stone-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" /> {TRADE_SCREEN.loading}
        </p>
      )}
    </div>
  );
}
