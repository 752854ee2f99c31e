'use client';
import { AlertCircle, Loader2 } from 'lucide-react';
import Link from '@/components/shop/shop-link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCart } from '@/components/cart/cart-context';
import { cartSubtotalCents } from '@/lib/cart/totals';
import type { CheckoutPrefill } from '@/lib/account/types';
import type { CartItem } from '@/lib/cart/types';
import { CHECKOUT_SESSION_PATH, type CheckoutErrorResponse, type CheckoutSessionResponse } from '@/lib/checkout/api';
import { EMPTY_CART_MESSAGE, NOT_READY_MESSAGE, setupFailedMessage } from '@/lib/checkout/errors';
import type { QuantityRuleUpdate } from '@/lib/cart/corrections';
import { CartCorrections } from '@/components/cart/cart-corrections';
import { CheckoutForm } from './checkout-form';

export interface CheckoutViewProps {
  publishableKey: string;
  /** The offline Stripe stand-in's URL; null with live Stripe keys. */
  standInApiBase: string | null;
  /** A signed-in customer's saved details; null for guests. */
  prefill?: CheckoutPrefill | null;
  /** Paying for a quote: priced from the quote record, and the cart is left as it is. */
  quote?: { id: string; reference: string; token: string | null; backHref: string } | null;
}

type Setup =
  | { state: 'waiting' }
  | { state: 'empty' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'correct'; rules: QuantityRuleUpdate[]; message: string }
  | { state: 'ready'; session: CheckoutSessionResponse };

const noop = () => {};
const linkClass = 'text-sm text-ink-soft underline underline-offset-4 hover:text-ink';

function cartLines(items: CartItem[]) {
  return items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    specifications: {
      stoneType: item.specifications.stoneType ?? null,
      size: item.specifications.size ?? null,
      style: item.specifications.style ?? null,
    },
  }));
}

async function requestSession(items: CartItem[], quote: CheckoutViewProps['quote']): Promise<Setup> {
  try {
    const res = await fetch(quote ? `/api/quotes/${quote.id}/checkout` : CHECKOUT_SESSION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(quote ? { token: quote.token } : { lines: cartLines(items) }),
    });
    const body = (await res.json().catch(() => ({}))) as Partial<CheckoutSessionResponse> & CheckoutErrorResponse;
    if (!res.ok) {
      if (body.code === 'empty_cart') return { state: 'empty' };
      const rules = (body.details as { rules?: QuantityRuleUpdate[] } | undefined)?.rules;
      if (body.code === 'quantity_not_allowed' && Array.isArray(rules)) {
        return { state: 'correct', rules, message: setupFailedMessage(body.error) };
      }
      return { state: 'failed', message: setupFailedMessage(body.error) };
    }
    if (!body.clientSecret || !body.paymentIntentId) return { state: 'failed', message: NOT_READY_MESSAGE };
    return { state: 'ready', session: body as CheckoutSessionResponse };
  } catch (err) {
    return { state: 'failed', message: setupFailedMessage(err instanceof Error ? err.message : null) };
  }
}

export function CheckoutView({ publishableKey, standInApiBase, prefill = null, quote = null }: CheckoutViewProps) {
  const { items, ready, clearCart, applyRules } = useCart();
  const [setup, setSetup] = useState<Setup>({ state: 'waiting' });
  // One payment session per visit, also under React's double-invoked effects in development.
  const started = useRef<Promise<Setup> | null>(null);
  // The cart is corrected to the server's quantity rules once per visit; a second refusal is shown as it is.
  const corrected = useRef(false);

  const start = useCallback(() => {
    started.current = requestSession(items, quote);
    setSetup({ state: 'loading' });
    void started.current.then((result) => {
      if (result.state !== 'correct') return setSetup(result);
      if (corrected.current) return setSetup({ state: 'failed', message: result.message });
      // The cart's snapshot predates the product's pack size or MOQ: round it, say so, and ask again.
      corrected.current = true;
      started.current = null;
      applyRules(result.rules);
    });
  }, [items, applyRules, quote]);

  useEffect(() => {
    if (started.current) return;
    // A quote is paid at its own prices, whatever the cart holds.
    if (quote) return start();
    if (!ready) return;
    if (items.length === 0 || cartSubtotalCents(items) <= 0) {
      setSetup({ state: 'empty' });
      return;
    }
    start();
  }, [ready, items, start, quote]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl sm:text-4xl">{quote ? `Checkout: quote ${quote.reference}` : 'Checkout'}</h1>
        <Link href={quote ? quote.backHref : '/cart'} className={linkClass}>
          {quote ? 'Back to your quote' : 'Return to cart'}
        </Link>
      </div>
      {!quote && <CartCorrections className="mt-6" />}
      {setup.state === 'ready' ? (
        <CheckoutForm
          session={setup.session}
          publishableKey={publishableKey}
          standInApiBase={standInApiBase}
          prefill={prefill}
          onPaid={quote ? noop : clearCart}
        />
      ) : setup.state === 'empty' ? (
        <div className="mt-10 rounded-lg border border-stone-line bg-white p-8 text-center">
          <p role="alert" className="text-lg">
            {EMPTY_CART_MESSAGE}
          </p>
          <Link
            href="/products"
            className="btn-primary mt-6"
          >
            Start Shopping
          </Link>
        </div>
      ) : setup.state === 'failed' ? (
        <div className="mt-10 rounded-lg border border-red-200 bg-red-50 p-6" role="alert">
          <p className="flex items-start gap-2 text-red-800">
            <AlertCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
            {setup.message}
          </p>
          <button
            type="button"
            onClick={start}
            className="mt-4 inline-flex h-10 items-center rounded-md border border-stone-line bg-white px-4 text-sm hover:bg-ivory-deep"
          >
            Try again
          </button>
        </div>
      ) : (
        <p className="mt-16 flex items-center justify-center gap-3 text-stone-muted" role="status" aria-live="polite">
          <Loader2 aria-hidden className="size-5 animate-spin" />
          Setting up payment...
        </p>
      )}
    </div>
  );
}
