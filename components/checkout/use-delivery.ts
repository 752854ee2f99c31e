'use client';
// Shipping and tax for the shipping address as it is typed: asked of the server (lib/checkout/delivery.ts) a moment
// after the address is complete or the method changes. The Pay button waits while an answer is due, so the buyer
// pays only a total they have seen.
import { useEffect, useState } from 'react';
import type { Address } from '@/lib/checkout/address';
import { CHECKOUT_DELIVERY_PATH, type CheckoutErrorResponse, type DeliveryQuote } from '@/lib/checkout/api';

const WAIT_MS = 350;
const FAILED = 'Shipping and tax could not be worked out just now. Please try again.';

export type DeliveryState =
  /** The shipping address is not complete yet. */
  | { status: 'idle' }
  /** An answer is due; `previous` is the last one, shown meanwhile. */
  | { status: 'loading'; previous: DeliveryQuote | null }
  | { status: 'ready'; quote: DeliveryQuote }
  | { status: 'failed'; message: string };

function addressKey(a: Address): string | null {
  const parts = [a.country, a.state, a.postal_code, a.city, a.address_line1].map((p) => p.trim());
  return parts.every(Boolean) ? parts.join('\u0000') : null;
}

export function useDelivery(checkoutId: string, shipping: Address, methodId: string | null) {
  const key = addressKey(shipping);
  const wanted = key === null ? null : `${key}\u0000${methodId ?? ''}`;
  const [answer, setAnswer] = useState<{ for: string; state: DeliveryState } | null>(null);

  useEffect(() => {
    if (wanted === null) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(CHECKOUT_DELIVERY_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ checkoutId, shipping, methodId }),
          signal: controller.signal,
        });
        const body = (await res.json().catch(() => ({}))) as { delivery?: DeliveryQuote } & CheckoutErrorResponse;
        setAnswer({ for: wanted, state: res.ok && body.delivery ? { status: 'ready', quote: body.delivery } : { status: 'failed', message: body.error || FAILED } });
      } catch {
        if (!controller.signal.aborted) setAnswer({ for: wanted, state: { status: 'failed', message: FAILED } });
      }
    }, WAIT_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `shipping` is read through `wanted`, which holds every part the answer depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, checkoutId]);

  const state: DeliveryState = wanted === null ? { status: 'idle' } : answer?.for === wanted
        ? answer.state
        : { status: 'loading', previous: answer?.state.status === 'ready' ? answer.state.quote : null };
  /** Sets the answer the address save gave (its total changed): shown until the address or method changes. */
  const settle = (quote: DeliveryQuote) => {
    if (wanted !== null) setAnswer({ for: wanted, state: { status: 'ready', quote } });
  };
  return { state, settle };
}
