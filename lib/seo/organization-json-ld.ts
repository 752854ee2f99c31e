// The home page's structured data (schema.org Organization) from the shop settings: name, site, logo and, when
// set, support e-mail, phone and postal address.
import { env } from '../core/env';
import type { ShopSettings } from '../settings/shop-settings';
import { absoluteUrl } from './sitemap-xml';

export function organizationJsonLd(settings: ShopSettings): Record<string, unknown> {
  const site = env().SITE_URL;
  const address = settings.postalAddress.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).join(', ');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.shopName,
    url: absoluteUrl(site, '/'),
    logo: absoluteUrl(site, '/icon.svg'),
    ...(settings.supportEmail ? { email: settings.supportEmail } : {}),
    ...(settings.supportPhone ? { telephone: settings.supportPhone } : {}),
    ...(address ? { address } : {}),
  };
}
