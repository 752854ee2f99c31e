import { NotFoundMessage } from '@/components/shop/content/not-found-message';

/** A malformed listing view of a real category (/category/rings/7.bogus.all): 'Page Not Found'. */
export default function ListingViewNotFound() {
  return <NotFoundMessage />;
}
