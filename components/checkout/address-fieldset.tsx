'use client';
import { countries } from '@/lib/checkout/countries';
import type { Address, AddressErrors, AddressField } from '@/lib/checkout/address';
import { SelectField, TextField } from '../ui/field';

interface AddressFieldsetProps {
  kind: 'shipping' | 'billing';
  legend: string;
  value: Address;
  errors: AddressErrors;
  disabled?: boolean;
  onChange(field: AddressField, value: string): void;
}

const COUNTRIES = countries();

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
      <TextField
        {...bind('address_line1')}
        label="Street address"
        autoComplete={auto('address-line1')}
        fieldClassName="sm:col-span-2"
      />
      <TextField
        {...bind('address_line2')}
        label="Apartment, suite, etc. (optional)"
        autoComplete={auto('address-line2')}
        fieldClassName="sm:col-span-2"
      />
      <TextField {...bind('city')} label="City" autoComplete={auto('address-level2')} />
      <TextField {...bind('state')} label="State/Province" autoComplete={auto('address-level1')} />
      <TextField {...bind('postal_code')} label="Postal code" autoComplete={auto('postal-code')} />
      <SelectField {...bind('country')} label="Country" autoComplete={auto('country')}>
        <option value="">Select a country</option>
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
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
