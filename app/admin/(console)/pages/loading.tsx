import { ScreenSkeleton } from '@/components/admin/skeleton';

export default function Loading() {
  return <ScreenSkeleton title="Content Pages" blocks={4} />;
}
