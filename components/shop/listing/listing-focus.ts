// A filter or sort change renders the listing under another route segment, so React mounts its controls afresh.
// The control that made the change is remembered here (by its data-listing-id); once the new listing has mounted,
// that control takes focus back, and the filter drawer it sat in opens again, so keyboard and screen-reader users
// keep their place.
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

/** Focuses the remembered control if it belongs in `root` (the drawer, or the page outside it); true if it did. */
export function focusRememberedControl(inDrawer: boolean, root: ParentNode): boolean {
  const control = fresh();
  if (!control || control.inDrawer !== inDrawer) return false;
  const element = root.querySelector<HTMLElement>(`[data-listing-id="${control.id}"]`);
  if (!element) return false;
  pending = null;
  element.focus({ preventScroll: true });
  return true;
}
