import { productJsonLd } from '@/lib/seo/product-json-ld';
import type { Product } from '@/lib/catalog/types';

export function ProductJsonLd({ product, images }: { product: Product; images: string[] }) {
  // '<' is escaped so that no product text can close the script element.
  const json = JSON.stringify(productJsonLd(product, images)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
