import type { Metadata } from 'next';
import { ListingPage, listingPageMetadata, listingState } from '@/components/shop/listing/listing-page';
import { NEW_ARRIVALS } from '@/lib/catalog/listing-spec';

// /new-arrivals serves page 1; the middleware rewrites ?page=, ?sort= and ?material= to /new-arrivals/{state}. Each view is
// rendered on its first request and then served from the cache (ISR).
export const revalidate = 300;
export const generateStaticParams = () => [];

type Props = { params: Promise<{ view?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return listingPageMetadata(listingState(NEW_ARRIVALS, (await params).view));
}

export default async function NewArrivalsPage({ params }: Props) {
  return <ListingPage state={listingState(NEW_ARRIVALS, (await params).view)} />;
}
