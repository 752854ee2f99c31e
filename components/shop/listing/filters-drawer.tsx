'use client';
import { SlidersHorizontal } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { lazy, Suspense, useRef, useState } from 'react';
import { showResultsLabel } from '@/lib/catalog/listing-labels';
import type { AnyListingQuery } from '@/lib/catalog/listing-params';
import { drawerWasOpen, FILTERS_BUTTON, listingDrawerClosed, useListingControlFocus } from './listing-focus';
import { MaterialFilter } from './material-filter';

// React.lazy rather than next/dynamic: its loader code would join every page's first load.
const Sheet = lazy(() => import('../header/sheet'));
const preload = () => void import('../header/sheet');

/** Mobile: the Filters button and its drawer with the material filter. */
interface FiltersDrawerProps {
  basePath: string;
  query: AnyListingQuery;
  /** Products the current filters leave; null when the listing failed. */
  total: number | null;
  /** The total is a search count that stopped at its cap ('10,000+'). */
  capped?: boolean;
}

export function FiltersDrawer({ basePath, query, total, capped = false }: FiltersDrawerProps) {
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
        <Icon node={SlidersHorizontal} aria-hidden className="size-4" />
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
            <MaterialFilter basePath={basePath} query={query} inDrawer />
            {total !== null && (
              <button
                type="button"
                onClick={() => {
                  listingDrawerClosed();
                  setOpen(false);
                }}
                className="tabular mt-8 inline-flex h-12 w-full items-center justify-center rounded-sm bg-ink px-6 text-sm font-medium tracking-wide text-ivory transition-colors hover:bg-gold-dark"
              >
                {showResultsLabel(total, capped)}
              </button>
            )}
          </Sheet>
        </Suspense>
      )}
    </>
  );
}
