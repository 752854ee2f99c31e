'use client';
import { RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';

/** A screen that failed to load: its heading (the wording, e.g. 'Error Loading Orders') and a Retry button. */
export function ScreenError({ title, retry }: { title: string; retry: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="adm-panel mx-auto max-w-lg text-center outline-none">
      <h1 className="adm-h1">{title}</h1>
      <p className="adm-muted mt-2">The data could not be loaded. Please try again.</p>
      <button type="button" onClick={retry} className="adm-btn mt-4">
        <RefreshCw aria-hidden className="size-4" /> Retry
      </button>
    </div>
  );
}
