import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getListingOutcome, isPastLastPage, type ListingOutcome } from '@/lib/catalog/listing';
import { priceCards } from '@/lib/purchase/page-prices';
import { splitPriceView } from '@/lib/purchase/price-view-paths';
import type { ListingQuery } from '@/lib/catalog/listing-params';
import type { ListingSpec } from '@/lib/catalog/listing-spec';
import { decodeListingState, DEFAULT_LISTING_QUERY } from '@/lib/catalog/listing-state';
import { listingMetadata } from '@/lib/seo/metadata';
import { ListingView } from './listing-view';

/**
 * The view named by a listing route's optional {state} segment (after which the middleware may add a price view's,
 * lib/purchase/price-view-paths.ts); anything but the canonical spelling is not a page.
 */
export function viewQuery(view: string[] | undefined): ListingQuery {
  const { rest } = splitPriceView(view);
  if (rest.length === 0) return DEFAULT_LISTING_QUERY;
  const query = rest.length === 1 ? decodeListingState(decodeURIComponent(rest[0]!)) : null;
  if (!query) notFound();
  return query;
}

export function listingPageMetadata(spec: ListingSpec, query: ListingQuery = DEFAULT_LISTING_QUERY): Metadata {
  return listingMetadata({
    title: spec.title,
    description: spec.description,
    basePath: spec.basePath,
    page: query.page,
    noindex: spec.noindex,
  });
}

/**
 * A listing route's body: reads one page of the listing and renders it (or its error state). A page past the last
 * is the route's 404 (its not-found.tsx shows 'No products found').
 */
export async function ListingPage({ spec, segments }: { spec: ListingSpec; segments?: string[] }) {
  const query = viewQuery(segments);
  const outcome = await getListingOutcome(spec.scope, query);
  if (outcome.ok && isPastLastPage(outcome.page)) notFound();
  const priced: ListingOutcome = outcome.ok
    ? { ok: true, page: { ...outcome.page, items: await priceCards(splitPriceView(segments).view, outcome.page.items) } }
    : outcome;
  return <ListingView title={spec.title} subtitle={spec.subtitle} basePath={spec.basePath} query={query} outcome={priced} />;
}
