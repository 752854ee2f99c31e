'use client';
import { useEffect, useRef } from 'react';

// A filter or sort change renders the listing under another route segment, so React mounts its controls afresh.
// The control that made the change is remembered here; on mount it takes focus back, and the filter drawer it sat
// in opens again, so keyboard and screen-reader users keep their place.
export interface ListingControl {
  id: string;
  inDrawer: boolean;
}

const FRESH_MS = 10_000;
let pending: (ListingControl & { at: number }) | null = null;

export function rememberListingControl(control: ListingControl): void {
  pending = { ...control, at: Date.now() };
}

function fresh(): ListingControl | null {
  if (pending && Date.now() - pending.at > FRESH_MS) pending = null;
  return pending;
}

/** Whether the filter drawer was open when its control changed the listing. */
export function drawerWasOpen(): boolean {
  return fresh()?.inDrawer === true;
}

/** Closing the drawer before the listing has re-rendered: the Filters button gets focus then, not the drawer. */
export function listingDrawerClosed(): void {
  if (fresh()?.inDrawer) pending = { id: FILTERS_BUTTON, inDrawer: false, at: Date.now() };
}

export const FILTERS_BUTTON = 'filters';

/** Registers controls by id (through the returned ref factory) and focuses the remembered one on mount. */
export function useListingControlFocus(inDrawer: boolean) {
  const elements = useRef(new Map<string, HTMLElement>());
  useEffect(() => {
    const control = fresh();
    if (!control || control.inDrawer !== inDrawer) return;
    const element = elements.current.get(control.id);
    if (!element) return;
    pending = null;
    element.focus({ preventScroll: true });
  }, [inDrawer]);
  return (id: string) => (element: HTMLElement | null) => {
    if (element) elements.current.set(id, element);
    else elements.current.delete(id);
  };
}
