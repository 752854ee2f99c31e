'use client';
// Toasts load on demand: sonner stays out of every page's first load. notify() queues a toast and
// loads sonner at once; otherwise it loads when the browser is idle after the page's load event, so code that
// calls sonner's toast() directly still finds a toaster mounted. This host itself comes after the load event
// (components/ui/toaster.tsx).
import { useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { toastQueue, type Show } from './toast-queue';

type Sonner = typeof import('sonner');

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

export function ToasterHost() {
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => {
    let started = false;
    toastQueue.load = () => {
      if (started) return;
      started = true;
      import('sonner').then(setSonner, () => {
        started = false;
      });
    };
    if (toastQueue.pending.length > 0) toastQueue.load();
    const idle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => toastQueue.load?.());
      else setTimeout(() => toastQueue.load?.(), 1);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => {
      toastQueue.load = null;
      window.removeEventListener('load', idle);
    };
  }, []);

  useEffect(() => {
    if (!sonner) return;
    // The Toaster below has subscribed in its own effect (a child's effects run first).
    const show = (fn: Show) => fn(sonner.toast);
    toastQueue.deliver = show;
    for (const fn of toastQueue.pending.splice(0)) show(fn);
    return () => {
      toastQueue.deliver = null;
    };
  }, [sonner]);

  if (!sonner) return null;
  const { Toaster } = sonner;
  // Success 2 s, error 4 s (set per toast), at most 20 shown.
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
