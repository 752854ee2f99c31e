import { notFound } from 'next/navigation';
import { contentPageExists } from '@/lib/content/pages';
import { parsePriceViewSegment } from '@/lib/purchase/price-view';

// Checked above the page's loading boundary: once the skeleton streams, the status can no longer become 404.
export default async function ContentPageLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ slug: string }>;
}) {
  const { slug } = await params;
  // A price view's segment is the home page's (components/shop/home/home-page.tsx); only the middleware leads there.
  if (!parsePriceViewSegment(slug) && !(await contentPageExists(slug))) notFound();
  return children;
}
