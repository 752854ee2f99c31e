'use client';
import { Loader2 } from 'lucide-react';
import { useLinkStatus } from 'next/link';

/**
 * Inside a <Link>: a spinner while the screen it leads to is loading. The dashboard and orders screens have no
 * route-level loading state (Next 15.5 can drop a search-parameter navigation that has one), so the link shows it.
 */
export function LinkPending({ className = 'ml-1.5 size-3.5' }: { className?: string }) {
  const { pending } = useLinkStatus();
  return pending ? <Loader2 aria-hidden className={`inline shrink-0 animate-spin ${className}`} /> : null;
}
