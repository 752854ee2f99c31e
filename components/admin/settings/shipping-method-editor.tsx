'use client';
// One shipping method's form: name, zones as a comma-separated list, what it is priced by, its price bands (from a
// figure in dollars or grams, a price in dollars), the free-shipping threshold, handling and whether buyers see it.
// Checked here with the server's schema first (loaded with the first save); errors beside each field and band.
import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { saveShippingMethod } from '@/lib/admin/settings/actions';
import { BASIS_LABELS, SHIPPING_LIMITS, SHIPPING_TEXT } from '@/lib/admin/settings/shipping-fields';
import type { MethodForm } from '@/lib/admin/settings/shipping-form';
import { AdminField } from '../field';

interface EditorProps {
  initial: MethodForm;
  onDone(saved: boolean): void;
}

export function ShippingMethodEditor({ initial, onDone }: EditorProps) {
  const [values, setValues] = useState<MethodForm>(initial);
  const { form, errors, pending, submit: send } = useActionForm();
  const isNew = initial.id === null;
  const bandsErrorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const { shippingMethodSchema } = await import('@/lib/admin/settings/shipping-schema');
    const result = await send(values, shippingMethodSchema, saveShippingMethod);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? SHIPPING_TEXT.saved);
      onDone(true);
    } else {
      toast.error(SHIPPING_TEXT.failed, { description: result.error || undefined });
    }
  }

  const set = <K extends keyof MethodForm>(key: K, value: MethodForm[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setBand = (index: number, key: 'from' | 'price', value: string) =>
    set('bands', values.bands.map((b, i) => (i === index ? { ...b, [key]: value } : b)));

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label={isNew ? 'New shipping method' : `Edit ${initial.name}`}>
      <div className="grid gap-4 md:grid-cols-2">
        <AdminField label="Name" error={errors.name} hint="What buyers choose at checkout.">
          {(control) => (
            <input
              {...control}
              name="name"
              className="adm-input"
              maxLength={SHIPPING_LIMITS.name}
              value={values.name}
              disabled={pending}
              onChange={(e) => set('name', e.target.value)}
            />
          )}
        </AdminField>
        <AdminField label="Zones" error={errors.zones} hint="Country codes and US states, separated by commas: US, US-IL, CA.">
          {(control) => (
            <input
              {...control}
              name="zones"
              className="adm-input uppercase"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={SHIPPING_LIMITS.zonesText}
              value={values.zones}
              disabled={pending}
              onChange={(e) => set('zones', e.target.value)}
            />
          )}
        </AdminField>
        <AdminField label="Priced by" error={errors.basis} hint="A band applies from its figure up to the next band's.">
          {(control) => (
            <select
              {...control}
              name="basis"
              className="adm-input"
              value={values.basis}
              disabled={pending}
              onChange={(e) => set('basis', e.target.value as MethodForm['basis'])}
            >
              <option value="value">{BASIS_LABELS.value} (dollars)</option>
              <option value="weight">{BASIS_LABELS.weight} (grams)</option>
            </select>
          )}
        </AdminField>
        <label className="flex min-h-9 items-center gap-2 self-end text-sm">
          <input type="checkbox" name="active" className="size-4 accent-ink" checked={values.active} disabled={pending} onChange={(e) => set('active', e.target.checked)} />
          Active: buyers can choose it
        </label>
      </div>

      <fieldset>
        <legend className="adm-label">Price bands</legend>
        <div aria-hidden className="mb-1 grid grid-cols-[1fr_1fr_2.25rem] gap-2 text-xs text-stone-muted">
          <span>From {values.basis === 'weight' ? '(grams)' : '(order value, $)'}</span>
          <span>Price ($)</span>
        </div>
        <ol className="space-y-2">
          {values.bands.map((band, index) => (
            <li key={index} className="grid grid-cols-[1fr_1fr_2.25rem] items-start gap-2">
              <AdminField label={`Band ${index + 1} from (${values.basis === 'weight' ? 'grams' : 'order value, $'})`} error={errors[`bands.${index}.from`]} labelClassName="sr-only">
                {(control) => (
                  <input
                    {...control}
                    // A band-list error (order, first start) is about the starts: each one is marked and described.
                    aria-invalid={control['aria-invalid'] || Boolean(errors.bands)}
                    aria-describedby={[control['aria-describedby'], errors.bands ? bandsErrorId : ''].filter(Boolean).join(' ') || undefined}
                    name={`bands.${index}.from`}
                    inputMode={values.basis === 'weight' ? 'numeric' : 'decimal'}
                    className="adm-input tabular px-2"
                    value={band.from}
                    disabled={pending}
                    onChange={(e) => setBand(index, 'from', e.target.value)}
                  />
                )}
              </AdminField>
              <AdminField label={`Band ${index + 1} price ($)`} error={errors[`bands.${index}.price`]} labelClassName="sr-only">
                {(control) => (
                  <input
                    {...control}
                    name={`bands.${index}.price`}
                    inputMode="decimal"
                    className="adm-input tabular px-2"
                    value={band.price}
                    disabled={pending}
                    onChange={(e) => setBand(index, 'price', e.target.value)}
                  />
                )}
              </AdminField>
              <button
                type="button"
                className="adm-btn px-2"
                aria-label={`Remove band ${index + 1}`}
                disabled={pending || values.bands.length === 1}
                onClick={() => set('bands', values.bands.filter((_, i) => i !== index))}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ol>
        {errors.bands && (
          <p id={bandsErrorId} className="mt-1 text-xs text-red-700">
            {errors.bands}
          </p>
        )}
        <button
          type="button"
          className="adm-btn mt-2"
          disabled={pending || values.bands.length >= SHIPPING_LIMITS.bands}
          onClick={() => set('bands', [...values.bands, { from: '', price: '' }])}
        >
          <Plus className="size-4" aria-hidden /> Add band
        </button>
      </fieldset>

      <div className="grid gap-4 md:grid-cols-2">
        <AdminField label="Free shipping from ($)" error={errors.freeOver} hint="Orders of this value or more ship free. Empty: never free.">
          {(control) => (
            <input {...control} name="freeOver" inputMode="decimal" className="adm-input tabular" value={values.freeOver} disabled={pending} onChange={(e) => set('freeOver', e.target.value)} />
          )}
        </AdminField>
        <AdminField label="Handling ($)" error={errors.handling} hint="Added to every band's price. Empty: none.">
          {(control) => (
            <input {...control} name="handling" inputMode="decimal" className="adm-input tabular" value={values.handling} disabled={pending} onChange={(e) => set('handling', e.target.value)} />
          )}
        </AdminField>
      </div>

      <div className="flex flex-wrap gap-2">
        <button type="submit" className="adm-btn-primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Saving…' : isNew ? 'Add method' : 'Save method'}
        </button>
        <button type="button" className="adm-btn" disabled={pending} onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
