'use client';
// Toasts load on demand: sonner (about 10 kB) stays out of every page's first load. notify() and `toast` queue a
// toast and load the toaster at once; otherwise it loads when the browser is idle after the page's load event.
// Every toast of the shop and the back office goes through here (never sonner's own `toast`).
import { useEffect, useState } from 'react';
import type { toast as sonnerToast, ToasterProps } from 'sonner';

type Sonner = typeof import('sonner');
type Show = (toast: typeof sonnerToast) => void;

const queue: Show[] = [];
let deliver: ((show: Show) => void) | null = null;
let load: (() => void) | null = null;

/** Shows a toast through sonner's `toast` once the toaster is there: `notify((t) => t.success('Added to cart'))`. */
export function notify(show: Show): void {
  if (deliver) return deliver(show);
  queue.push(show);
  load?.();
}

/** Below the sticky header (64 px on phones, 72 px from the lg breakpoint) with a small gap. */
const PHONE_TOP_PX = 72;
const WIDE_TOP_PX = 88;

/**
 * Just below the sticky header: centred across a phone, at the right on wider screens. Nothing of the header (menu,
 * search, cart) is covered, nor the product and cart pages' buttons, which sit lower or in a bottom bar.
 */
function placement(): Pick<ToasterProps, 'position' | 'offset' | 'mobileOffset'> {
  // sonner applies mobileOffset below 600 px wide.
  const wide = window.matchMedia('(min-width: 600px)').matches;
  return wide
    ? { position: 'top-right', offset: { top: WIDE_TOP_PX, right: 24 } }
    : { position: 'top-center', mobileOffset: { top: PHONE_TOP_PX, left: 12, right: 12 } };
}

export function LazyToaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => {
    let started = false;
    load = () => {
      if (started) return;
      started = true;
      import('sonner').then(setSonner, () => {
        started = false;
      });
    };
    if (queue.length > 0) load();
    const idle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => load?.());
      else setTimeout(() => load?.(), 1);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => {
      load = null;
      window.removeEventListener('load', idle);
    };
  }, []);

  useEffect(() => {
    if (!sonner) return;
    // The Toaster below has subscribed in its own effect (a child's effects run first).
    const show = (fn: Show) => fn(sonner.toast);
    deliver = show;
    for (const fn of queue.splice(0)) show(fn);
    return () => {
      deliver = null;
    };
  }, [sonner]);

  if (!sonner) return null;
  const { Toaster } = sonner;
  // SPEC §9: success 2 s, error 4 s (set per toast), at most 20 shown.
  return (
    <Toaster
      {...placement()}
      duration={2000}
      visibleToasts={20}
      closeButton
      className="shop-toaster"
      toastOptions={{ className: 'shop-toast' }}
    />
  );
}

/** sonner's success and error toasts through the queue: `toast.success('Profile updated')`. */
export const toast = {
  success: (...args: Parameters<typeof sonnerToast.success>) => notify((t) => t.success(...args)),
  error: (...args: Parameters<typeof sonnerToast.error>) => notify((t) => t.error(...args)),
};
