'use client';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';
import { drawerWasOpen, FILTERS_BUTTON, focusRememberedControl, listingDrawerClosed } from './listing-focus';

// React.lazy rather than next/dynamic: its loader code would join every page's first load.
const Dialog = lazy(() => import('@/components/ui/dialog'));
const preload = () => void import('@/components/ui/dialog');

/** Mobile: the Filters button and its drawer with the material filter. */
interface FiltersDrawerProps {
  /** How many materials are chosen (the button's badge). */
  active: number;
  /** The closing button's 'Show {n} results' for what the current filters leave; null when the listing failed. */
  showResults: string | null;
  /** The button's icon, drawn by the server. */
  icon: ReactNode;
  /** The material filter, drawn by the server (ListingControls acts on it). */
  children: ReactNode;
}

/** Inside the drawer: gives focus back to the control that changed the listing (before Radix focuses the first one). */
function RestoreFocus() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const dialog = marker.current?.closest('[role="dialog"]');
    if (dialog) focusRememberedControl(true, dialog);
  }, []);
  return <span ref={marker} hidden />;
}

export function FiltersDrawer({ active, showResults, icon, children }: FiltersDrawerProps) {
  // A choice made in the drawer re-renders the listing; the drawer stays open for the next one.
  const { open, setOpen, loaded, button, trigger } = useLazyDialog(preload, drawerWasOpen);
  return (
    <>
      <button {...trigger} data-listing-id={FILTERS_BUTTON} className="filters-btn">
        {icon}
        Filters
        {active > 0 && (
          <span className="filters-count">
            {active}
          </span>
        )}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <Dialog
            kind="left"
            open={open}
            onOpenChange={(next) => {
              if (!next) listingDrawerClosed();
              setOpen(next);
            }}
            title="Filters"
            returnFocus={button}
          >
            {children}
            <RestoreFocus />
            {showResults !== null && (
              <button
                type="button"
                onClick={() => {
                  listingDrawerClosed();
                  setOpen(false);
                }}
                className="filters-done"
              >
                {showResults}
              </button>
            )}
          </Dialog>
        </Suspense>
      )}
    </>
  );
}
