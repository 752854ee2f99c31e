import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListingPage, listingPageMetadata, viewQuery } from '@/components/shop/listing/listing-page';
import { categoryParam, categorySpec } from '@/lib/catalog/listing-spec';

// /category/{slug} serves page 1; the middleware rewrites ?page=, ?sort= and ?material= to /category/{slug}/{state}.
// Each view is rendered on its first request and then served from the cache (ISR).
export const revalidate = 300;
export const generateStaticParams = () => [];

type Props = { params: Promise<{ category: string; view?: string[] }> };

/** The decoded slug; the layout has already answered 404 for an unknown one. */
function knownSlug(raw: string): string {
  const param = categoryParam(raw);
  if (!('slug' in param)) notFound();
  return param.slug;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { category, view } = await params;
  return listingPageMetadata(categorySpec(knownSlug(category)), viewQuery(view));
}

export default async function CategoryPage({ params }: Props) {
  const { category, view } = await params;
  return <ListingPage spec={categorySpec(knownSlug(category))} segments={view} />;
}
