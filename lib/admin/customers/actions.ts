'use server';
// A customer's tax exemption, set by staff as the admin under RLS ("admins change customers' tax exemption", and
// the grant covers these two columns only). Accounts only: a guest's e-mail address proves nothing, and the table
// refuses it too. Checkout reads the exemption live, so no cache holds it.
import { defineAction } from '../../entry/define-action';
import { ActionError } from '../../core/action-result';
import { TAX_EXEMPT_TEXT } from './labels';
import { taxExemptSchema } from './tax-exempt-schema';

export const setCustomerTaxExempt = defineAction({
  name: 'admin.customers.setTaxExempt',
  access: 'admin',
  schema: taxExemptSchema,
  success: (_data: { exempt: boolean }, input) => (input.exempt ? TAX_EXEMPT_TEXT.saved : TAX_EXEMPT_TEXT.cleared),
  failure: TAX_EXEMPT_TEXT.failed,
  run: async ({ key, exempt, reason }, { tx }) => {
    // Staff's own exemption has no end: a certificate's expiry (lib/trade/expiry.ts) no longer applies to it.
    const updated = await tx`
      update public.customers set tax_exempt = ${exempt}, tax_exempt_reason = ${reason}, tax_exempt_until = null
       where key = ${key} and user_id is not null`;
    if (updated.count === 0) {
      const [guest] = await tx`select 1 from public.customers where key = ${key}`;
      throw guest ? new ActionError(TAX_EXEMPT_TEXT.guestsCannot, 422) : new ActionError(TAX_EXEMPT_TEXT.notFound, 404);
    }
    return { exempt };
  },
});
