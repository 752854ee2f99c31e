'use client';
import { ScreenError } from '@/components/admin/screen-state';

export default function ConsoleError({ reset }: { error: Error; reset: () => void }) {
  return <ScreenError title="Something went wrong" retry={reset} />;
}
