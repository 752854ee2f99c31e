'use client';
// The bulk bar's lead time: in stock in N days or made to order in N to M weeks, checked by the rule the product form
// uses, confirmed with the count, then set on every product of the bar's target.
import { useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { bulkSetProductLeadTime } from '@/lib/admin/catalog/actions';
import { bulkLeadTimeInput, bulkLeadTimeQuestion } from '@/lib/admin/catalog/bulk-lead-time-rules';
import type { BulkTarget } from '@/lib/admin/catalog/bulk-rules';
import { DEFAULT_LEAD_TIME, DEFAULT_MADE_TO_ORDER, LEAD_TIME_KIND_LABELS, LEAD_TIME_KINDS, type LeadTime, type LeadTimeKind } from '@/lib/catalog/lead-time';
import type { Category } from '@/lib/catalog/categories';
import { ConfirmDialog } from './confirm-dialog';

interface BulkLeadTimeProps {
  category: Category;
  target: BulkTarget;
  count: number;
  onDone(): void;
}

export function BulkLeadTime({ category, target, count, onDone }: BulkLeadTimeProps) {
  const id = useId();
  const [kind, setKind] = useState<LeadTimeKind>(DEFAULT_LEAD_TIME.kind);
  const [min, setMin] = useState(String(DEFAULT_LEAD_TIME.min));
  const [max, setMax] = useState(String(DEFAULT_MADE_TO_ORDER.max));
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<LeadTime | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const madeToOrder = kind === 'made_to_order';

  function chooseKind(next: LeadTimeKind) {
    const start = next === 'made_to_order' ? DEFAULT_MADE_TO_ORDER : DEFAULT_LEAD_TIME;
    setKind(next);
    setMin(String(start.min));
    setMax(String(start.max));
    setError(null);
  }

  function ask(from: HTMLElement) {
    const parsed = bulkLeadTimeInput.safeParse({ category, target, kind, min, max: madeToOrder ? max : null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    opener.current = from;
    setAsked(parsed.data.leadTime);
  }

  async function confirm() {
    if (!asked) return;
    setBusy(true);
    try {
      const result = await bulkSetProductLeadTime({ category, target, kind: asked.kind, min: asked.min, max: asked.max });
      if (result.ok) {
        toast.success(result.message ?? 'Done');
        onDone();
      } else {
        toast.error(result.error);
      }
      setAsked(null);
    } catch {
      toast.error('The request did not reach the server. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const number = (value: string, set: (v: string) => void, label: string, suffix: string) => (
    <div>
      <label htmlFor={`${id}-${suffix}`} className="adm-label">
        {label}
      </label>
      <input
        id={`${id}-${suffix}`}
        className="adm-input tabular h-8 w-16"
        inputMode="numeric"
        value={value}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
    </div>
  );

  return (
    <div className="flex flex-col gap-1" data-testid="bulk-lead-time">
      <div className="flex flex-wrap items-end gap-1">
        <div>
          <label htmlFor={`${id}-kind`} className="adm-label">
            Lead time
          </label>
          <select id={`${id}-kind`} className="adm-input h-8 w-36" value={kind} onChange={(e) => chooseKind(e.target.value as LeadTimeKind)}>
            {LEAD_TIME_KINDS.map((k) => (
              <option key={k} value={k}>
                {LEAD_TIME_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {madeToOrder ? (
          <>
            {number(min, setMin, 'From (weeks)', 'min')}
            {number(max, setMax, 'To (weeks)', 'max')}
          </>
        ) : (
          number(min, setMin, 'Days', 'min')
        )}
        <button type="button" className="adm-btn h-8 px-2.5" disabled={busy} onClick={(e) => ask(e.currentTarget)}>
          Set lead time
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="adm-error max-w-md" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked ? bulkLeadTimeQuestion(asked, count) : ''}
        description="The change is written to each product’s history."
        confirmLabel="Confirm"
        busyLabel="Saving…"
        tone="primary"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(null)}
        returnFocus={opener}
      />
    </div>
  );
}
