'use client';
import { useEffect } from 'react';

/** Blocks the context menu and dragging on images across the site (a light deterrent against copying photos). */
export function ImageGuard() {
  useEffect(() => {
    const block = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('img')) event.preventDefault();
    };
    document.addEventListener('contextmenu', block);
    document.addEventListener('dragstart', block);
    return () => {
      document.removeEventListener('contextmenu', block);
      document.removeEventListener('dragstart', block);
    };
  }, []);
  return null;
}
