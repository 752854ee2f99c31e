import type { Metadata } from 'next';
import { SettingsForm } from '@/components/admin/settings/settings-form';
import { SettingsHistory } from '@/components/admin/settings/settings-history';
import { ShippingMethods } from '@/components/admin/settings/shipping-methods';
import { TaxSettingsForm } from '@/components/admin/settings/tax-settings-form';
import { PriceAccessForm } from '@/components/admin/settings/price-access-form';
import { loadSettingsScreen } from '@/lib/admin/settings/screen';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { env } from '@/lib/core/env';
import { formatDateTime } from '@/lib/core/format/date';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsScreen() {
  const { actor } = await requireAdminPage();
  const timeZone = env().SHOP_TIME_ZONE;
  const { settings, history, shipping, checkout, priceAccess } = await loadSettingsScreen(actor, timeZone);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="adm-h1">Shop Settings</h1>
        <p className="adm-muted">
          The shop&apos;s name, address and contacts, as mails, invoices and the storefront show them; how orders ship and
          how they are taxed.
          {settings && ` Last saved ${formatDateTime(settings.updatedAt, timeZone)}.`}
        </p>
      </div>
      <div className="grid items-start gap-4 xl:grid-cols-[3fr_2fr]">
        {settings ? (
          <div className="min-w-0 space-y-4">
            <SettingsForm settings={settings} />
            {shipping && <ShippingMethods methods={shipping} />}
            {checkout && <TaxSettingsForm settings={checkout} />}
            {priceAccess && <PriceAccessForm access={priceAccess} />}
          </div>
        ) : (
          <div className="adm-panel adm-error">Failed to load settings</div>
        )}
        <SettingsHistory changes={history} />
      </div>
    </div>
  );
}
