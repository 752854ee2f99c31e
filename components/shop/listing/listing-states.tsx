import { LISTING_TEXT } from '@/lib/catalog/listing-labels';

/** 'Error loading products' with the message (a failed listing query, or an unknown category). */
export function ListingError({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-sm border border-red-200 bg-red-50/60 px-6 py-10 text-center">
      <p className="font-serif text-2xl text-red-900">{LISTING_TEXT.error}</p>
      <p className="mt-2 text-sm text-red-900/80">{message}</p>
    </div>
  );
}

/** 'No products found' with its hint; the page's heading where it is the whole page (ListingPastEnd). */
export function ListingEmpty({ asHeading = false }: { asHeading?: boolean }) {
  const Title = asHeading ? 'h1' : 'p';
  return (
    <div className="rounded-sm border border-dashed border-stone-line px-6 py-16 text-center">
      <Title className="font-serif text-2xl text-ink">{LISTING_TEXT.emptyTitle}</Title>
      <p className="mt-2 text-sm text-stone-muted">{LISTING_TEXT.emptyHint}</p>
    </div>
  );
}

/**
 * A page number past a listing's last page: the 404 of each listing route (its not-found.tsx), showing the listing's
 * empty state. A not-found boundary is not given the route's params, so it names no listing.
 */
export function ListingPastEnd() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <ListingEmpty asHeading />
    </div>
  );
}
