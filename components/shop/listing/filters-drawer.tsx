'use client';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { AnyListingQuery } from '@/lib/catalog/listing-params';
import { drawerWasOpen, FILTERS_BUTTON, listingDrawerClosed, useListingControlFocus } from './listing-focus';
import { MaterialFilter, type MaterialOption } from './material-filter';

// React.lazy rather than next/dynamic: its loader code would join every page's first load.
const Sheet = lazy(() => import('../header/sheet'));
const preload = () => void import('../header/sheet');

/** Mobile: the Filters button and its drawer with the material filter. */
interface FiltersDrawerProps {
  basePath: string;
  query: AnyListingQuery;
  /** The closing button's 'Show {n} results' for what the current filters leave; null when the listing failed. */
  showResults: string | null;
  materials: MaterialOption[];
  /** The button's icon, drawn by the server. */
  icon: ReactNode;
}

export function FiltersDrawer({ basePath, query, showResults, materials, icon }: FiltersDrawerProps) {
  // A choice made in the drawer re-renders the listing; the drawer stays open for the next one.
  const [open, setOpen] = useState(drawerWasOpen);
  const [loaded, setLoaded] = useState(open);
  const button = useRef<HTMLButtonElement>(null);
  const control = useListingControlFocus(false);
  const active = query.materials.length;
  return (
    <>
      <button
        ref={(element) => {
          button.current = element;
          control(FILTERS_BUTTON)(element);
        }}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="inline-flex h-10 items-center gap-2 rounded-sm border border-stone-line px-4 text-sm text-ink hover:border-stone-muted lg:hidden"
      >
        {icon}
        Filters
        {active > 0 && (
          <span className="tabular inline-flex min-w-5 justify-center rounded-full bg-ink px-1.5 text-[11px] leading-5 text-ivory">
            {active}
          </span>
        )}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <Sheet
            open={open}
            onOpenChange={(next) => {
              if (!next) listingDrawerClosed();
              setOpen(next);
            }}
            title="Filters"
            returnFocus={button}
          >
            <MaterialFilter basePath={basePath} query={query} materials={materials} inDrawer />
            {showResults !== null && (
              <button
                type="button"
                onClick={() => {
                  listingDrawerClosed();
                  setOpen(false);
                }}
                className="tabular mt-8 inline-flex h-12 w-full items-center justify-center rounded-sm bg-ink px-6 text-sm font-medium tracking-wide text-ivory transition-colors hover:bg-gold-dark"
              >
                {showResults}
              </button>
            )}
          </Sheet>
        </Suspense>
      )}
    </>
  );
}
