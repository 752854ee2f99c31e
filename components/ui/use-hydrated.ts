'use client';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while hydrating it, true once hydrated (and at once for parts mounted later): a
 * button whose code comes after the page's load event is drawn disabled until then, so an early tap waits rather
 * than being lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
