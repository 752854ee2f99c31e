import type { Metadata } from 'next';
import { SearchResults } from '@/components/shop/search/search-results';
import { parseSearchQuery, type SearchParamsRecord } from '@/lib/catalog/listing-params';
import { SEARCH_TEXT } from '@/lib/catalog/listing-labels';

// Rendered per request (it reads the query, and /search pages carry a nonce-based CSP); results are never cached
// per term.
type Props = { searchParams: Promise<SearchParamsRecord> };

export const metadata: Metadata = {
  title: SEARCH_TEXT.pageTitle,
  description: 'Search the wholesale catalog by name, SKU, material or stone.',
  robots: { index: false, follow: true },
};

export default async function SearchPage({ searchParams }: Props) {
  return <SearchResults query={parseSearchQuery(await searchParams)} />;
}
