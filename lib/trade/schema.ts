// The application's fields as the form and the route handler check them (the certificate is checked by its bytes,
// rules.ts). Strict: an owner id, a status or any other key the form does not send is named and refused.
import { z } from 'zod';
import { PHONE_PATTERN } from '../checkout/address';
import { addressFields } from '../account/schemas';
import { optionalText, text } from '../core/validation/text';
import { TRADE_ERRORS } from './labels';
import { einProblem, normalizeEin, normalizeWebsite } from './rules';
import { BUSINESS_TYPES } from './types';

export const applicationSchema = z.strictObject(
  {
    businessName: text({ max: 120, min: 1, label: 'Business name', minMessage: TRADE_ERRORS.businessNameRequired }),
    businessType: z.enum(BUSINESS_TYPES, { error: TRADE_ERRORS.businessTypeRequired }),
    taxId: text({ max: 20, label: 'Tax ID' })
      .refine((v) => einProblem(v) === null, { error: (issue) => einProblem(String(issue.input ?? '')) ?? TRADE_ERRORS.taxIdFormat })
      .transform((v) => normalizeEin(v)!),
    website: optionalText({ max: 200, label: 'Website' })
      .refine((v) => v === null || normalizeWebsite(v) !== undefined, { error: TRADE_ERRORS.websiteInvalid })
      .transform((v) => (v === null ? null : normalizeWebsite(v)!)),
    phone: text({ max: 30, min: 1, label: 'Phone', minMessage: TRADE_ERRORS.phoneRequired }).refine(
      (v) => PHONE_PATTERN.test(v) && v.replace(/\D/g, '').length >= 7,
      { error: TRADE_ERRORS.phoneInvalid },
    ),
    address_line1: addressFields.address_line1,
    address_line2: addressFields.address_line2,
    city: addressFields.city,
    state: addressFields.state,
    postal_code: addressFields.postal_code,
    country: addressFields.country,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `This form does not take ${issue.keys.map((k) => `"${k}"`).join(', ')}.` : undefined) },
);
export type ApplicationInput = z.output<typeof applicationSchema>;
