'use client';
import { Search } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';

const SearchOverlay = dynamic(() => import('./search-overlay'), { ssr: false });
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
        <Search aria-hidden className="size-5" />
      </button>
      {loaded && <SearchOverlay open={open} onOpenChange={setOpen} returnFocus={button} />}
    </>
  );
}
