'use client';
import { lazyErrorBoundary } from '@/components/ui/lazy-error-boundary';

/** error.tsx of the listing routes: 'Error loading products' with the message and a retry, loaded when shown. */
export const ListingErrorBoundary = lazyErrorBoundary(() => import('./listing-error-body'));
