'use client';
// The checkout's form: both addresses, the payment method and Pay, once the server has opened a checkout.
import { AlertCircle, Loader2, Lock } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { CheckoutPrefill } from '@/lib/account/types';
import { emptyAddress, validateCheckoutAddresses, type Address, type AddressErrors, type AddressField } from '@/lib/checkout/address';
import { CHECKOUT_ADDRESS_PATH, type CheckoutErrorResponse, type CheckoutSessionResponse, type DeliveryQuote } from '@/lib/checkout/api';
import { billingDetails } from '@/lib/checkout/browser-payment';
import { emailError, type BusinessErrors } from '@/lib/checkout/contact';
import { ADDRESS_BANNER, ADDRESS_SAVE_FAILED, NOT_READY_MESSAGE, PAYMENT_FAILED_FALLBACK } from '@/lib/checkout/errors';
import { formatCents } from '@/lib/core/format/money';
import { AddressFieldset } from './address-fieldset';
import { BusinessFields } from './business-fields';
import { OrderSummary } from './order-summary';
import { ShippingMethods } from './shipping-methods';
import { useDelivery } from './use-delivery';
import type { PaymentMethodHandle } from './payment-method';
import { TestCardForm } from './test-card-form';
import { placeOrderByInvoice, TermsChoice, type PayBy } from './terms-choice';
import { TERMS_CHECKOUT } from '@/lib/terms/labels';
import { TextField } from '../ui/field';

// Stripe.js loads from js.stripe.com: only fetched with live keys, never offline.
const StripePayment = dynamic(() => import('./stripe-payment'), {
  ssr: false,
  loading: () => <p className="text-sm text-stone-muted">Loading payment form...</p>,
});

interface CheckoutFormProps {
  session: CheckoutSessionResponse;
  publishableKey: string;
  standInApiBase: string | null;
  prefill: CheckoutPrefill | null;
  onPaid(): void;
}

export function CheckoutForm({ session, publishableKey, standInApiBase, prefill, onPaid }: CheckoutFormProps) {
  const router = useRouter();
  const [email, setEmail] = useState(() => prefill?.email ?? '');
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  // Optional; the server trims them and keeps them on the checkout record.
  const [company, setCompany] = useState('');
  const [purchaseOrder, setPurchaseOrder] = useState('');
  const [businessErrors, setBusinessErrors] = useState<BusinessErrors>({});
  const [shipping, setShipping] = useState<Address>(() => prefill?.shipping ?? emptyAddress());
  const [billing, setBilling] = useState<Address>(() => prefill?.billing ?? emptyAddress());
  const [sameAsShipping, setSameAsShipping] = useState(() => !prefill?.billing);
  const [errors, setErrors] = useState<{ shipping: AddressErrors; billing: AddressErrors }>({ shipping: {}, billing: {} });
  const [banner, setBanner] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [payBy, setPayBy] = useState<PayBy>('card');
  const onTerms = payBy === 'invoice' && Boolean(session.terms);
  const delivery = useDelivery(session.checkoutId, shipping, methodId);
  const quote = delivery.state.status === 'ready' ? delivery.state.quote : null;
  const totalCents = quote?.totalCents ?? session.totalCents;
  // Pay waits while shipping and tax for a complete address are being worked out.
  const pricing = delivery.state.status === 'loading';
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
    const badEmail = emailError(email);
    const cardValid = onTerms || (payment.current?.validate() ?? true);
    setEmailProblem(badEmail);
    if (!validation.valid || badEmail) {
      showAddressErrors(validation.valid ? { shipping: {}, billing: {} } : validation);
      return;
    }
    setBanner(false);
    setErrors({ shipping: {}, billing: {} });
    if (!cardValid) return;
    const method = payment.current;
    if (!method && !onTerms) {
      setPaymentError(NOT_READY_MESSAGE);
      return;
    }

    setProcessing(true);
    try {
      const saved = await fetch(CHECKOUT_ADDRESS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          checkoutId: session.checkoutId,
          email: email.trim(),
          company,
          purchaseOrder,
          ...addresses,
          shippingMethodId: quote?.methodId ?? null,
          expectedTotalCents: totalCents,
        }),
      }).catch(() => null);
      if (!saved?.ok) {
        const body = ((await saved?.json().catch(() => null)) ?? {}) as CheckoutErrorResponse;
        const details = body.details as { shipping?: AddressErrors; billing?: AddressErrors } | undefined;
        if (body.code === 'invalid_email' || body.code === 'invalid_business') {
          if (body.code === 'invalid_email') setEmailProblem(body.error);
          else setBusinessErrors((body.details ?? {}) as BusinessErrors);
          setBanner(true);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        } else if (body.code === 'invalid_address' && details?.shipping) {
          showAddressErrors({ shipping: details.shipping ?? {}, billing: details.billing ?? {} });
        } else if (body.code === 'total_changed' && body.details && 'delivery' in body.details) {
          // The buyer sees the new total before paying it.
          delivery.settle(body.details.delivery as DeliveryQuote);
          setPaymentError(body.error);
        } else {
          setPaymentError(body.error || ADDRESS_SAVE_FAILED);
        }
        setProcessing(false);
        return;
      }

      if (onTerms) {
        // No card: the server places the order on the account's terms and Stripe sends the invoice.
        const refused = await placeOrderByInvoice(session.checkoutId);
        if (refused) {
          setPaymentError(refused || PAYMENT_FAILED_FALLBACK);
          setProcessing(false);
          return;
        }
        onPaid();
        router.replace(`/order-confirmation/${session.orderId}`);
        return;
      }
      const returnUrl = `${window.location.origin}/order-confirmation/${session.orderId}`;
      const result = await method!.confirm({
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
            <OrderSummary lines={session.lines} totalCents={session.totalCents} delivery={quote} />
          </div>
        </div>

        <form onSubmit={submit} noValidate className="flex flex-col gap-8 lg:order-1" aria-label="Checkout">
          <section aria-labelledby="contact-heading" className="flex flex-col gap-4">
            <h2 id="contact-heading" className="text-2xl">
              Contact
            </h2>
            <TextField
              id="checkout-email"
              name="email"
              type="email"
              label="Email address"
              hint="Your order confirmation and invoice go here."
              autoComplete="email"
              inputMode="email"
              value={email}
              error={emailProblem ?? undefined}
              disabled={processing}
              onChange={(e) => {
                setEmail(e.target.value);
                if (emailProblem) setEmailProblem(null);
              }}
            />
            <BusinessFields
              company={company}
              purchaseOrder={purchaseOrder}
              errors={businessErrors}
              disabled={processing}
              onChange={(field, value) => {
                (field === 'company' ? setCompany : setPurchaseOrder)(value);
                if (businessErrors[field]) setBusinessErrors((e) => ({ ...e, [field]: undefined }));
              }}
            />
          </section>

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

          <ShippingMethods state={delivery.state} chosen={methodId} disabled={processing} onChoose={setMethodId} />

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
            {session.terms && <TermsChoice terms={session.terms} value={payBy} disabled={processing} onChange={setPayBy} />}
            {onTerms ? null : standInApiBase ? (
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
              disabled={processing || pricing}
              aria-busy={processing || pricing || undefined}
              className="btn-primary h-12 w-full disabled:cursor-not-allowed"
            >
              {processing ? (
                <>
                  <Loader2 aria-hidden className="size-4 animate-spin" />
                  Processing...
                </>
              ) : (
                <>
                  <Lock aria-hidden className="size-4" />
                  {onTerms ? TERMS_CHECKOUT.placeOrder : 'Pay'} <span className="tabular">{formatCents(totalCents)}</span>
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
