'use client';
// What the list view does to the products picked: shown once a row is ticked. The page's rows or every product
// matching the filters ('all {n} matching', sent as the filter, not as ids), then publish, unpublish, archive, New and
// Men's on or off, prices by a percent, a ring's sizes (rings screen only), a lead time, or delete; each confirmed with the count
// first and reported with a toast.
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import {
  bulkChangeProductPrices,
  bulkDeleteProducts,
  bulkSetProductFlag,
  bulkSetProductRingSizes,
  bulkSetProductStatus,
  countUnreadyProducts,
} from '@/lib/admin/catalog/actions';
import { BULK_SIZES_NOTE, bulkQuestion, PERCENT_MAX, PERCENT_MIN, PERCENT_RANGE, percentField, type BulkRequest, type BulkTarget } from '@/lib/admin/catalog/bulk-rules';
import { CATEGORY_FIELDS } from '@/lib/admin/catalog/fields';
import type { Category } from '@/lib/catalog/categories';
import { formatRingSizes } from '@/lib/catalog/ring-sizes';
import type { ListFilter } from '@/lib/admin/catalog/list-params';
import { ConfirmDialog } from './confirm-dialog';
import { BulkRingSizes } from './bulk-ring-sizes';
import { BulkLeadTime } from './bulk-lead-time';
import { UnreadyDialog, type UnreadyChoice } from './unready-dialog';

interface BulkBarProps {
  category: Category;
  /** Ids ticked, on this page and others. */
  picked: readonly string[];
  /** Every product matching the filters is the target. */
  allMatching: boolean;
  filter: ListFilter;
  total: number;
  /** The list's count stopped at the cap ('1,000+'): 'Select all matching' then asks for the exact count. */
  capped: boolean;
  /** The exact count is being asked for. */
  counting: boolean;
  /** The page's rows are all ticked and there are more matching: 'all {n} matching' is offered. */
  canSelectAll: boolean;
  onSelectAll(): void;
  onClear(): void;
  onDone(): void;
}

const OPTIONS: { label: string; request: BulkRequest }[] = [
  { label: 'Publish', request: { kind: 'status', status: 'active' } },
  { label: 'Unpublish', request: { kind: 'status', status: 'draft' } },
  { label: 'Archive', request: { kind: 'status', status: 'archived' } },
  { label: 'Mark New', request: { kind: 'flag', flag: 'new', value: true } },
  { label: 'Unmark New', request: { kind: 'flag', flag: 'new', value: false } },
  { label: "Mark Men's", request: { kind: 'flag', flag: 'mens', value: true } },
  { label: "Unmark Men's", request: { kind: 'flag', flag: 'mens', value: false } },
];

function run(category: Category, target: BulkTarget, request: BulkRequest, unready?: UnreadyChoice) {
  switch (request.kind) {
    case 'status':
      return bulkSetProductStatus({ category, target, status: request.status, publishAnyway: unready === 'anyway', onlyReady: unready === 'ready-only' });
    case 'flag':
      return bulkSetProductFlag({ category, target, flag: request.flag, value: request.value });
    case 'price':
      return bulkChangeProductPrices({ category, target, percent: request.percent });
    case 'sizes':
      return bulkSetProductRingSizes({ category, target, sizes: formatRingSizes(request.sizes) });
    case 'delete':
      return bulkDeleteProducts({ category, target });
  }
}

