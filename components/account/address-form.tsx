'use client';
import { useState, type FormEvent } from 'react';
import { AddressFields } from '@/components/ui/address-fields';
import { SelectField } from '@/components/ui/field';
import { useActionForm } from '@/components/ui/use-action-form';
import { saveAccountAddress } from '@/lib/account/actions';
import { saveAddressSchema } from '@/lib/account/schemas';
import { ADDRESS_SAVE_FAILED } from '@/lib/checkout/errors';
import type { AddressType, SavedAddress } from '@/lib/account/types';
import { DEFAULT_COUNTRY, type PostalAddress } from '@/lib/checkout/address';

interface Values extends PostalAddress {
  address_type: AddressType;
  is_default: boolean;
  use_for_billing: boolean;
}

function initialValues(address: SavedAddress | null, firstOfType: (type: AddressType) => boolean): Values {
  if (address) {
    return { ...address, address_line2: address.address_line2 ?? '', use_for_billing: false };
  }
  return {
    address_type: 'shipping',
    address_line1: '',
    address_line2: '',
    city: '',
    state: '',
    postal_code: '',
    country: DEFAULT_COUNTRY,
    is_default: firstOfType('shipping'),
    use_for_billing: false,
  };
}

interface AddressFormProps {
  /** The address to edit; null adds one. */
  address: SavedAddress | null;
  /** Whether the customer has no default address of this type yet (its box then starts ticked). */
  firstOfType(type: AddressType): boolean;
  onSaved(message: string): void;
  onCancel(): void;
}

/** Add or edit one address. The same schema checks it here and, again, in the server action. */
export function AddressForm({ address, firstOfType, onSaved, onCancel }: AddressFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(address, firstOfType));
  const { form, errors, setErrors, pending, submit: send } = useActionForm();
  const [failure, setFailure] = useState<string | null>(null);
  const adding = address === null;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // A new address of another type starts as its default when the customer has none of that type yet.
      if (field === 'address_type' && adding) next.is_default = firstOfType(value as AddressType);
      return next;
    });
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    const input = {
      ...(address ? { id: address.id } : {}),
      ...values,
      use_for_billing: adding && values.address_type === 'shipping' && values.use_for_billing,
    };
    const result = await send(input, saveAddressSchema, saveAccountAddress);
    if (!result) return;
    if (result.ok) {
      onSaved(result.message ?? 'Address saved');
      return;
    }
    setFailure(result.status < 500 && !result.fieldErrors ? result.error : ADDRESS_SAVE_FAILED);
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Address">
      <SelectField
        id="address-type"
        name="address_type"
        label="Address type"
        value={values.address_type}
        disabled={pending}
        onChange={(e) => set('address_type', e.target.value as AddressType)}
        fieldClassName="sm:col-span-2"
      >
        <option value="shipping">Shipping</option>
        <option value="billing">Billing</option>
      </SelectField>
      <AddressFields idPrefix="address" value={values} errors={errors} disabled={pending} onChange={set} />
      <div className="flex flex-col gap-3 sm:col-span-2">
        {adding && values.address_type === 'shipping' && (
          <label className="flex w-fit cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              name="use_for_billing"
              checked={values.use_for_billing}
              disabled={pending}
              onChange={(e) => set('use_for_billing', e.target.checked)}
              className="size-4 accent-gold-dark"
            />
            Use this address for billing too
          </label>
        )}
        <label className="flex w-fit cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="is_default"
            checked={values.is_default}
            disabled={pending}
            onChange={(e) => set('is_default', e.target.checked)}
            className="size-4 accent-gold-dark"
          />
          Set as default {values.address_type} address
        </label>
      </div>
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:col-span-2">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          disabled={pending}
          className="h-11 rounded-md border border-stone-line bg-white px-5 text-sm hover:border-ink"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className="btn-primary px-5"
        >
          {pending ? 'Saving...' : 'Save Address'}
        </button>
      </div>
    </form>
  );
}
