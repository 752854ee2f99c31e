import 'server-only';
// The shop's own name, postal address, contacts, tax number and invoice footer: one row (public.shop_settings) that
// staff edit at /admin/settings. The storefront's footer and JSON-LD read the public part through the cache (tag
// SHOP_SETTINGS_TAG); mails and documents read it when they are written, and an issued document keeps its own copy.
import { unstable_cache } from 'next/cache';
import { asAnon, type DbRow, type Tx } from '../core/db';
import { SHOP_SETTINGS_TAG } from '../core/cache/tags';
import { logError } from '../core/log';

/** What anyone may read: shown on the storefront, in mails and on invoices. */
export interface ShopSettings {
  shopName: string;
  postalAddress: string;
  supportEmail: string;
  supportPhone: string;
  taxNumber: string;
  invoiceFooter: string;
}

/** Staff's view: the public part plus where the shop's new-order notices go. */
export interface AdminShopSettings extends ShopSettings {
  notifyEmail: string;
  updatedAt: string;
}

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  shopName: 'Aurelia Fine Jewelry',
  postalAddress: '',
  supportEmail: '',
  supportPhone: '',
  taxNumber: '',
  invoiceFooter: '',
};

type SettingsRow = DbRow<'shop_settings', 'shop_name' | 'postal_address' | 'support_email' | 'support_phone' | 'tax_number' | 'invoice_footer'>;

const PUBLIC_COLUMNS = 'shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer';

function toSettings(row: SettingsRow | undefined): ShopSettings {
  if (!row) return DEFAULT_SHOP_SETTINGS;
  return {
    shopName: row.shop_name,
    postalAddress: row.postal_address,
    supportEmail: row.support_email,
    supportPhone: row.support_phone,
    taxNumber: row.tax_number,
    invoiceFooter: row.invoice_footer,
  };
}

/** The settings as they are now, in the caller's transaction (documents and mails take them at issue time). */
export async function readShopSettings(tx: Tx): Promise<ShopSettings> {
  const [row] = await tx<SettingsRow[]>`select ${tx.unsafe(PUBLIC_COLUMNS)} from public.shop_settings`;
  return toSettings(row);
}

async function loadShopSettings(): Promise<ShopSettings> {
  try {
    return await asAnon(readShopSettings);
  } catch (err) {
    // The footer and JSON-LD fall back to the shop's name rather than failing the page.
    logError('shop settings read failed', err);
    return DEFAULT_SHOP_SETTINGS;
  }
}

/** The storefront's copy, cached until staff save the settings. */
export const getShopSettings = unstable_cache(loadShopSettings, ['shop-settings-v1'], {
  tags: [SHOP_SETTINGS_TAG],
  revalidate: 3600,
});

/** Staff's view (admin_shop_settings() answers admins only), in the admin's transaction. */
export async function readAdminShopSettings(tx: Tx): Promise<AdminShopSettings | null> {
  const [row] = await tx<(SettingsRow & DbRow<'shop_settings', 'notify_email' | 'updated_at'>)[]>`
    select ${tx.unsafe(PUBLIC_COLUMNS)}, notify_email, updated_at from public.admin_shop_settings()`;
  if (!row) return null;
  return { ...toSettings(row), notifyEmail: row.notify_email, updatedAt: row.updated_at.toISOString() };
}

/** Where the shop's own notices go: the settings' address, else SHOP_NOTIFY_EMAIL (read as the service role). */
export async function readNotifyAddress(tx: Tx, fallback: string | undefined): Promise<string | null> {
  const [row] = await tx<{ notify_email: string }[]>`select notify_email from public.shop_settings`;
  return row?.notify_email || fallback || null;
}
