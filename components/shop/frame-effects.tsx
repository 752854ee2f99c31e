'use client';
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branches (components/ui/after-load) */
import { afterLoad } from '@/components/ui/after-load';

// Effects of the shop frame that draw nothing and are not needed before the page has loaded.
export const DeferredImageGuard = afterLoad(
  () => import('./image-guard').then((m) => m.ImageGuard),
  typeof window === 'undefined' ? () => (require('./image-guard') as typeof import('./image-guard')).ImageGuard : null,
);
export const DeferredScrollToTop = afterLoad(
  () => import('./scroll-to-top').then((m) => m.ScrollToTop),
  typeof window === 'undefined' ? () => (require('./scroll-to-top') as typeof import('./scroll-to-top')).ScrollToTop : null,
);
