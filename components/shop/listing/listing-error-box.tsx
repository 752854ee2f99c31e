/**
 * The listing's error state, with its heading passed in: the error boundaries (client code) pass
 * LISTING_ERROR_HEADING rather than import lib/catalog/listing-labels, whose whole module (with the category
 * table) would join every listing page's first-load JavaScript.
 */
export function ListingErrorBox({ heading, message }: { heading: string; message: string }) {
  return (
    <div role="alert" className="rounded-sm border border-red-200 bg-red-50/60 px-6 py-10 text-center">
      <p className="font-serif text-2xl text-red-900">{heading}</p>
      <p className="mt-2 text-sm text-red-900/80">{message}</p>
    </div>
  );
}

/** SPEC §2's words, the same as LISTING_TEXT.error (tests/unit/listing-error-heading.test.ts holds them equal). */
export const LISTING_ERROR_HEADING = 'Error loading products';
