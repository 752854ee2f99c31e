// The tax-exempt control's schema: the form checks with it first, the action again. Exempt needs a reason (the
// invoice prints it); not exempt clears it. Client-safe.
import { z } from 'zod';
import { text } from '../../core/validation/text';
import { TAX_EXEMPT_REASON_MAX, TAX_EXEMPT_TEXT } from './labels';
import { isCustomerKey } from './params';

export const taxExemptSchema = z
  .object(
    {
      key: z.string().refine(isCustomerKey, { error: TAX_EXEMPT_TEXT.notFound }),
      exempt: z.boolean({ error: 'Send whether the customer is exempt' }),
      reason: text({ max: TAX_EXEMPT_REASON_MAX, label: 'Reason' }),
    },
    { error: 'Send the exemption and its reason.' },
  )
  .refine((v) => !v.exempt || v.reason !== '', { error: TAX_EXEMPT_TEXT.reasonRequired, path: ['reason'] })
  .transform((v) => ({ key: v.key, exempt: v.exempt, reason: v.exempt ? v.reason : null }));

export type TaxExemptInput = z.input<typeof taxExemptSchema>;
