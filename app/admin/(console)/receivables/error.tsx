'use client';
import { ScreenError } from '@/components/admin/screen-state';

export default function ReceivablesError({ reset }: { error: Error; reset: () => void }) {
  return <ScreenError title="Error Loading Receivables" retry={reset} />;
}
