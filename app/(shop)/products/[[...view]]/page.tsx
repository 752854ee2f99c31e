import type { Metadata } from 'next';
import { ListingPage, listingPageMetadata, listingState } from '@/components/shop/listing/listing-page';
import { ALL_PRODUCTS } from '@/lib/catalog/listing-spec';

// /products serves page 1; the middleware rewrites ?page=, ?sort= and ?material= to /products/{state}. Each view is
// rendered on its first request and then served from the cache (ISR).
export const revalidate = 300;
export const generateStaticParams = () => [];

type Props = { params: Promise<{ view?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return listingPageMetadata(listingState(ALL_PRODUCTS, (await params).view));
}

export default async function ProductsPage({ params }: Props) {
  return <ListingPage state={listingState(ALL_PRODUCTS, (await params).view)} />;
}
