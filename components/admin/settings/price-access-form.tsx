'use client';
// The Who sees prices section (lib/admin/settings/price-access.ts): one choice of who sees prices, and whether
// guests may check out. One save.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { updatePriceAccess } from '@/lib/admin/settings/actions';
import { PRICE_ACCESS_TEXT, PRICE_VISIBILITY_LABELS, priceAccessSchema, type PriceAccess } from '@/lib/admin/settings/price-access';
import { PRICE_VISIBILITIES } from '@/lib/purchase/price-view';

export function PriceAccessForm({ access }: { access: PriceAccess }) {
  const router = useRouter();
  const [values, setValues] = useState(access);
  const { form, errors, pending, submit: send } = useActionForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const result = await send(values, priceAccessSchema, updatePriceAccess);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? PRICE_ACCESS_TEXT.saved);
      router.refresh();
    } else {
      toast.error(PRICE_ACCESS_TEXT.failed, { description: result.error || undefined });
    }
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="adm-panel space-y-4" aria-labelledby="price-access-heading">
      <div>
        <h2 id="price-access-heading" className="adm-h2">
          {PRICE_ACCESS_TEXT.heading}
        </h2>
        <p className="adm-muted">{PRICE_ACCESS_TEXT.intro}</p>
      </div>
      <fieldset>
        <legend className="adm-label">{PRICE_ACCESS_TEXT.visibility}</legend>
        <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {PRICE_VISIBILITIES.map((visibility) => (
            <label key={visibility} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="radio"
                name="visibility"
                value={visibility}
                checked={values.visibility === visibility}
                onChange={() => setValues((v) => ({ ...v, visibility }))}
              />
              {PRICE_VISIBILITY_LABELS[visibility]}
            </label>
          ))}
        </div>
        {errors.visibility && <p className="mt-1 text-xs text-red-700">{errors.visibility}</p>}
      </fieldset>
      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="guestCheckout"
          checked={values.guestCheckout}
          onChange={(event) => setValues((v) => ({ ...v, guestCheckout: event.target.checked }))}
        />
        {PRICE_ACCESS_TEXT.guestCheckout}
      </label>
      <button type="submit" className="adm-btn-primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving…' : 'Save who sees prices'}
      </button>
    </form>
  );
}
