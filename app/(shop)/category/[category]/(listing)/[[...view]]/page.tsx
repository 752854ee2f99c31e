import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListingPage, listingPageMetadata, listingState } from '@/components/shop/listing/listing-page';
import { categoryListing } from '@/lib/catalog/listing-spec';

// /category/{slug} serves page 1; the middleware rewrites ?page=, ?sort= and ?material= to /category/{slug}/{state}.
// Each view is rendered on its first request and then served from the cache (ISR).
export const revalidate = 300;
export const generateStaticParams = () => [];

type Props = { params: Promise<{ category: string; view?: string[] }> };

/** The layout has already answered 404 for an unknown category; this narrows the type. */
async function stateOf(params: Props['params']) {
  const { category, view } = await params;
  const listing = categoryListing(category);
  if (!listing || listing.invalid) notFound();
  return listingState(listing.spec, view);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return listingPageMetadata(await stateOf(params));
}

export default async function CategoryPage({ params }: Props) {
  return <ListingPage state={await stateOf(params)} />;
}
