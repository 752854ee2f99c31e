'use client';
import { ScreenError } from '@/components/admin/screen-state';

export default function CustomersError({ reset }: { error: Error; reset: () => void }) {
  return <ScreenError title="Error Loading Customers" retry={reset} />;
}
