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

export function ListingEmpty() {
  return (
    <div className="rounded-sm border border-dashed border-stone-line px-6 py-16 text-center">
      <p className="font-serif text-2xl text-ink">{LISTING_TEXT.emptyTitle}</p>
      <p className="mt-2 text-sm text-stone-muted">{LISTING_TEXT.emptyHint}</p>
    </div>
  );
}
