// Visible wording of listings, cards and search results. Pure and client-safe.
import { formatDollars } from '../core/format/money';

export const LISTING_TEXT = {
  allTitle: 'All Products',
  allSubtitle: 'Every ring, necklace, bracelet, earring and body piece in our wholesale catalog.',
  newTitle: 'New Arrivals',
  newSubtitle: 'The latest pieces from our workshop.',
  mensTitle: "Men's Collection",
  mensSubtitle: 'Rings, chains and bracelets with a stronger line.',
  loading: 'Loading products...',
  error: 'Error loading products',
  emptyTitle: 'No products found',
  emptyHint: 'Try adjusting your filters or search criteria.',
} as const;

export const SEARCH_TEXT = {
  heading: 'Search Products',
  placeholder: 'Search for products...',
  prompt: 'Start typing to search for products',
  pageTitle: 'Search Results',
} as const;

/**
 * A number of results as shown: as counted ('133'), or with a '+' when the count stopped at its cap
 * ('10,000+'); `capped` comes from search counts (SEARCH_COUNT_CAP), listings are always exact.
 */
export function resultCount(total: number, capped = false): string {
  return capped ? `${total.toLocaleString('en-US')}+` : String(total);
}

const results = (total: number, capped: boolean) => `${resultCount(total, capped)} ${total === 1 && !capped ? 'result' : 'results'}`;

/** The overlay's way to the full results on /search. */
export function seeAllLabel(total: number, capped = false): string {
  return `See all ${results(total, capped)}`;
}

/** The mobile filter drawer's closing button: how many products the chosen filters leave. */
export function showResultsLabel(total: number, capped = false): string {
  return `Show ${results(total, capped)}`;
}

/** The search page's subtitle. */
export function resultsForLabel(q: string): string {
  return `Results for “${q}”`;
}

/** /search?q=…, the page that lists every match. */
export function searchPageHref(q: string): string {
  return `/search?q=${encodeURIComponent(q.trim())}`;
}

export function showingLabel(from: number, to: number, total: number, capped = false): string {
  return `Showing ${from}-${to} of ${resultCount(total, capped)} results`;
}

/** 'Found 1 result', 'Found 12 results', 'Found 10,000+ results'. */
export function foundLabel(count: number, capped = false): string {
  return `Found ${results(count, capped)}`;
}

export function skuLabel(sku: string | null | undefined): string {
  return `SKU: ${sku?.trim() || 'N/A'}`;
}

/** 'From $12.50' from the lowest positive price; null when the product has no price yet. */
export function fromPriceLabel(price: number | null | undefined): string | null {
  return price !== null && price !== undefined && price > 0 ? `From ${formatDollars(price)}` : null;
}
