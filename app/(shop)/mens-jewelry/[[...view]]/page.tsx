import type { Metadata } from 'next';
import { ListingPage, listingPageMetadata, listingState } from '@/components/shop/listing/listing-page';
import { MENS_JEWELRY } from '@/lib/catalog/listing-spec';

// /mens-jewelry serves page 1; the middleware rewrites ?page=, ?sort= and ?material= to /mens-jewelry/{state}. Each view is
// rendered on its first request and then served from the cache (ISR).
export const revalidate = 300;
export const generateStaticParams = () => [];

type Props = { params: Promise<{ view?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return listingPageMetadata(listingState(MENS_JEWELRY, (await params).view));
}

export default async function MensJewelryPage({ params }: Props) {
  return <ListingPage state={listingState(MENS_JEWELRY, (await params).view)} />;
}
