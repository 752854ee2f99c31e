import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SearchResults } from '@/components/shop/search/search-results';
import { SEARCH_TEXT } from '@/lib/catalog/listing-labels';
import { searchViewOf } from '@/lib/catalog/search-state';
import { splitPriceView } from '@/lib/purchase/price-view-paths';

// /search shows the prompt; the middleware rewrites /search?q= (with ?page=, ?sort=, ?material=) to /search/{state}.
// Each search is rendered on its first request and then served from the cache until the catalog changes
// (lib/catalog/search-state.ts).
export const revalidate = 300;
export const generateStaticParams = () => [];

type Props = { params: Promise<{ view?: string[] }> };

export const metadata: Metadata = {
  title: SEARCH_TEXT.pageTitle,
  description: 'Search the wholesale catalog by name, SKU, material or stone.',
  robots: { index: false, follow: true },
};

export default async function SearchPage({ params }: Props) {
  // The last segment may be a price view's (lib/purchase/price-view-paths.ts).
  const { rest, view: prices } = splitPriceView((await params).view);
  const view = searchViewOf(rest);
  if (!view) notFound();
  return <SearchResults view={view} prices={prices} />;
}
