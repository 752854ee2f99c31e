'use client';
import { TryAgainButton } from '@/components/ui/try-again-button';
import { useLogError, type ErrorBoundaryProps } from '@/components/ui/lazy-error-boundary';
import { LISTING_ERROR_HEADING, ListingErrorBox } from './listing-error-box';

/** error.tsx body of the listing routes: 'Error loading products' with the message, and a retry. */
export default function ListingErrorBody({ error, reset }: ErrorBoundaryProps) {
  useLogError(error);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <ListingErrorBox heading={LISTING_ERROR_HEADING} message={error.message} />
      <div className="mt-6 text-center">
        <TryAgainButton onClick={reset} />
      </div>
    </div>
  );
}
