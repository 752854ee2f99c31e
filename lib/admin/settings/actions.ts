'use server';
// Saving the shop settings, the shipping methods and the tax and minimum order settings, as the admin under RLS
// ("admins change the shop's settings", "admins add/change/remove shipping methods"). The tables' triggers write a
// history row per changed field or method in the same transaction. The storefront's cached settings (footer,
// JSON-LD, and what the cart and checkout read of shipping and tax) are dropped after the commit; issued documents
// keep their copy.
import { defineAction } from '../../entry/define-action';
import { PRICE_ACCESS_TEXT, priceAccessSchema, writePriceAccess } from './price-access';
import { ActionError } from '../../core/action-result';
import { SHOP_SETTINGS_TAG } from '../../core/cache/tags';
import { SETTINGS_FAILED, SETTINGS_SAVED } from './fields';
import { settingsSchema } from './schema';
import { SHIPPING_TEXT, TAX_TEXT } from './shipping-fields';
import { removeShippingMethod, writeCheckoutSettings, writeShippingMethod, writeShippingOrder } from './shipping-save';
import { checkoutSettingsSchema, shippingMethodIdSchema, shippingMethodSchema, shippingOrderSchema } from './shipping-schema';

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

export const saveShippingMethod = defineAction({
  name: 'admin.settings.saveShippingMethod',
  access: 'admin',
  schema: shippingMethodSchema,
  success: (data: { created: boolean }) => (data.created ? SHIPPING_TEXT.added : SHIPPING_TEXT.saved),
  failure: SHIPPING_TEXT.failed,
  revalidate: [SHOP_SETTINGS_TAG],
  run: (method, { tx }) => writeShippingMethod(tx, method),
});

export const deleteShippingMethod = defineAction({
  name: 'admin.settings.deleteShippingMethod',
  access: 'admin',
  schema: shippingMethodIdSchema,
  success: SHIPPING_TEXT.removed,
  failure: SHIPPING_TEXT.failed,
  revalidate: [SHOP_SETTINGS_TAG],
  run: ({ id }, { tx }) => removeShippingMethod(tx, id),
});

export const reorderShippingMethods = defineAction({
  name: 'admin.settings.reorderShippingMethods',
  access: 'admin',
  schema: shippingOrderSchema,
  success: SHIPPING_TEXT.reordered,
  failure: SHIPPING_TEXT.failed,
  revalidate: [SHOP_SETTINGS_TAG],
  run: ({ ids }, { tx }) => writeShippingOrder(tx, ids),
});

export const updateCheckoutSettings = defineAction({
  name: 'admin.settings.updateCheckout',
  access: 'admin',
  schema: checkoutSettingsSchema,
  success: TAX_TEXT.saved,
  failure: TAX_TEXT.failed,
  revalidate: [SHOP_SETTINGS_TAG],
  run: (settings, { tx, user }) => writeCheckoutSettings(tx, settings, user!.id),
});

export const updatePriceAccess = defineAction({
  name: 'admin.settings.updatePriceAccess',
  access: 'admin',
  schema: priceAccessSchema,
  success: PRICE_ACCESS_TEXT.saved,
  failure: PRICE_ACCESS_TEXT.failed,
  // Every cached page reads the setting under this tag: each is rendered again in its new view.
  revalidate: [SHOP_SETTINGS_TAG],
  run: (access, { tx, user }) => writePriceAccess(tx, access, user!.id),
});
