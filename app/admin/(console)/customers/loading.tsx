import { ScreenSkeleton } from '@/components/admin/skeleton';

export default function Loading() {
  return <ScreenSkeleton title="Customers" blocks={2} />;
}
