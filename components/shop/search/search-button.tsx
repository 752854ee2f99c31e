'use client';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';

// React.lazy rather than next/dynamic: its loader code would join every page's first load.
const SearchOverlay = lazy(() => import('./search-overlay'));
const preload = () => void import('./search-overlay');

/** The header's search button (its icon drawn by the server); the overlay's code loads on first hover, focus or click. */
export function SearchButton({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  return (
    <>
      <button
        ref={button}
        type="button"
        disabled={!hydrated}
        aria-label="Search products"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="icon-btn"
      >
        {children}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SearchOverlay open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
