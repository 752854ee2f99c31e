'use client';
// An account's payment terms: what it has now, what its open invoices owe and the credit left, and (for an approved
// account) the form that gives or takes away Net 15/30/60 with a credit limit. The same schema checks here and in
// the action.
import { Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { setTradeTerms } from '@/lib/admin/trade/actions';
import type { AdminTradeAccount } from '@/lib/admin/trade/detail';
import { TERMS_TEXT } from '@/lib/admin/trade/labels';
import { termsSchema, type TermsFormInput } from '@/lib/admin/trade/schema';
import { formatCents, plainAmountFromCents } from '@/lib/core/format/money';
import { TERMS_DAYS } from '@/lib/terms/rules';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="adm-muted text-xs">{label}</dt>
      <dd className="tabular break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function TermsForm({ account }: { account: AdminTradeAccount }) {
  const router = useRouter();
  const { form, errors, pending, submit } = useActionForm();
  const [days, setDays] = useState(account.paymentTermsDays ? String(account.paymentTermsDays) : '');
  const [limit, setLimit] = useState(account.creditLimitCents === null ? '' : plainAmountFromCents(account.creditLimitCents));

  const has = account.paymentTermsDays !== null && account.creditLimitCents !== null;
  const available = has ? Math.max(0, account.creditLimitCents! - account.openInvoiceCents) : null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input: TermsFormInput = { accountId: account.id, paymentTermsDays: days, creditLimit: days ? limit : '' };
    const result = await submit(input, termsSchema, setTradeTerms);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? TERMS_TEXT.heading);
      router.refresh();
    } else {
      toast.error(TERMS_TEXT.saveFailed, { description: result.error });
    }
  }

  return (
    <section className="adm-panel space-y-4" aria-labelledby="trade-terms">
      <h2 id="trade-terms" className="adm-h2">
        {TERMS_TEXT.heading}
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <Figure
          label={TERMS_TEXT.current}
          value={has ? TERMS_TEXT.described(account.paymentTermsDays!, account.creditLimitCents!) : TERMS_TEXT.noTerms}
          testId="admin-trade-terms"
        />
        <Figure label={TERMS_TEXT.open} value={formatCents(account.openInvoiceCents)} testId="admin-trade-open" />
        <Figure label={TERMS_TEXT.available} value={available === null ? '—' : formatCents(available)} testId="admin-trade-available" />
      </dl>
      {account.status !== 'approved' ? (
        <p className="adm-muted">{TERMS_TEXT.notApprovedNote}</p>
      ) : (
        <form ref={form} onSubmit={save} noValidate className="space-y-4 border-t border-neutral-200 pt-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="trade-terms-days" className="adm-label">
                {TERMS_TEXT.terms}
              </label>
              <select
                id="trade-terms-days"
                className="adm-input"
                value={days}
                disabled={pending}
                onChange={(e) => setDays(e.target.value)}
                aria-invalid={errors.paymentTermsDays ? true : undefined}
                aria-describedby={errors.paymentTermsDays ? 'trade-terms-days-error' : undefined}
              >
                <option value="">{TERMS_TEXT.none}</option>
                {TERMS_DAYS.map((d) => (
                  <option key={d} value={String(d)}>
                    {TERMS_TEXT.net(d)}
                  </option>
                ))}
              </select>
              {errors.paymentTermsDays && (
                <p id="trade-terms-days-error" className="adm-error">
                  {errors.paymentTermsDays}
                </p>
              )}
            </div>
            {days && (
              <div>
                <label htmlFor="trade-terms-limit" className="adm-label">
                  {TERMS_TEXT.creditLimit}
                </label>
                <div className="relative">
                  <span aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-stone-muted">
                    $
                  </span>
                  <input
                    id="trade-terms-limit"
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    className="adm-input tabular pl-6"
                    value={limit}
                    disabled={pending}
                    onChange={(e) => setLimit(e.target.value)}
                    aria-invalid={errors.creditLimit ? true : undefined}
                    aria-describedby={errors.creditLimit ? 'trade-terms-limit-error trade-terms-limit-hint' : 'trade-terms-limit-hint'}
                  />
                </div>
                <p id="trade-terms-limit-hint" className="adm-muted mt-1 text-xs">
                  {TERMS_TEXT.limitHint}
                </p>
                {errors.creditLimit && (
                  <p id="trade-terms-limit-error" className="adm-error">
                    {errors.creditLimit}
                  </p>
                )}
              </div>
            )}
          </div>
          <button type="submit" className="adm-btn-primary" disabled={pending}>
            {pending && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {TERMS_TEXT.save}
          </button>
        </form>
      )}
    </section>
  );
}
