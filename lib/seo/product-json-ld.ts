// The product page's structured data (schema.org Product), with absolute URLs for its page and images.
import { materialLabel, productPath } from '../catalog/categories';
import type { Product } from '../catalog/types';
import { env } from '../core/env';
import { positivePrice } from '../purchase/pricing';
import { absoluteUrl } from './sitemap-xml';

/** schema.org Product with the 'From' price as its offer, where the page shows list prices to everyone. */
export function productJsonLd(product: Product, images: string[], offers = true): Record<string, unknown> {
  const url = absoluteUrl(env().SITE_URL, productPath(product.category, product.id));
  const from = offers ? positivePrice(product.price_from) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.description?.trim() ? { description: product.description.trim() } : {}),
    ...(images.length > 0 ? { image: images.map((image) => absoluteUrl(env().SITE_URL, image)) } : {}),
    ...(product.material ? { material: materialLabel(product.material) } : {}),
    url,
    ...(from !== null
      ? {
          offers: {
            '@type': 'Offer',
            price: from.toFixed(2),
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
            url,
          },
        }
      : {}),
  };
}
