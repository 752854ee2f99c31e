import { LISTING_TEXT } from '@/lib/catalog/listing-labels';
import { ListingErrorBox } from './listing-error-box';

export function ListingError({ message }: { message: string }) {
  return <ListingErrorBox heading={LISTING_TEXT.error} message={message} />;
}

export function ListingEmpty() {
  return (
    <div className="rounded-sm border border-dashed border-stone-line px-6 py-16 text-center">
      <p className="font-serif text-2xl text-ink">{LISTING_TEXT.emptyTitle}</p>
      <p className="mt-2 text-sm text-stone-muted">{LISTING_TEXT.emptyHint}</p>
    </div>
  );
}

/** Placeholder cards while a listing loads. */
export function CardSkeletons({ count = 8 }: { count?: number }) {
  return (
    <ul aria-hidden className="grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3 lg:grid-cols-4 lg:gap-x-6">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="skel-card" />
      ))}
    </ul>
  );
}
