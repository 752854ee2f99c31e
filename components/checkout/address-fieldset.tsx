'use client';
import type { Address, AddressErrors, AddressField } from '@/lib/checkout/address';
import { AddressFields } from '../ui/address-fields';
import { TextField } from '../ui/field';

interface AddressFieldsetProps {
  kind: 'shipping' | 'billing';
  legend: string;
  value: Address;
  errors: AddressErrors;
  disabled?: boolean;
  onChange(field: AddressField, value: string): void;
}

/** One address form. Autocomplete sections keep the browser's shipping and billing suggestions apart. */
export function AddressFieldset({ kind, legend, value, errors, disabled, onChange }: AddressFieldsetProps) {
  const id = (field: AddressField) => `${kind}-${field.replace('_', '-')}`;
  const auto = (token: string) => `section-${kind} ${kind} ${token}`;
  const bind = (field: AddressField) => ({
    id: id(field),
    name: `${kind}.${field}`,
    value: value[field],
    error: errors[field],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
  });

  return (
    <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <legend className="sr-only">{legend}</legend>
      <TextField {...bind('full_name')} label="Full name" autoComplete={auto('name')} fieldClassName="sm:col-span-2" />
      <AddressFields
        idPrefix={kind}
        value={value}
        errors={errors}
        disabled={disabled}
        onChange={onChange}
        nameOf={(field) => `${kind}.${field}`}
        autoCompleteOf={auto}
      />
      <TextField
        {...bind('phone')}
        label={kind === 'shipping' ? 'Phone number' : 'Phone number (optional)'}
        type="tel"
        inputMode="tel"
        autoComplete={auto('tel')}
        fieldClassName="sm:col-span-2"
      />
    </fieldset>
  );
}
