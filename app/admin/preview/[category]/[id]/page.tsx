import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { ProductDetail } from '@/components/product/product-detail';
import { PreviewBanner } from '@/components/product/preview-banner';
import { Footer } from '@/components/shop/footer/footer';
import { Header } from '@/components/shop/header/header';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { categoryFromRoute, CATEGORY_INFO, productPath } from '@/lib/catalog/categories';
import { getProductPreview } from '@/lib/catalog/preview';
import { PREVIEW_BANNER } from '@/lib/catalog/preview-rules';
import { pagePriceView } from '@/lib/purchase/page-prices';

// Staff's view of a product buyers cannot see: rendered per request for the signed-in admin and never cached
// (Next answers it private, no-store), so a draft never reaches a shared cache.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ category: string; id: string }> };

export const metadata: Metadata = { title: 'Product preview', robots: { index: false, follow: false } };

export default async function Page({ params }: Props) {
  const { actor } = await requireAdminPage();
  const { category: segment, id } = await params;
  const category = categoryFromRoute(segment);
  if (!category) notFound();
  const preview = await getProductPreview(actor, category, id);
  if (!preview) notFound();
  // An active product is the shop's own page.
  if (preview.status === 'active') redirect(productPath(category, preview.detail.product.id));
  return (
    <>
      <Header />
      <PreviewBanner text={PREVIEW_BANNER[preview.status]} backHref={`/admin/${CATEGORY_INFO[category].route}?edit=${preview.detail.product.id}`} />
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        <ProductDetail detail={preview.detail} view={await pagePriceView(null)} terms={null} />
      </main>
      <Footer />
    </>
  );
}
