import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { CATEGORY_INFO, productPath, type Category } from '@/lib/catalog/categories';
import { getProductRoute } from '@/lib/catalog/product';
import { metaDescription } from '@/lib/purchase/options';
import { ProductDetail } from './product-detail';
import { pagePriceView, pageTerms } from '@/lib/purchase/page-prices';
import { splitPriceView } from '@/lib/purchase/price-view-paths';

// Metadata and page share one lookup per request.
const resolve = cache(getProductRoute);

/**
 * A detail route: the product, a redirect to its own category's route, or the route's not-found page. Its only
 * further segment is a price view's (lib/purchase/price-view-paths.ts).
 */
export async function ProductRoutePage({ category, id, segments }: { category: Category | null; id: string; segments?: string[] }) {
  const { rest, view: named } = splitPriceView(segments);
  if (rest.length > 0) notFound();
  const route = await resolve(category, id);
  if (route.kind === 'redirect') redirect(route.to);
  if (route.kind === 'not-found') notFound();
  const view = await pagePriceView(named);
  return <ProductDetail detail={route.detail} view={view} terms={await pageTerms(view, [route.detail.product.id])} />;
}

export async function productMetadata(category: Category | null, id: string): Promise<Metadata> {
  const route = await resolve(category, id);
  if (route.kind !== 'found') return { title: 'Product Not Found', robots: { index: false, follow: true } };
  const { product, images } = route.detail;
  const canonical = productPath(product.category, product.id);
  const description = metaDescription(product, CATEGORY_INFO[product.category]);
  const image = images[0]?.image_url ?? product.image_url;
  const ogImages = image ? [{ url: image, alt: product.name }] : undefined;
  return {
    title: product.name,
    description,
    alternates: { canonical },
    openGraph: { type: 'website', url: canonical, title: product.name, description, images: ogImages },
    twitter: { card: image ? 'summary_large_image' : 'summary', title: product.name, description, images: image ? [image] : undefined },
  };
}
