// The address-save request body, validated by the route handler (server side only, so zod stays out of the form).
import { z } from 'zod';
import { text } from '../core/validation/text';

const field = text({ max: 200 }).default('');
export const addressSchema = z.object({
  full_name: field,
  address_line1: field,
  address_line2: field,
  city: field,
  state: field,
  postal_code: field,
  country: text({ max: 2 }).default(''),
  phone: field,
});

/** Body of the address-save call. Billing may be left out when it equals shipping. */
export const saveAddressesSchema = z.object({
  checkoutId: z.uuid(),
  sameAsShipping: z.boolean().default(true),
  shipping: addressSchema,
  billing: addressSchema.optional(),
});
export type SaveAddressesInput = z.infer<typeof saveAddressesSchema>;
