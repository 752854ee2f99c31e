'use client';
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branches (components/ui/after-load) */
import { afterLoad } from '@/components/ui/after-load';

// The header's small islands, their code after the page's load event (their HTML, under 500 bytes each, drawn in
// place by the server). The buttons stay disabled until then; the links navigate as plain links.
export const DeferredSearchButton = afterLoad(
  () => import('../search/search-button').then((m) => m.SearchButton),
  typeof window === 'undefined' ? () => (require('../search/search-button') as typeof import('../search/search-button')).SearchButton : null,
);
export const DeferredMobileMenu = afterLoad(
  () => import('./mobile-menu').then((m) => m.MobileMenu),
  typeof window === 'undefined' ? () => (require('./mobile-menu') as typeof import('./mobile-menu')).MobileMenu : null,
);
export const DeferredCartLink = afterLoad(
  () => import('./cart-link').then((m) => m.CartLink),
  typeof window === 'undefined' ? () => (require('./cart-link') as typeof import('./cart-link')).CartLink : null,
);
export const DeferredAccountLink = afterLoad(
  () => import('./account-link').then((m) => m.AccountLink),
  typeof window === 'undefined' ? () => (require('./account-link') as typeof import('./account-link')).AccountLink : null,
);
export const DeferredMenuController = afterLoad(
  () => import('./menu-controller').then((m) => m.MenuController),
  typeof window === 'undefined' ? () => (require('./menu-controller') as typeof import('./menu-controller')).MenuController : null,
);
