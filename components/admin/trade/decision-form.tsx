'use client';
// Staff's decision on one trade account: approve (a price group or none; tax exempt until the certificate's expiry,
// which must be after today), decline with a reason, or ask for more. The same schemas check the input here and in
// the action; the buyer is mailed once the decision has been saved.
import { Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { approveTradeAccount, askTradeAccountForMore, declineTradeAccount } from '@/lib/admin/trade/actions';
import type { AdminTradeDetail } from '@/lib/admin/trade/detail';
import { ADMIN_TRADE_STATUS_LABELS, DECISION_TEXT } from '@/lib/admin/trade/labels';
import { approveSchema, declineSchema, moreInfoSchema } from '@/lib/admin/trade/schema';

type Mode = 'approve' | 'decline' | 'more_info';

const MODES: { mode: Mode; label: string }[] = [
  { mode: 'approve', label: DECISION_TEXT.approve },
  { mode: 'more_info', label: DECISION_TEXT.moreInfo },
  { mode: 'decline', label: DECISION_TEXT.decline },
];

interface DecisionFormProps {
  account: AdminTradeDetail['account'];
  groups: AdminTradeDetail['groups'];
  /** The shop's today ('YYYY-MM-DD'): the expiry must be after it. */
  today: string;
}

export function DecisionForm({ account, groups, today }: DecisionFormProps) {
  const router = useRouter();
  const { form, errors, setErrors, pending, submit } = useActionForm();
  const [mode, setMode] = useState<Mode>('approve');
  const [groupId, setGroupId] = useState(account.priceGroupId ?? '');
  const [exempt, setExempt] = useState(account.taxExempt);
  const [expiresOn, setExpiresOn] = useState(account.expiresOn ?? '');
  const [note, setNote] = useState('');

  function choose(next: Mode) {
    setMode(next);
    setErrors({});
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const id = account.id;
    const result =
      mode === 'approve'
        ? await submit({ accountId: id, priceGroupId: groupId, taxExempt: exempt, expiresOn: exempt ? expiresOn : '' }, approveSchema, approveTradeAccount)
        : mode === 'decline'
          ? await submit({ accountId: id, reason: note }, declineSchema, declineTradeAccount)
          : await submit({ accountId: id, message: note }, moreInfoSchema, askTradeAccountForMore);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? DECISION_TEXT.heading);
      setNote('');
      router.refresh();
    } else {
      const failed = mode === 'approve' ? DECISION_TEXT.approveFailed : mode === 'decline' ? DECISION_TEXT.declineFailed : DECISION_TEXT.moreInfoFailed;
      toast.error(failed, { description: result.error });
    }
  }

  const min = nextDay(today);
  return (
    <form ref={form} onSubmit={send} noValidate className="adm-panel space-y-4" aria-labelledby="trade-decision">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="trade-decision" className="adm-h2">
          {DECISION_TEXT.heading}
        </h2>
        <p className="adm-muted text-sm">{DECISION_TEXT.current(ADMIN_TRADE_STATUS_LABELS[account.status])}</p>
      </div>
      <fieldset className="flex flex-wrap gap-2" disabled={pending}>
        <legend className="sr-only">{DECISION_TEXT.heading}</legend>
        {MODES.map((m) => (
          <label
            key={m.mode}
            className={`adm-btn cursor-pointer has-[:focus-visible]:outline-2 ${mode === m.mode ? 'border-ink bg-neutral-100 font-semibold' : ''}`}
          >
            <input type="radio" name="decision" value={m.mode} className="sr-only" checked={mode === m.mode} onChange={() => choose(m.mode)} />
            {m.label}
          </label>
        ))}
      </fieldset>

      {mode === 'approve' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="trade-group" className="adm-label">
              {DECISION_TEXT.priceGroup}
            </label>
            <select
              id="trade-group"
              className="adm-input"
              value={groupId}
              disabled={pending}
              onChange={(e) => setGroupId(e.target.value)}
              aria-invalid={errors.priceGroupId ? true : undefined}
              aria-describedby={errors.priceGroupId ? 'trade-group-error' : undefined}
            >
              <option value="">{DECISION_TEXT.noGroup}</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.percentOff > 0 ? `${g.name} (−${g.percentOff}%)` : g.name}
                </option>
              ))}
            </select>
            {errors.priceGroupId && (
              <p id="trade-group-error" className="adm-error">
                {errors.priceGroupId}
              </p>
            )}
          </div>
          <div className="space-y-2">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" checked={exempt} disabled={pending} onChange={(e) => setExempt(e.target.checked)} className="size-4 accent-gold" />
              {DECISION_TEXT.taxExempt}
            </label>
            {exempt && (
              <div>
                <label htmlFor="trade-expires" className="adm-label">
                  {DECISION_TEXT.expiresOn}
                </label>
                <input
                  id="trade-expires"
                  type="date"
                  className="adm-input w-48"
                  min={min}
                  value={expiresOn}
                  disabled={pending}
                  onChange={(e) => setExpiresOn(e.target.value)}
                  aria-invalid={errors.expiresOn ? true : undefined}
                  aria-describedby={errors.expiresOn ? 'trade-expires-error trade-expires-hint' : 'trade-expires-hint'}
                />
                <p id="trade-expires-hint" className="adm-muted mt-1 text-xs">
                  {DECISION_TEXT.expiresHint}
                </p>
                {errors.expiresOn && (
                  <p id="trade-expires-error" className="adm-error">
                    {errors.expiresOn}
                  </p>
                )}
              </div>
            )}
          </div>
        </div>
      ) : (
        <div>
          <label htmlFor="trade-note" className="adm-label">
            {mode === 'decline' ? DECISION_TEXT.reason : DECISION_TEXT.message}
          </label>
          <textarea
            id="trade-note"
            className="adm-textarea"
            rows={3}
            maxLength={1000}
            value={note}
            disabled={pending}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={errors.reason || errors.message ? true : undefined}
            aria-describedby={errors.reason || errors.message ? 'trade-note-error' : undefined}
          />
          {(errors.reason || errors.message) && (
            <p id="trade-note-error" className="adm-error">
              {errors.reason ?? errors.message}
            </p>
          )}
        </div>
      )}

      <button type="submit" className={mode === 'decline' ? 'adm-btn-danger' : 'adm-btn-primary'} disabled={pending}>
        {pending && <Loader2 aria-hidden className="size-4 animate-spin" />}
        {mode === 'approve' ? DECISION_TEXT.approve : mode === 'decline' ? DECISION_TEXT.sendDecline : DECISION_TEXT.sendMoreInfo}
      </button>
    </form>
  );
}

function nextDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
