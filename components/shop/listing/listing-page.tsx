import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getListingOutcome, isPastLastPage, type ListingOutcome } from '@/lib/catalog/listing';
import { priceCards } from '@/lib/purchase/page-prices';
import type { ListingQuery } from '@/lib/catalog/listing-params';
import type { ListingSpec } from '@/lib/catalog/listing-spec';
import { decodeListingView } from '@/lib/catalog/listing-state';
import type { PriceView } from '@/lib/purchase/price-view';
import { splitPriceView } from '@/lib/purchase/price-view-paths';
import { listingMetadata } from '@/lib/seo/metadata';
import { ListingView } from './listing-view';

/** A listing route's whole state, parsed once: what it lists, which view of it, and the price view it is drawn for. */
export interface ListingState {
  spec: ListingSpec;
  query: ListingQuery;
  /** The middleware's price view segment (lib/purchase/price-view-paths.ts); null: the anonymous view. */
  prices: PriceView | null;
}

// Per request: the page and its metadata share one parse (the spec is a constant, or categoryListing's, itself cached).
const parseState = cache((spec: ListingSpec, ...segments: string[]): ListingState | null => {
  const { rest, view } = splitPriceView(segments);
  const query = decodeListingView(rest);
  return query && { spec, query, prices: view };
});

/** The state of a listing route; a view path not spelt canonically is not a page (the middleware sends it elsewhere). */
export function listingState(spec: ListingSpec, segments: string[] = []): ListingState {
  const state = parseState(spec, ...segments);
  if (!state) notFound();
  return state;
}

export function listingPageMetadata({ spec, query }: ListingState): Metadata {
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
export async function ListingPage({ state: { spec, query, prices } }: { state: ListingState }) {
  const outcome = await getListingOutcome(spec.scope, query);
  if (outcome.ok && isPastLastPage(outcome.page)) notFound();
  const priced: ListingOutcome = outcome.ok
    ? { ok: true, page: { ...outcome.page, items: await priceCards(prices, outcome.page.items) } }
    : outcome;
  return <ListingView title={spec.title} subtitle={spec.subtitle} basePath={spec.basePath} query={query} outcome={priced} />;
}
