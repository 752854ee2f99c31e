import { ScreenSkeleton } from '@/components/admin/skeleton';

export default function Loading() {
  return <ScreenSkeleton title="Shop Settings" blocks={5} />;
}
