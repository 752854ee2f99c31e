'use client';
import { useEffect, useState } from 'react';
import Link from '@/components/shop/shop-link';
import { LINE_UNAVAILABLE_LABEL, UNAVAILABLE_CHECKOUT_NOTE } from '@/lib/cart/constants';
import type { CartItem } from '@/lib/cart/types';

/**
 * The cart's products that can no longer be bought, asked of the server once the stored cart is read and whenever
 * its products change. A failed question labels nothing: the checkout still refuses such a line.
 */
export function useUnavailableProducts(items: readonly CartItem[], ready: boolean): ReadonlySet<string> {
  const ids = [...new Set(items.map((i) => i.productId.toLowerCase()))].sort().join(',');
  const [unavailable, setUnavailable] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!ready || !ids) return;
    const controller = new AbortController();
    fetch(`/api/cart/availability?ids=${encodeURIComponent(ids)}`, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ unavailable?: unknown }>) : null))
      .then((body) => {
        if (body && Array.isArray(body.unavailable)) setUnavailable(new Set(body.unavailable.map(String)));
      })
      .catch(() => {});
    return () => controller.abort();
  }, [ids, ready]);
  return unavailable;
}

/** Proceed to Checkout, or, while a line cannot be bought, the same button disabled. */
export function CheckoutButton({ blocked, className }: { blocked: boolean; className: string }) {
  if (!blocked) {
    return (
      <Link href="/checkout" className={className}>
        Proceed to Checkout
      </Link>
    );
  }
  return (
    <button type="button" disabled aria-describedby="cart-unavailable-note" className={`${className} cursor-not-allowed opacity-50`}>
      Proceed to Checkout
    </button>
  );
}

export function UnavailableNote({ className = '' }: { className?: string }) {
  return (
    <p id="cart-unavailable-note" role="status" className={`rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 ${className}`}>
      {UNAVAILABLE_CHECKOUT_NOTE}
    </p>
  );
}

export function UnavailableLabel() {
  return (
    <p className="mt-1 inline-block rounded bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800" data-testid="line-unavailable">
      {LINE_UNAVAILABLE_LABEL}
    </p>
  );
}
