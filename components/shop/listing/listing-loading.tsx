import { LISTING_TEXT } from '@/lib/catalog/listing-labels';
import { CardSkeletons } from './listing-states';

/** The listing's loading state: 'Loading products...' with skeleton cards in the grid's shape. */
export function ListingLoading() {
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8" aria-busy="true">
      <div className="border-b border-stone-line pb-8 pt-10 text-center sm:pt-14">
        <div className="mx-auto h-10 w-64 animate-pulse rounded bg-ivory-deep sm:h-12" />
        <div className="mx-auto mt-4 h-4 w-80 max-w-full animate-pulse rounded bg-ivory-deep" />
      </div>
      <div className="mt-8 lg:grid lg:grid-cols-[12rem_1fr] lg:gap-12">
        <div className="hidden lg:block" />
        <div>
          <p role="status" className="mb-8 flex h-10 items-center text-sm text-stone-muted">
            {LISTING_TEXT.loading}
          </p>
          <CardSkeletons />
        </div>
      </div>
    </div>
  );
}
