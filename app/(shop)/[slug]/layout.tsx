import { notFound } from 'next/navigation';
import { contentPageExists } from '@/lib/content/pages';

// Checked above the page's loading boundary: once the skeleton streams, the status can no longer become 404.
export default async function ContentPageLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ slug: string }>;
}) {
  const { slug } = await params;
  if (!(await contentPageExists(slug))) notFound();
  return children;
}
