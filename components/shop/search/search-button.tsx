'use client';
import { Search } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { lazy, Suspense, useRef, useState } from 'react';

// React.lazy rather than next/dynamic: its loader code would join every page's first load.
const SearchOverlay = lazy(() => import('./search-overlay'));
const preload = () => void import('./search-overlay');

/** The header's search button; the overlay's code loads on first hover, focus or click. */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
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
        <Icon node={Search} aria-hidden className="size-5" />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SearchOverlay open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
