import { organizationJsonLd } from '@/lib/seo/organization-json-ld';
import type { ShopSettings } from '@/lib/settings/shop-settings';

export function OrganizationJsonLd({ settings }: { settings: ShopSettings }) {
  // '<' is escaped so that no settings text can close the script element.
  const json = JSON.stringify(organizationJsonLd(settings)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
