'use client';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toaster';
import { ScreenError } from '@/components/admin/screen-state';

export default function CategoryError({ reset }: { error: Error; reset: () => void }) {
  useEffect(() => {
    toast.error('Failed to load products');
  }, []);
  return <ScreenError title="Error Loading Products" retry={reset} />;
}
