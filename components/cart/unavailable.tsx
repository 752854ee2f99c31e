'use client';
import { useEffect, useState } from 'react';
import Link from '@/components/shop/shop-link';
import { LINE_UNAVAILABLE_LABEL, UNAVAILABLE_CHECKOUT_NOTE } from '@/lib/cart/constants';
import type { CartItem } from '@/lib/cart/types';
import { readLeadTime, type LeadTime } from '@/lib/catalog/lead-time';

export interface CartProductFacts {
  unavailable: ReadonlySet<string>;
  /** When each product on sale ships, by lower-case id. */
  leadTimes: ReadonlyMap<string, LeadTime>;
}

/** The answer's lead times, each checked (a product the answer has none for shows none). */
function leadTimesOf(body: unknown): Map<string, LeadTime> {
  const found = new Map<string, LeadTime>();
  if (!body || typeof body !== 'object') return found;
  for (const [id, v] of Object.entries(body as Record<string, unknown>)) {
    const lt = v && typeof v === 'object' ? (v as { kind?: unknown; min?: unknown; max?: unknown }) : {};
    const read = readLeadTime({ lead_time_kind: lt.kind, lead_time_min: lt.min, lead_time_max: lt.max });
    if (read) found.set(id, read);
  }
  return found;
}

/**
 * The cart's products that can no longer be bought, and when the others ship, asked of the server once the stored
 * cart is read and whenever its products change. A failed question labels nothing: the checkout still refuses such a
 * line.
 */
export function useCartProductFacts(items: readonly CartItem[], ready: boolean): CartProductFacts {
  const ids = [...new Set(items.map((i) => i.productId.toLowerCase()))].sort().join(',');
  const [facts, setFacts] = useState<CartProductFacts>({ unavailable: new Set(), leadTimes: new Map() });
  useEffect(() => {
    if (!ready || !ids) return;
    const controller = new AbortController();
    fetch(`/api/cart/availability?ids=${encodeURIComponent(ids)}`, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ unavailable?: unknown; leadTimes?: unknown }>) : null))
      .then((body) => {
        if (body && Array.isArray(body.unavailable)) setFacts({ unavailable: new Set(body.unavailable.map(String)), leadTimes: leadTimesOf(body.leadTimes) });
      })
      .catch(() => {});
    return () => controller.abort();
  }, [ids, ready]);
  return facts;
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
