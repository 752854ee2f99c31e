'use client';
// An account's tax exemption: a tick and the reason (required when ticked; the invoice prints it), saved together.
// A guest gets a note instead: only accounts can be exempt.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { setCustomerTaxExempt } from '@/lib/admin/customers/actions';
import { TAX_EXEMPT_REASON_MAX, TAX_EXEMPT_TEXT } from '@/lib/admin/customers/labels';
import type { TaxExemptInput } from '@/lib/admin/customers/tax-exempt-schema';
import { AdminField } from '../field';

interface TaxExemptProps {
  customerKey: string;
  isGuest: boolean;
  exempt: boolean;
  reason: string | null;
}

export function TaxExemptForm({ customerKey, isGuest, exempt, reason }: TaxExemptProps) {
  const router = useRouter();
  const [values, setValues] = useState<TaxExemptInput>({ key: customerKey, exempt, reason: reason ?? '' });
  const { form, errors, pending, submit: send } = useActionForm();
  const unchanged = values.exempt === exempt && (!values.exempt || values.reason.trim() === (reason ?? ''));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const { taxExemptSchema } = await import('@/lib/admin/customers/tax-exempt-schema');
    const result = await send(values, taxExemptSchema, setCustomerTaxExempt);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? TAX_EXEMPT_TEXT.saved);
      router.refresh();
    } else {
      toast.error(TAX_EXEMPT_TEXT.failed, { description: result.error || undefined });
    }
  }

  return (
    <section aria-labelledby="customer-tax" className="adm-panel space-y-3 text-sm">
      <h2 id="customer-tax" className="adm-h2">
        Sales tax
      </h2>
      {isGuest ? (
        <p className="adm-muted">{TAX_EXEMPT_TEXT.guestsCannot} This buyer ordered as a guest.</p>
      ) : (
        <form ref={form} onSubmit={submit} noValidate className="space-y-3" aria-label="Tax exemption">
          <p className="text-stone-muted">
            {exempt ? `Tax exempt: ${reason}. Checkout charges no sales tax.` : 'Taxed at checkout where the shop collects sales tax.'}
          </p>
          <label className="flex min-h-9 items-center gap-2">
            <input
              type="checkbox"
              name="exempt"
              className="size-4 accent-ink"
              checked={values.exempt}
              disabled={pending}
              onChange={(e) => setValues((v) => ({ ...v, exempt: e.target.checked }))}
            />
            Tax exempt
          </label>
          {values.exempt && (
            <div className="max-w-md">
              <AdminField label="Reason" error={errors.reason} hint="Printed on their invoices, such as “Resale certificate on file”.">
                {(control) => (
                  <input
                    {...control}
                    name="reason"
                    className="adm-input"
                    maxLength={TAX_EXEMPT_REASON_MAX}
                    required
                    value={values.reason}
                    disabled={pending}
                    onChange={(e) => setValues((v) => ({ ...v, reason: e.target.value }))}
                  />
                )}
              </AdminField>
            </div>
          )}
          <button type="submit" className="adm-btn-primary" disabled={pending || unchanged} aria-busy={pending || undefined}>
            {pending ? 'Saving…' : 'Save tax exemption'}
          </button>
        </form>
      )}
    </section>
  );
}
