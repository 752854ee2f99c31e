import { notFound } from 'next/navigation';
import { ListingHeading } from '@/components/shop/listing/listing-view';
import { ListingError } from '@/components/shop/listing/listing-states';
import { categoryListing } from '@/lib/catalog/listing-spec';

/**
 * An unknown category answers 404 with 'Invalid table … for category …' under the listing's error heading,
 * drawn here on the server (a not-found boundary is not given the params, and a client one cost every listing page
 * its code). The listing's layout below throws notFound(), which ./not-found.tsx catches with nothing to add; a
 * slug that cannot even be decoded is the shop's plain 404.
 */
export default async function CategoryLayout({ children, params }: { children: React.ReactNode; params: Promise<{ category: string }> }) {
  const listing = categoryListing((await params).category);
  if (!listing) notFound();
  if (!listing.invalid) return children;
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <ListingHeading title={listing.spec.title} />
        <div className="mt-8">
          <ListingError message={listing.invalid} />
        </div>
      </div>
      {children}
    </>
  );
}
