'use client';
import { lazy, Suspense, type ReactNode } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';
import { useSignedIn } from './use-signed-in';

// The sheet and its links load on first hover, focus or tap: they stay out of every page's first load.
// React.lazy rather than next/dynamic: its loader code would join every page's first load.
const MenuSheet = lazy(() => import('./mobile-menu-sheet'));
const preload = () => void import('./mobile-menu-sheet');

/** The mobile menu toggle (its icon drawn by the server) and its full-height sheet with the same links as the desktop header. */
export function MobileMenu({ children }: { children: ReactNode }) {
  const accountHref = useSignedIn() ? '/dashboard' : '/login';
  const { open, setOpen, loaded, button, trigger } = useLazyDialog(preload);
  const hydrated = useHydrated();

  return (
    <>
      <button {...trigger} disabled={!hydrated} aria-label="Open menu" className="icon-btn lg:hidden">
        {children}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MenuSheet open={open} onOpenChange={setOpen} returnFocus={button} accountHref={accountHref} />
        </Suspense>
      )}
    </>
  );
}
