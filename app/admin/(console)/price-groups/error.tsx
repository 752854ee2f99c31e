'use client';
import { ScreenError } from '@/components/admin/screen-state';
import { LOAD_FAILED } from '@/lib/admin/price-groups/labels';

export default function PriceGroupsError({ reset }: { error: Error; reset: () => void }) {
  return <ScreenError title={LOAD_FAILED} retry={reset} />;
}
