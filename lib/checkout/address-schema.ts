// The address-save request body, validated by the route handler (server side only, so zod stays out of the form).
import { z } from 'zod';
import { optionalText, text } from '../core/validation/text';
import { MAX_CHARGE_CENTS } from './pricing';
import { COMPANY_NAME_MAX, emailError, EMAIL_INVALID, PURCHASE_ORDER_MAX } from './contact';

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

/** The buyer's e-mail address: the same rule as the form's (contact.ts), CR/LF and the like refused. */
export const checkoutEmailSchema = text({ max: 320, label: 'Email address' }).refine((v) => emailError(v) === null, {
  error: (issue) => emailError(String(issue.input ?? '')) ?? EMAIL_INVALID,
});

/** Optional: trimmed, blank becomes null, control characters refused. */
export const companyNameSchema = optionalText({ max: COMPANY_NAME_MAX, label: 'Company name' });
export const purchaseOrderSchema = optionalText({ max: PURCHASE_ORDER_MAX, label: 'PO number' });

/** Body of the address-save call. Billing may be left out when it equals shipping. */
export const saveAddressesSchema = z.object({
  checkoutId: z.uuid(),
  email: checkoutEmailSchema,
  company: companyNameSchema,
  purchaseOrder: purchaseOrderSchema,
  sameAsShipping: z.boolean().default(true),
  shipping: addressSchema,
  billing: addressSchema.optional(),
  shippingMethodId: z.uuid().nullable().default(null),
  /** The total shown next to Pay: the save is refused with the new total when it changed. */
  expectedTotalCents: z.number().int().min(0).max(MAX_CHARGE_CENTS).nullable().default(null),
});
export type SaveAddressesInput = z.infer<typeof saveAddressesSchema>;

/** Body of the shipping-and-tax call: the shipping address as typed so far and the method chosen. */
export const deliveryRequestSchema = z.object({
  checkoutId: z.uuid(),
  shipping: addressSchema,
  methodId: z.uuid().nullable().default(null),
});
