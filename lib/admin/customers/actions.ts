'use server';
// A customer's tax exemption, set by staff as the admin under RLS ("admins change customers' tax exemption", and
// the grant covers these two columns only). Accounts only: a guest's e-mail address proves nothing, and the table
// refuses it too. Checkout reads the exemption live, so no cache holds it.
import { defineAction } from '../../entry/define-action';
import { ActionError } from '../../core/action-result';
import { TAX_EXEMPT_TEXT } from './labels';
import { addTag, removeTag } from './tag-store';
import { addTagSchema, removeTagSchema, TAG_TEXT } from './tags';
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

// Staff's tags on a customer (tag-store.ts): each answers the customer's tags as they now are. Staff-only pages read
// them live, so no cache holds them.
export const addCustomerTag = defineAction({
  name: 'admin.customers.addTag',
  access: 'admin',
  schema: addTagSchema,
  success: TAG_TEXT.added,
  failure: TAG_TEXT.addFailed,
  run: ({ key, tag }, { tx, user }) => addTag(tx, key, tag, user!.id),
});

export const removeCustomerTag = defineAction({
  name: 'admin.customers.removeTag',
  access: 'admin',
  schema: removeTagSchema,
  success: TAG_TEXT.removed,
  failure: TAG_TEXT.removeFailed,
  run: ({ key, tag }, { tx }) => removeTag(tx, key, tag),
});
