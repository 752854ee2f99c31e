'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';
import type { Material } from '@/lib/catalog/categories';
import type { AnyListingQuery } from '@/lib/catalog/listing-params';
import { changedView, listingSearch } from '@/lib/catalog/listing-search';
import { focusRememberedControl, rememberListingControl } from './listing-focus';

const MATERIAL_BOXES = 'input[data-listing="material"]';

/** The view the controls ask for as they stand (sidebar, drawer and sort), back on page 1. */
function chosenView(query: AnyListingQuery): AnyListingQuery {
  const boxes = Array.from(document.querySelectorAll<HTMLInputElement>(MATERIAL_BOXES));
  const on = new Set(boxes.filter((b) => b.checked).map((b) => b.value));
  // The sidebar comes first in the document, in the canonical order; the drawer repeats it.
  const materials = [...new Set(boxes.map((b) => b.value))].filter((m) => on.has(m)) as Material[];
  const sort = document.querySelector<HTMLSelectElement>('select[data-listing="sort"]')?.value ?? query.sort;
  return changedView(query, { materials, sort: sort as AnyListingQuery['sort'] });
}

/**
 * The listing's one client controller for its server-drawn material filter (sidebar and drawer), sort select and
 * 'Clear filters': a change replaces the URL (no history entry per click, scroll kept) with the view the controls
 * show, so quick successive changes build on each other. While the server renders it, the page carries
 * data-listing-pending ('Loading products...', dimmed controls; see shell.css). Draws nothing itself.
 */
export function ListingControls({ basePath, query }: { basePath: string; query: AnyListingQuery }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const shown = useRef(query);
  shown.current = query;

  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-listing-pending', pending);
    return () => root.removeAttribute('data-listing-pending');
  }, [pending]);

  useEffect(() => {
    const viewKey = (q: AnyListingQuery) => listingSearch({ ...q, page: 1 });
    const go = (control: Element | null, inDrawer: boolean) => {
      const id = control instanceof HTMLElement ? control.dataset.listingId : undefined;
      if (id) rememberListingControl({ id, inDrawer });
      const href = basePath + listingSearch(chosenView(shown.current));
      startTransition(() => router.replace(href, { scroll: false }));
    };
    const onChange = (event: Event) => {
      const control = event.target;
      if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement) || !control.dataset.listing) return;
      if (control instanceof HTMLInputElement) {
        for (const twin of document.querySelectorAll<HTMLInputElement>(`${MATERIAL_BOXES}[value="${control.value}"]`)) {
          twin.checked = control.checked;
        }
      }
      go(control, control.closest('[role="dialog"]') !== null);
    };
    const onClick = (event: MouseEvent) => {
      const clear = event.target instanceof Element ? event.target.closest('[data-listing="clear"]') : null;
      if (!clear) return;
      const boxes = document.querySelectorAll<HTMLInputElement>(MATERIAL_BOXES);
      for (const box of boxes) box.checked = false;
      const inDrawer = clear.closest('[role="dialog"]') !== null;
      // Focus goes to the first box of the same place once the listing has re-rendered.
      go(Array.from(boxes).find((b) => (b.closest('[role="dialog"]') !== null) === inDrawer) ?? null, inDrawer);
    };
    document.addEventListener('change', onChange);
    document.addEventListener('click', onClick);
    // A choice made before this code ran (the controls are plain HTML until then) still counts.
    if (viewKey(chosenView(shown.current)) !== viewKey(shown.current)) go(null, false);
    else focusRememberedControl(false, document);
    return () => {
      document.removeEventListener('change', onChange);
      document.removeEventListener('click', onClick);
    };
  }, [basePath, router]);

  return null;
}
