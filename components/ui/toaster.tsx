'use client';
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branch (components/ui/after-load) */
import { afterLoad } from './after-load';

export { notify } from './toast-queue';

/** The toaster: it draws nothing until the first toast, so its code comes after the page's load event. */
export const LazyToaster = afterLoad(
  () => import('./toaster-host').then((m) => m.ToasterHost),
  typeof window === 'undefined' ? () => (require('./toaster-host') as typeof import('./toaster-host')).ToasterHost : null,
);
