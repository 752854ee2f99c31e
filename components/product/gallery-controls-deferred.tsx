'use client';
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branch (components/ui/after-load) */
import { afterLoad } from '@/components/ui/after-load';

/** The gallery's controls: they draw nothing, so their code comes after the page's load event. */
export const DeferredGalleryControls = afterLoad(
  () => import('./gallery-controls').then((m) => m.GalleryControls),
  typeof window === 'undefined' ? () => (require('./gallery-controls') as typeof import('./gallery-controls')).GalleryControls : null,
);
