import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ContentArticle } from '@/components/shop/content/content-article';
import { markdownText } from '@/lib/content/markdown';
import { getContentPage } from '@/lib/content/pages';
import { describe, pageMetadata } from '@/lib/seo/metadata';
import { logError } from '@/lib/core/log';
import { HOME_METADATA, HomePage } from '@/components/shop/home/home-page';
import { parsePriceViewSegment } from '@/lib/purchase/price-view';

// Each page is rendered on its first request and served from the cache (ISR); edits revalidate the 'content' tag.
export const revalidate = 300;
export const generateStaticParams = () => [];

type Props = { params: Promise<{ slug: string }> };

async function load(slug: string) {
  try {
    return await getContentPage(slug);
  } catch (err) {
    // An error shows the same 'Page Not Found' as a missing page.
    logError('Content page query failed', err);
    return null;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  if (parsePriceViewSegment(slug)) return HOME_METADATA;
  const page = await load(slug);
  if (!page) notFound();
  return pageMetadata({
    title: page.title,
    description: describe(markdownText(page.content) || page.title),
    path: `/${page.slug}`,
  });
}

export default async function ContentPageRoute({ params }: Props) {
  const { slug } = await params;
  // The home page in a signed-in buyer's price view (components/shop/home/home-page.tsx).
  const prices = parsePriceViewSegment(slug);
  if (prices) return <HomePage prices={prices} />;
  const page = await load(slug);
  if (!page) notFound();
  return <ContentArticle title={page.title} content={page.content} lastUpdated={page.lastUpdated} />;
}
