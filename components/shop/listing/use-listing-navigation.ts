'use client';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { listingHref, type ListingQuery } from '@/lib/catalog/listing-params';

/** Filter and sort changes replace the URL (no history entry per click) and keep the scroll position. */
export function useListingNavigation(basePath: string, query: ListingQuery) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const go = (change: Partial<ListingQuery>) =>
    startTransition(() => router.replace(listingHref(basePath, query, change), { scroll: false }));
  return { go, pending };
}
