'use client';
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branch (components/ui/after-load) */
import { afterLoad } from '@/components/ui/after-load';

/**
 * The card's corner button, its code after the page's load event: it stays disabled until the cart rules (which
 * also load then) are ready anyway, and its small HTML is drawn in place by the server.
 */
export const DeferredCardCartButton = afterLoad(
  () => import('./card-cart-button').then((m) => m.CardCartButton),
  typeof window === 'undefined' ? () => (require('./card-cart-button') as typeof import('./card-cart-button')).CardCartButton : null,
);
