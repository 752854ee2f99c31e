import { notFound } from 'next/navigation';
import { ListingHeading } from '@/components/shop/listing/listing-view';
import { ListingError } from '@/components/shop/listing/listing-states';
import { categoryParam } from '@/lib/catalog/listing-spec';
import { categoryTitle } from '@/lib/catalog/slugs';

/**
 * An unknown category answers 404 with 'Invalid table … for category …' under the listing's error heading,
 * drawn here on the server (a not-found boundary is not given the params, and a client one cost every listing page
 * its code). The listing's layout below throws notFound(), which ./not-found.tsx catches with nothing to add; a
 * slug that cannot even be decoded is the shop's plain 404.
 */
export default async function CategoryLayout({ children, params }: { children: React.ReactNode; params: Promise<{ category: string }> }) {
  const raw = (await params).category;
  const param = categoryParam(raw);
  if ('slug' in param) return children;
  if (param.invalid === null) notFound();
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <ListingHeading title={categoryTitle(decodeURIComponent(raw))} />
        <div className="mt-8">
          <ListingError message={param.invalid} />
        </div>
      </div>
      {children}
    </>
  );
}
