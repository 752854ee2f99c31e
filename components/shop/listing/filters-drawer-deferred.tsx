'use client';
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branch (components/ui/after-load) */
import { afterLoad } from '@/components/ui/after-load';

/**
 * The mobile Filters button and drawer, their code after the page's load event: the button's small HTML is drawn
 * in place and stays disabled until then (the sidebar's filter, on wide screens, loads with the page).
 */
export const DeferredFiltersDrawer = afterLoad(
  () => import('./filters-drawer').then((m) => m.FiltersDrawer),
  typeof window === 'undefined' ? () => (require('./filters-drawer') as typeof import('./filters-drawer')).FiltersDrawer : null,
);
