import { ContentSkeleton } from '@/components/shop/content/content-article';

export default function Loading() {
  return <ContentSkeleton />;
}
