'use server';
// Saving the shop settings, as the admin under RLS ("admins change the shop's settings"): one update of the one row
// with who and when; the table's trigger writes a history row per changed field in the same transaction. The
// storefront's footer and JSON-LD are dropped from the cache after the commit; issued documents keep their copy.
import { defineAction } from '../../entry/define-action';
import { ActionError } from '../../core/action-result';
import { SHOP_SETTINGS_TAG } from '../../core/cache/tags';
import { SETTINGS_FAILED, SETTINGS_SAVED } from './fields';
import { settingsSchema } from './schema';

export const updateShopSettings = defineAction({
  name: 'admin.settings.update',
  access: 'admin',
  schema: settingsSchema,
  success: SETTINGS_SAVED,
  failure: SETTINGS_FAILED,
  revalidate: [SHOP_SETTINGS_TAG],
  run: async (s, { tx, user }) => {
    const [row] = await tx<{ updated_at: Date }[]>`
      update public.shop_settings
         set shop_name = ${s.shopName}, postal_address = ${s.postalAddress}, support_email = ${s.supportEmail},
             support_phone = ${s.supportPhone}, tax_number = ${s.taxNumber}, invoice_footer = ${s.invoiceFooter},
             notify_email = ${s.notifyEmail}, updated_at = now(), updated_by = ${user!.id}
       returning updated_at`;
    if (!row) throw new ActionError(SETTINGS_FAILED, 404);
    return { updatedAt: row.updated_at.toISOString() };
  },
});
