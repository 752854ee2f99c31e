'use client';
import { Menu } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';

// The sheet and its links load on first hover, focus or tap: they stay out of every page's first load.
const MenuSheet = dynamic(() => import('./mobile-menu-sheet'), { ssr: false });
const preload = () => void import('./mobile-menu-sheet');

/** The mobile menu toggle and its full-height sheet with the same links as the desktop header. */
export function MobileMenu({ accountHref }: { accountHref: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-label="Open menu"
        aria-expanded={open}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="icon-btn lg:hidden"
      >
        <Menu aria-hidden className="size-5" />
      </button>
      {loaded && (
        <MenuSheet open={open} onOpenChange={setOpen} returnFocus={toggle} accountHref={accountHref} />
      )}
    </>
  );
}
