// Visible wording of listings, cards and search results (SPEC §2). Pure and client-safe.
import { formatDollars } from '../format/money';
import { DEFAULT_MOQ } from './categories';

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

/** The overlay's way to the full results on /search. */
export function seeAllLabel(total: number): string {
  return `See all ${total} ${total === 1 ? 'result' : 'results'}`;
}

/** The mobile filter drawer's closing button: how many products the chosen filters leave. */
export function showResultsLabel(total: number): string {
  return `Show ${total} ${total === 1 ? 'result' : 'results'}`;
}

/** The search page's subtitle. */
export function resultsForLabel(q: string): string {
  return `Results for “${q}”`;
}

/** /search?q=…, the page that lists every match. */
export function searchPageHref(q: string): string {
  return `/search?q=${encodeURIComponent(q.trim())}`;
}

export function showingLabel(from: number, to: number, total: number): string {
  return `Showing ${from}-${to} of ${total} results`;
}

/** 'Found 1 result', 'Found 12 results'. */
export function foundLabel(count: number): string {
  return `Found ${count} ${count === 1 ? 'result' : 'results'}`;
}

export function skuLabel(sku: string | null | undefined): string {
  return `SKU: ${sku?.trim() || 'N/A'}`;
}

export function moqLabel(moq: number | null | undefined): string {
  return `MOQ: ${moq && moq > 0 ? moq : DEFAULT_MOQ}`;
}

/** 'From $12.50' from the lowest positive price; null when the product has no price yet. */
export function fromPriceLabel(price: number | null | undefined): string | null {
  return price !== null && price !== undefined && price > 0 ? `From ${formatDollars(price)}` : null;
}
