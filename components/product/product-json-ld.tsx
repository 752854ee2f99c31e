import { env } from '@/lib/core/env';
import { materialLabel, productPath } from '@/lib/catalog/categories';
import { positivePrice } from '@/lib/purchase/pricing';
import type { Product } from '@/lib/catalog/types';

export function absoluteUrl(path: string): string {
  return new URL(path, env().SITE_URL).href;
}

/** schema.org Product with the 'From' price as its offer. */
export function productJsonLd(product: Product, images: string[]): Record<string, unknown> {
  const url = absoluteUrl(productPath(product.category, product.id));
  const from = positivePrice(product.price_from);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.description?.trim() ? { description: product.description.trim() } : {}),
    ...(images.length > 0 ? { image: images.map(absoluteUrl) } : {}),
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

export function ProductJsonLd({ product, images }: { product: Product; images: string[] }) {
  // '<' is escaped so that no product text can close the script element.
  const json = JSON.stringify(productJsonLd(product, images)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
