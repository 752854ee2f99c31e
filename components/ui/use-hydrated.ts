'use client';
import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and until the component has hydrated: a button whose code comes after the page's load
 * event is drawn disabled until then, so an early tap waits rather than being lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
