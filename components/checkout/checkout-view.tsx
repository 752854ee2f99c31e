'use client';
import { AlertCircle, Loader2, Lock } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from '@/components/shop/shop-link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useCart } from '@/components/cart/cart-context';
import type { CheckoutPrefill } from '@/lib/account/types';
import type { CartItem } from '@/lib/cart/types';
import {
  emptyAddress,
  validateCheckoutAddresses,
  type Address,
  type AddressErrors,
  type AddressField,
} from '@/lib/checkout/address';
import {
  CHECKOUT_ADDRESS_PATH,
  CHECKOUT_SESSION_PATH,
  type CheckoutErrorResponse,
  type CheckoutSessionResponse,
} from '@/lib/checkout/api';
import { billingDetails } from '@/lib/checkout/browser-payment';
import {
  ADDRESS_BANNER,
  ADDRESS_SAVE_FAILED,
  EMPTY_CART_MESSAGE,
  NOT_READY_MESSAGE,
  PAYMENT_FAILED_FALLBACK,
  setupFailedMessage,
} from '@/lib/checkout/errors';
import { formatCents } from '@/lib/core/format/money';
import { AddressFieldset } from './address-fieldset';
import { OrderSummary } from './order-summary';
import type { PaymentMethodHandle } from './payment-method';
import { TestCardForm } from './test-card-form';

// Stripe.js loads from js.stripe.com: only fetched with live keys, never offline.
const StripePayment = dynamic(() => import('./stripe-payment'), {
  ssr: false,
  loading: () => <p className="text-sm text-stone-muted">Loading payment form...</p>,
});

export interface CheckoutViewProps {
  publishableKey: string;
  /** The offline Stripe stand-in's URL; null with live Stripe keys. */
  standInApiBase: string | null;
  /** A signed-in customer's saved details; null for guests. */
  prefill?: CheckoutPrefill | null;
}

type Setup =
  | { state: 'waiting' }
  | { state: 'empty' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; session: CheckoutSessionResponse };

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

async function requestSession(items: CartItem[]): Promise<Setup> {
  try {
    const res = await fetch(CHECKOUT_SESSION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: cartLines(items) }),
    });
    const body = (await res.json().catch(() => ({}))) as Partial<CheckoutSessionResponse> & CheckoutErrorResponse;
    if (!res.ok) {
      if (body.code === 'empty_cart') return { state: 'empty' };
      return { state: 'failed', message: setupFailedMessage(body.error) };
    }
    if (!body.clientSecret || !body.paymentIntentId) return { state: 'failed', message: NOT_READY_MESSAGE };
    return { state: 'ready', session: body as CheckoutSessionResponse };
  } catch (err) {
    return { state: 'failed', message: setupFailedMessage(err instanceof Error ? err.message : null) };
  }
}

