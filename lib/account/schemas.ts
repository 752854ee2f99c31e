// The account forms' rules, one schema each for the browser (instant messages) and the server action (the check
// that counts). Its words come from the checkout's address rules, so both forms say the same thing.
import { z } from 'zod';
import { PHONE_INVALID, PHONE_PATTERN, REQUIRED_MESSAGES } from '../checkout/address';
import { isCountryCode } from '../checkout/countries';
import { optionalText, text, uuidText } from '../core/validation/text';
import { ADDRESS_TYPES } from './types';

export const COUNTRY_INVALID = 'Please choose a country from the list.';

/** Objects refuse keys they do not know: a forged user_id is named, not silently dropped. */
function strict<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `This form does not take ${issue.keys.map((k) => `"${k}"`).join(', ')}; your account comes from your session.`
        : undefined,
  });
}

const required = (field: keyof typeof REQUIRED_MESSAGES, max: number) =>
  text({ max, min: 1, minMessage: REQUIRED_MESSAGES[field], label: 'This field' });

export const addressFields = {
  address_type: z.enum(ADDRESS_TYPES, { error: 'Please choose shipping or billing.' }),
  address_line1: required('address_line1', 200),
  address_line2: optionalText({ max: 200, label: 'This field' }),
  city: required('city', 100),
  state: required('state', 100),
  postal_code: required('postal_code', 20),
  country: required('country', 2).refine(isCountryCode, { error: COUNTRY_INVALID }),
  is_default: z.boolean().default(false),
};

/** Add (no id) or edit (id) one address; `use_for_billing` copies a new shipping address as a billing address. */
export const saveAddressSchema = strict({
  id: uuidText.optional(),
  ...addressFields,
  use_for_billing: z.boolean().default(false),
});
export type SaveAddressInput = z.input<typeof saveAddressSchema>;
export type AddressInput = z.output<typeof saveAddressSchema>;

export const addressIdSchema = strict({ id: uuidText });
export const orderIdSchema = strict({ orderId: uuidText });

export const profileSchema = strict({
  full_name: optionalText({ max: 200, label: 'Full name' }),
  phone_number: optionalText({ max: 40, label: 'Phone number' }).refine((v) => v === null || PHONE_PATTERN.test(v), {
    error: PHONE_INVALID,
  }),
});
export type ProfileInput = z.output<typeof profileSchema>;
