'use client';
import { useRouter } from 'next/navigation';
import { useOptimistic, useTransition } from 'react';
import { listingHref, type AnyListingQuery } from '@/lib/catalog/listing-params';
import { rememberListingControl, type ListingControl } from './listing-focus';

/**
 * Filter and sort changes replace the URL (no history entry per click) and keep the scroll position. The controls
 * show the choice at once (optimistic) while the server renders the new page, and quick successive changes build on
 * each other rather than on the URL that has not arrived yet.
 */
export function useListingNavigation<Q extends AnyListingQuery>(basePath: string, query: Q) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [shown, show] = useOptimistic(query, (current: Q, change: Partial<Q>) => ({ ...current, ...change }));
  const go = (change: Partial<Q>, control: ListingControl) =>
    startTransition(() => {
      rememberListingControl(control);
      show(change);
      router.replace(listingHref(basePath, shown, change), { scroll: false });
    });
  return { go, pending, query: shown };
}
