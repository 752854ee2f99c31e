import { ScreenSkeleton } from '@/components/admin/skeleton';
import { PRICE_GROUPS_TITLE } from '@/lib/admin/price-groups/labels';

export default function Loading() {
  return <ScreenSkeleton title={PRICE_GROUPS_TITLE} blocks={2} />;
}