export function CheckoutView({ publishableKey, standInApiBase, prefill = null }: CheckoutViewProps) {
  const { items, subtotal, ready, clearCart } = useCart();
  const [setup, setSetup] = useState<Setup>({ state: 'waiting' });
  // One payment session per visit, also under React's double-invoked effects in development.
  const started = useRef<Promise<Setup> | null>(null);

  const start = useCallback(() => {
    started.current = requestSession(items);
    setSetup({ state: 'loading' });
    void started.current.then(setSetup);
  }, [items]);

  useEffect(() => {
    if (!ready || started.current) return;
    if (items.length === 0 || subtotal <= 0) {
      setSetup({ state: 'empty' });
      return;
    }
    start();
  }, [ready, items, subtotal, start]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl sm:text-4xl">Checkout</h1>
        <Link href="/cart" className={linkClass}>
          Return to cart
        </Link>
      </div>
      {setup.state === 'ready' ? (
        <CheckoutForm
          session={setup.session}
          publishableKey={publishableKey}
          standInApiBase={standInApiBase}
          prefill={prefill}
          onPaid={clearCart}
        />
      ) : setup.state === 'empty' ? (
        <div className="mt-10 rounded-lg border border-stone-line bg-white p-8 text-center">
          <p role="alert" className="text-lg">
            {EMPTY_CART_MESSAGE}
          </p>
          <Link
            href="/products"
            className="mt-6 inline-flex h-11 items-center rounded-md bg-ink px-6 text-sm font-medium text-ivory hover:bg-gold-dark"
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

interface CheckoutFormProps {
  session: CheckoutSessionResponse;
  publishableKey: string;
  standInApiBase: string | null;
  prefill: CheckoutPrefill | null;
  onPaid(): void;
}

function CheckoutForm({ session, publishableKey, standInApiBase, prefill, onPaid }: CheckoutFormProps) {
  const router = useRouter();
  const [shipping, setShipping] = useState<Address>(() => prefill?.shipping ?? emptyAddress());
  const [billing, setBilling] = useState<Address>(() => prefill?.billing ?? emptyAddress());
  const [sameAsShipping, setSameAsShipping] = useState(() => !prefill?.billing);
  const [errors, setErrors] = useState<{ shipping: AddressErrors; billing: AddressErrors }>({ shipping: {}, billing: {} });
  const [banner, setBanner] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const payment = useRef<PaymentMethodHandle | null>(null);
  const register = useCallback((handle: PaymentMethodHandle | null) => {
    payment.current = handle;
  }, []);

  const edit = (kind: 'shipping' | 'billing') => (field: AddressField, value: string) => {
    (kind === 'shipping' ? setShipping : setBilling)((a) => ({ ...a, [field]: value }));
    if (errors[kind][field]) setErrors((e) => ({ ...e, [kind]: { ...e[kind], [field]: undefined } }));
  };

  const showAddressErrors = (found: { shipping: AddressErrors; billing: AddressErrors }) => {
    setErrors(found);
    setBanner(true);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (processing) return;
    setPaymentError(null);
    const addresses = { shipping, billing, sameAsShipping };
    const validation = validateCheckoutAddresses(addresses);
    const cardValid = payment.current?.validate() ?? true;
    if (!validation.valid) {
      showAddressErrors(validation);
      return;
    }
    setBanner(false);
    setErrors({ shipping: {}, billing: {} });
    if (!cardValid) return;
    const method = payment.current;
    if (!method) {
      setPaymentError(NOT_READY_MESSAGE);
      return;
    }

    setProcessing(true);
    try {
      const saved = await fetch(CHECKOUT_ADDRESS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ checkoutId: session.checkoutId, ...addresses }),
      }).catch(() => null);
      if (!saved?.ok) {
        const body = ((await saved?.json().catch(() => null)) ?? {}) as CheckoutErrorResponse;
        const details = body.details as { shipping?: AddressErrors; billing?: AddressErrors } | undefined;
        if (body.code === 'invalid_address' && details?.shipping) {
          showAddressErrors({ shipping: details.shipping ?? {}, billing: details.billing ?? {} });
        } else {
          setPaymentError(body.error || ADDRESS_SAVE_FAILED);
        }
        setProcessing(false);
        return;
      }

      const returnUrl = `${window.location.origin}/order-confirmation/${session.orderId}`;
      const result = await method.confirm({
        billing: billingDetails(sameAsShipping ? shipping : billing, shipping),
        returnUrl,
      });
      if (!result.ok) {
        setPaymentError(result.message || PAYMENT_FAILED_FALLBACK);
        setProcessing(false);
        return;
      }
      if (result.status === 'redirect') {
        window.location.assign(result.url);
        return;
      }
      onPaid();
      router.replace(`/order-confirmation/${session.orderId}`);
    } catch (err) {
      setPaymentError(err instanceof Error && err.message ? err.message : PAYMENT_FAILED_FALLBACK);
      setProcessing(false);
    }
  }

  return (
    <>
      {/* Above everything, where the scroll to the top lands. */}
      {banner && (
        <div role="alert" className="mt-6 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          <AlertCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
          {ADDRESS_BANNER}
        </div>
      )}
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-12">
        <div className="lg:order-2">
          <div className="lg:sticky lg:top-24">
            <OrderSummary lines={session.lines} totalCents={session.totalCents} />
          </div>
        </div>

        <form onSubmit={submit} noValidate className="flex flex-col gap-8 lg:order-1" aria-label="Checkout">
          <section aria-labelledby="shipping-heading" className="flex flex-col gap-4">
            <h2 id="shipping-heading" className="text-2xl">
              Shipping Address
            </h2>
            <AddressFieldset
              kind="shipping"
              legend="Shipping address"
              value={shipping}
              errors={errors.shipping}
              disabled={processing}
              onChange={edit('shipping')}
            />
          </section>

          <section aria-labelledby="billing-heading" className="flex flex-col gap-4">
            <h2 id="billing-heading" className="text-2xl">
              Billing Address
            </h2>
            <label className="flex w-fit cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                checked={sameAsShipping}
                disabled={processing}
                onChange={(e) => setSameAsShipping(e.target.checked)}
                className="size-4 accent-gold-dark"
              />
              Use shipping address for billing
            </label>
            {!sameAsShipping && (
              <AddressFieldset
                kind="billing"
                legend="Billing address"
                value={billing}
                errors={errors.billing}
                disabled={processing}
                onChange={edit('billing')}
              />
            )}
          </section>

          <section aria-labelledby="payment-heading" className="flex flex-col gap-4">
            <h2 id="payment-heading" className="text-2xl">
              Payment
            </h2>
            {standInApiBase ? (
              <TestCardForm
                apiBase={standInApiBase}
                publishableKey={publishableKey}
                clientSecret={session.clientSecret}
                paymentIntentId={session.paymentIntentId}
                disabled={processing}
                register={register}
              />
            ) : (
              <StripePayment
                publishableKey={publishableKey}
                clientSecret={session.clientSecret}
                paymentIntentId={session.paymentIntentId}
                disabled={processing}
                register={register}
              />
            )}
            {paymentError && (
              <p role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
                <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
                {paymentError}
              </p>
            )}
            <button
              type="submit"
              disabled={processing}
              aria-busy={processing || undefined}
              className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-md bg-ink px-6 text-sm font-medium tracking-wide text-ivory transition-colors hover:bg-gold-dark disabled:cursor-not-allowed disabled:opacity-70"
            >
              {processing ? (
                <>
                  <Loader2 aria-hidden className="size-4 animate-spin" />
                  Processing...
                </>
              ) : (
                <>
                  <Lock aria-hidden className="size-4" />
                  Pay <span className="tabular">{formatCents(session.totalCents)}</span>
                </>
              )}
            </button>
            <p className="text-center text-xs text-stone-muted">
              Payments are processed securely by Stripe. Card details never reach our servers.
            </p>
          </section>
        </form>
      </div>
    </>
  );
}
