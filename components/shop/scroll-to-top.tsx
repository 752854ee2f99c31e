'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** Smoothly scrolls to the top whenever the route or the listing page changes (instant with reduced motion). */
export function ScrollToTop() {
  const pathname = usePathname();
  const page = useSearchParams().get('page');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [pathname, page]);

  return null;
}
