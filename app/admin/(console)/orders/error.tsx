'use client';
import { ScreenError } from '@/components/admin/screen-state';

export default function OrdersError({ reset }: { error: Error; reset: () => void }) {
  return <ScreenError title="Error Loading Orders" retry={reset} />;
}
