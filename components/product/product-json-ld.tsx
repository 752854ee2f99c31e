import { productJsonLd } from '@/lib/seo/product-json-ld';
import type { Product } from '@/lib/catalog/types';

export function ProductJsonLd({ product, images, offers }: { product: Product; images: string[]; offers: boolean }) {
  // '<' is escaped so that no product text can close the script element.
  const json = JSON.stringify(productJsonLd(product, images, offers)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
