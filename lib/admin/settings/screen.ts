import 'server-only';
// The settings screen's data, read as the admin: the settings (admin_shop_settings(), which answers admins only),
// the shipping methods with a preview of what they charge, the tax and minimum order settings, and the latest
// changes from the history the tables' triggers keep.
import { withActor, type DbActor } from '../../core/db';
import { formatDateTime } from '../../core/format/date';
import { readAdminShopSettings, type AdminShopSettings } from '../../settings/shop-settings';
import { readPriceAccess, type PriceAccess } from './price-access';
import { readAllShippingMethods, readCheckoutSettings, type AdminShippingMethod, type CheckoutSettings } from '../../shipping/methods';
import { describeSettingsChange } from './history-labels';
import { previewLine } from './shipping-preview';

export const SETTINGS_HISTORY_SIZE = 20;

export interface SettingsChange {
  id: number;
  /** The field as the form labels it ('Support email', 'Shipping method: UPS Ground'). */
  label: string;
  from: string;
  to: string;
  /** Who saved it: an admin's e-mail, or null for a change made outside the back office (the seed). */
  actor: string | null;
  /** In the shop's time zone. */
  at: string;
}

export interface ShippingMethodView {
  method: AdminShippingMethod;
  /** What a few typical orders would pay ('$500.00 order: $25.00 · …'). */
  preview: string;
}

export interface SettingsScreen {
  settings: AdminShopSettings | null;
  history: SettingsChange[];
  /** Present for admins only, with the settings. */
  shipping?: ShippingMethodView[];
  checkout?: CheckoutSettings;
  priceAccess?: PriceAccess;
}

export async function loadSettingsScreen(actor: DbActor, timeZone: string): Promise<SettingsScreen> {
  return withActor(actor, async (tx) => {
    const settings = await readAdminShopSettings(tx);
    // Anyone may read the active methods and the checkout settings; this screen shows them to admins only.
    if (!settings) return { settings: null, history: [] };
    const rows = await tx<{ id: string; field: string; from_value: string | null; to_value: string | null; actor_email: string | null; created_at: Date }[]>`
      select id, field, from_value, to_value, actor_email, created_at
        from public.shop_settings_events order by id desc limit ${SETTINGS_HISTORY_SIZE}`;
    const history = rows.map((r) => ({
      id: Number(r.id),
      ...describeSettingsChange(r.field, r.from_value, r.to_value),
      actor: r.actor_email,
      at: formatDateTime(r.created_at, timeZone),
    }));
    const methods = await readAllShippingMethods(tx);
    const checkout = await readCheckoutSettings(tx);
    const priceAccess = await readPriceAccess(tx);
    return { settings, history, shipping: methods.map((method) => ({ method, preview: previewLine(method) })), checkout, priceAccess };
  });
}
