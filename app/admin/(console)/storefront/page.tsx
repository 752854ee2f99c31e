import type { Metadata } from 'next';
import { StorefrontForm } from '@/components/admin/storefront/storefront-form';
import { loadStorefrontScreen } from '@/lib/admin/storefront/screen';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { env } from '@/lib/core/env';
import { formatDateTime } from '@/lib/core/format/date';

export const metadata: Metadata = { title: 'Storefront' };

export default async function StorefrontScreenPage() {
  const { actor } = await requireAdminPage();
  const screen = await loadStorefrontScreen(actor);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="adm-h1">Storefront</h1>
        <p className="adm-muted">
          What the home page shows: the hero, the featured products and the category tiles. Anything left empty shows the newest product&apos;s image.
          {screen.updatedAt && ` Last saved ${formatDateTime(screen.updatedAt, env().SHOP_TIME_ZONE)}.`}
        </p>
      </div>
      <StorefrontForm screen={screen} />
    </div>
  );
}
