import type { Metadata } from 'next';
import { SettingsForm } from '@/components/admin/settings/settings-form';
import { SettingsHistory } from '@/components/admin/settings/settings-history';
import { loadSettingsScreen } from '@/lib/admin/settings/screen';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { env } from '@/lib/core/env';
import { formatDateTime } from '@/lib/core/format/date';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsScreen() {
  const { actor } = await requireAdminPage();
  const timeZone = env().SHOP_TIME_ZONE;
  const { settings, history } = await loadSettingsScreen(actor, timeZone);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="adm-h1">Shop Settings</h1>
        <p className="adm-muted">
          The shop&apos;s name, address and contacts, as mails, invoices and the storefront show them.
          {settings && ` Last saved ${formatDateTime(settings.updatedAt, timeZone)}.`}
        </p>
      </div>
      <div className="grid items-start gap-4 xl:grid-cols-[3fr_2fr]">
        {settings ? <SettingsForm settings={settings} /> : <div className="adm-panel adm-error">Failed to load settings</div>}
        <SettingsHistory changes={history} />
      </div>
    </div>
  );
}
