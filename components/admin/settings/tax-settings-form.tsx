'use client';
// The Tax and minimum order section: whether checkout collects sales tax (Stripe Tax), the product tax code of each
// category, where parcels leave from, and the smallest order accepted. One save; errors beside the fields.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { updateCheckoutSettings } from '@/lib/admin/settings/actions';
import { SHIP_FROM_FIELDS, SHIP_FROM_LABELS, SHIP_FROM_LIMITS, TAX_TEXT, type ShipFromField } from '@/lib/admin/settings/shipping-fields';
import { centsToText } from '@/lib/admin/settings/shipping-form';
import type { CheckoutSettingsInput } from '@/lib/admin/settings/shipping-schema';
import { CATEGORIES, CATEGORY_INFO, type Category } from '@/lib/catalog/categories';
import type { CheckoutSettings } from '@/lib/shipping/methods';
import { AdminField } from '../field';

function initialValues(s: CheckoutSettings): CheckoutSettingsInput {
  const from = s.shipFrom;
  return {
    taxEnabled: s.taxEnabled,
    taxCodes: Object.fromEntries(CATEGORIES.map((c) => [c, s.taxCodes[c] ?? ''])) as Record<Category, string>,
    shipFrom: {
      line1: from?.line1 ?? '',
      city: from?.city ?? '',
      state: from?.state ?? '',
      postalCode: from?.postal_code ?? '',
      country: from?.country ?? '',
    },
    minOrder: centsToText(s.minOrderCents),
  };
}

/** Street on its own row, then city, state, ZIP and country on one (6 columns from sm up). */
const SHIP_FROM_SPAN: Record<ShipFromField, string> = {
  line1: 'sm:col-span-6',
  city: 'sm:col-span-2',
  state: 'sm:col-span-1',
  postalCode: 'sm:col-span-2',
  country: 'sm:col-span-1',
};

const SHIP_FROM_AUTOCOMPLETE: Record<ShipFromField, string> = {
  line1: 'address-line1',
  city: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
};

export function TaxSettingsForm({ settings }: { settings: CheckoutSettings }) {
  const router = useRouter();
  const [values, setValues] = useState(() => initialValues(settings));
  const { form, errors, pending, submit: send } = useActionForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const { checkoutSettingsSchema } = await import('@/lib/admin/settings/shipping-schema');
    const result = await send(values, checkoutSettingsSchema, updateCheckoutSettings);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? TAX_TEXT.saved);
      router.refresh();
    } else {
      toast.error(TAX_TEXT.failed, { description: result.error || undefined });
    }
  }

  const setCode = (c: Category, code: string) => setValues((v) => ({ ...v, taxCodes: { ...v.taxCodes, [c]: code } }));
  const setFrom = (f: ShipFromField, text: string) => setValues((v) => ({ ...v, shipFrom: { ...v.shipFrom, [f]: text } }));

  return (
    <form ref={form} onSubmit={submit} noValidate className="adm-panel space-y-5" aria-labelledby="tax-heading">
      <div>
        <h2 id="tax-heading" className="adm-h2">
          Tax and minimum order
        </h2>
        <p className="adm-muted">Sales tax is worked out by Stripe Tax at checkout, for the buyer&apos;s address; tax-exempt accounts are set on their customer page.</p>
      </div>

      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="taxEnabled"
          className="size-4 accent-ink"
          checked={values.taxEnabled}
          disabled={pending}
          onChange={(e) => setValues((v) => ({ ...v, taxEnabled: e.target.checked }))}
        />
        Collect sales tax at checkout
      </label>

      <fieldset>
        <legend className="adm-label">Tax code per category</legend>
        <p className="mb-2 text-xs text-stone-muted">Stripe Tax product codes, such as txcd_99999999. Empty: Stripe&apos;s default code for goods.</p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {CATEGORIES.map((c) => (
            <AdminField key={c} label={CATEGORY_INFO[c].label} error={errors[`taxCodes.${c}`]} labelClassName="mb-1 block text-sm">
              {(control) => (
                <input
                  {...control}
                  name={`taxCodes.${c}`}
                  className="adm-input tabular"
                  placeholder="txcd_99999999"
                  spellCheck={false}
                  maxLength={40}
                  value={values.taxCodes[c]}
                  disabled={pending}
                  onChange={(e) => setCode(c, e.target.value)}
                />
              )}
            </AdminField>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="adm-label">Ship-from address</legend>
        <p className="mb-2 text-xs text-stone-muted">Where parcels leave from; some states tax by it. Empty: none given to Stripe Tax.</p>
        <div className="grid gap-3 sm:grid-cols-6">
          {SHIP_FROM_FIELDS.map((f) => (
            <div key={f} className={SHIP_FROM_SPAN[f]}>
              <AdminField label={SHIP_FROM_LABELS[f]} error={errors[`shipFrom.${f}`]} labelClassName="mb-1 block text-sm">
                {(control) => (
                  <input
                    {...control}
                    name={`shipFrom.${f}`}
                    className={f === 'country' || f === 'state' ? 'adm-input uppercase' : 'adm-input'}
                    autoComplete={`section-ship-from ${SHIP_FROM_AUTOCOMPLETE[f]}`}
                    maxLength={SHIP_FROM_LIMITS[f]}
                    value={values.shipFrom[f]}
                    disabled={pending}
                    onChange={(e) => setFrom(f, e.target.value)}
                  />
                )}
              </AdminField>
            </div>
          ))}
        </div>
      </fieldset>

      <div className="max-w-xs">
        <AdminField label="Minimum order ($)" error={errors.minOrder} hint="Carts below this value of goods cannot check out. Empty: no minimum.">
          {(control) => (
            <input
              {...control}
              name="minOrder"
              inputMode="decimal"
              className="adm-input tabular"
              value={values.minOrder}
              disabled={pending}
              onChange={(e) => setValues((v) => ({ ...v, minOrder: e.target.value }))}
            />
          )}
        </AdminField>
      </div>

      <button type="submit" className="adm-btn-primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving…' : 'Save tax and minimum order'}
      </button>
    </form>
  );
}
