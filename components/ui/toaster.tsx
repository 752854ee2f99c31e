'use client';
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branch (components/ui/after-load) */
import { afterLoad } from './after-load';

// Every toast of the shop and the back office goes through here (never sonner's own `toast`).
export { notify, toast } from './toast-queue';

/** The toaster: it draws nothing until the first toast, so its code comes after the page's load event. */
export const LazyToaster = afterLoad(
  () => import('./toaster-host').then((m) => m.ToasterHost),
  typeof window === 'undefined' ? () => (require('./toaster-host') as typeof import('./toaster-host')).ToasterHost : null,
);
