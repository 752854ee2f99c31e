'use client';
import { lazy, Suspense, type ReactNode } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';

// React.lazy rather than next/dynamic: its loader code would join every page's first load.
const SearchOverlay = lazy(() => import('./search-overlay'));
const preload = () => void import('./search-overlay');

/** The header's search button (its icon drawn by the server); the overlay's code loads on first hover, focus or click. */
export function SearchButton({ children }: { children: ReactNode }) {
  const { open, setOpen, loaded, button, trigger } = useLazyDialog(preload);
  const hydrated = useHydrated();
  return (
    <>
      <button {...trigger} disabled={!hydrated} aria-label="Search products" className="icon-btn">
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
