'use client';
// A 404 under /category: for an unknown category (thrown by (listing)/layout.tsx), SPEC's 'Invalid table … for
// category …' under the listing's error heading; for a malformed listing view of a real category, 'Page Not Found'.
import { useParams } from 'next/navigation';
import { NotFoundMessage } from '@/components/shop/content/not-found-message';
import { ListingHeading } from '@/components/shop/listing/listing-view';
import { ListingError } from '@/components/shop/listing/listing-states';
import { categoryParam } from '@/lib/catalog/listing-spec';
import { categoryTitle } from '@/lib/catalog/slugs';

export default function CategoryNotFound() {
  const raw = useParams<{ category?: string }>()?.category ?? '';
  const param = categoryParam(raw);
  if ('slug' in param || param.invalid === null) return <NotFoundMessage />;
  const slug = decodeURIComponent(raw);
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
      <ListingHeading title={categoryTitle(slug)} />
      <div className="mt-8">
        <ListingError message={param.invalid} />
      </div>
    </div>
  );
}
