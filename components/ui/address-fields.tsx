'use client';
import { countries } from '@/lib/checkout/countries';
import type { PostalAddress, PostalField } from '@/lib/checkout/address';
import { SelectField, TextField } from './field';

interface AddressFieldsProps {
  /** Ids are `{idPrefix}-address-line1`, `{idPrefix}-city`…; labels point at them. */
  idPrefix: string;
  value: PostalAddress;
  errors: Partial<Record<PostalField, string>>;
  disabled?: boolean;
  onChange(field: PostalField, value: string): void;
  /** The input's name for a field (checkout sends `shipping.city`); the field's own name by default. */
  nameOf?: (field: PostalField) => string;
  /** The autocomplete token for a field (checkout keeps shipping and billing suggestions apart). */
  autoCompleteOf?: (token: string) => string;
}

const COUNTRIES = countries();
const same = (value: string) => value;

/** Street, apartment, city, state, postal code and country, in the grid of the form around them. */
export function AddressFields({ idPrefix, value, errors, disabled, onChange, nameOf = same, autoCompleteOf = same }: AddressFieldsProps) {
  const bind = (field: PostalField) => ({
    id: `${idPrefix}-${field.replace('_', '-')}`,
    name: nameOf(field),
    value: value[field],
    error: errors[field],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
  });
  return (
    <>
      <TextField
        {...bind('address_line1')}
        label="Street address"
        autoComplete={autoCompleteOf('address-line1')}
        fieldClassName="sm:col-span-2"
      />
      <TextField
        {...bind('address_line2')}
        label="Apartment, suite, etc. (optional)"
        autoComplete={autoCompleteOf('address-line2')}
        fieldClassName="sm:col-span-2"
      />
      <TextField {...bind('city')} label="City" autoComplete={autoCompleteOf('address-level2')} />
      <TextField {...bind('state')} label="State/Province" autoComplete={autoCompleteOf('address-level1')} />
      <TextField {...bind('postal_code')} label="Postal code" autoComplete={autoCompleteOf('postal-code')} />
      <SelectField {...bind('country')} label="Country" autoComplete={autoCompleteOf('country')}>
        <option value="">Select a country</option>
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}
