import { notFound } from 'next/navigation';
import { categoryListing } from '@/lib/catalog/listing-spec';

// Checked above the listing's loading boundary (once the skeleton streams, the status can no longer become 404): an
// unknown category is a 404, shown by ../not-found.tsx (the boundary above this layout) with its 'Invalid table …'
// message, and never cached.
export default async function CategoryLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ category: string }>;
}) {
  const listing = categoryListing((await params).category);
  if (!listing || listing.invalid) notFound();
  return children;
}
