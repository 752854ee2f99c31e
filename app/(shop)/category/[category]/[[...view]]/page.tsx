import type { Metadata } from 'next';
import { ListingPage, listingPageMetadata, viewQuery } from '@/components/shop/listing/listing-page';
import { categorySpec } from '@/lib/catalog/listing-spec';

// /category/{slug} serves page 1; the middleware rewrites ?page=, ?sort= and ?material= to /category/{slug}/{state}.
// Each view is rendered on its first request and then served from the cache (ISR).
export const revalidate = 300;
export const generateStaticParams = () => [];

type Props = { params: Promise<{ category: string; view?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { category, view } = await params;
  return listingPageMetadata(categorySpec(decodeURIComponent(category)), viewQuery(view));
}

export default async function CategoryPage({ params }: Props) {
  const { category, view } = await params;
  return <ListingPage spec={categorySpec(decodeURIComponent(category))} query={viewQuery(view)} />;
}