export function BulkBar({ category, picked, allMatching, filter, total, capped, counting, canSelectAll, onSelectAll, onClear, onDone }: BulkBarProps) {
  const [asked, setAsked] = useState<BulkRequest | null>(null);
  const [busy, setBusy] = useState(false);
  // A publish of products some of which are not ready: the counts while staff choose what to do.
  const [unready, setUnready] = useState<{ total: number; notReady: number } | null>(null);
  const [percent, setPercent] = useState('');
  const [percentError, setPercentError] = useState<string | null>(null);
  // A new key empties the sizes field once a change is done.
  const [sizesKey, setSizesKey] = useState(0);
  const opener = useRef<HTMLElement | null>(null);
  const count = allMatching ? total : picked.length;
  if (count === 0) return null;
  const target: BulkTarget = allMatching ? { kind: 'matching', filter, expected: total } : { kind: 'ids', ids: [...picked] };

  function ask(request: BulkRequest, from: HTMLElement) {
    opener.current = from;
    if (request.kind === 'status' && request.status === 'active') void askPublish();
    else setAsked(request);
  }

  // A publish first asks how many of the products are not ready; the server checks again as it writes.
  async function askPublish() {
    setBusy(true);
    try {
      const result = await countUnreadyProducts({ category, target });
      if (!result.ok) toast.error(result.error);
      else if (result.data.notReady > 0) setUnready(result.data);
      else setAsked({ kind: 'status', status: 'active' });
    } catch {
      toast.error('The request did not reach the server. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  function askPrice(from: HTMLElement) {
    const parsed = percentField.safeParse(percent.trim() === '' ? NaN : Number(percent));
    if (!parsed.success) {
      setPercentError(parsed.error.issues[0]?.message ?? PERCENT_RANGE);
      return;
    }
    setPercentError(null);
    ask({ kind: 'price', percent: parsed.data }, from);
  }

  async function confirm(request: BulkRequest | null = asked, choice?: UnreadyChoice) {
    if (!request) return;
    setBusy(true);
    try {
      const result = await run(category, target, request, choice);
      if (result.ok) {
        toast.success(result.message ?? 'Done');
        setAsked(null);
        setUnready(null);
        setPercent('');
        setSizesKey((k) => k + 1);
        onDone();
      } else {
        toast.error(result.error);
        setAsked(null);
        setUnready(null);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Bulk actions" className="adm-panel flex flex-col gap-3 py-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p aria-live="polite" className="font-medium">
          {allMatching ? `All ${total.toLocaleString('en-US')} matching products selected` : `${picked.length.toLocaleString('en-US')} selected`}
        </p>
        {canSelectAll && !allMatching && (
          <button type="button" className="text-sm underline" onClick={onSelectAll} disabled={counting} aria-busy={counting || undefined}>
            {capped ? 'Select all matching' : `Select all ${total.toLocaleString('en-US')} matching`}
          </button>
        )}
        <button type="button" className="text-sm text-stone-muted underline" onClick={onClear}>
          Clear selection
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {OPTIONS.map((o) => (
          <button key={o.label} type="button" className="adm-btn h-8 px-2.5" disabled={busy} onClick={(e) => ask(o.request, e.currentTarget)}>
            {o.label}
          </button>
        ))}
        <div className="flex items-end gap-1">
          <div>
            <label htmlFor="bulk-percent" className="adm-label">
              Prices by %
            </label>
            <input
              id="bulk-percent"
              className="adm-input h-8 w-24"
              inputMode="decimal"
              placeholder="e.g. -10"
              value={percent}
              min={PERCENT_MIN}
              max={PERCENT_MAX}
              aria-invalid={percentError !== null}
              aria-describedby={percentError ? 'bulk-percent-error' : undefined}
              onChange={(e) => setPercent(e.target.value)}
            />
          </div>
          <button type="button" className="adm-btn h-8 px-2.5" onClick={(e) => askPrice(e.currentTarget)}>
            Change prices
          </button>
        </div>
        {CATEGORY_FIELDS[category].ringSizes && <BulkRingSizes key={sizesKey} onAsk={ask} />}
        <BulkLeadTime key={`lead-${sizesKey}`} category={category} target={target} count={count} onDone={onDone} />
        <button type="button" className="adm-btn h-8 px-2.5 text-red-700 hover:bg-red-50" onClick={(e) => ask({ kind: 'delete' }, e.currentTarget)}>
          Delete
        </button>
      </div>
      {percentError && (
        <p id="bulk-percent-error" className="adm-error" role="alert">
          {percentError}
        </p>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked ? bulkQuestion(asked, count) : ''}
        description={
          asked?.kind === 'delete'
            ? 'The products, their images and their stored files are removed from the shop. This cannot be undone.'
            : asked?.kind === 'price'
              ? 'Every price of each product changes, rounded to the cent; prices left empty stay empty.'
              : asked?.kind === 'sizes'
                ? BULK_SIZES_NOTE
                : 'The change is written to each product’s history.'
        }
        confirmLabel={asked?.kind === 'delete' ? 'Delete products' : 'Confirm'}
        busyLabel={asked?.kind === 'delete' ? 'Deleting…' : 'Saving…'}
        tone={asked?.kind === 'delete' ? 'danger' : 'primary'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(null)}
        returnFocus={opener}
      />
      <UnreadyDialog
        counts={unready}
        busy={busy}
        onChoose={(choice) => void confirm({ kind: 'status', status: 'active' }, choice)}
        onCancel={() => setUnready(null)}
        returnFocus={opener}
      />
    </section>
  );
}
