'use client';
// Live Stripe (test or production keys): Stripe's Payment Element, confirmed with confirmPayment and
// redirect 'if_required'. The offline stand-in never loads this file.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { interpretIntent } from '@/lib/checkout/browser-payment';
import { NOT_READY_MESSAGE, PAYMENT_FAILED_FALLBACK } from '@/lib/checkout/errors';
import { PAYMENT_ELEMENT_FIELDS, paymentElementBillingDetails } from '@/lib/checkout/payment-element';
import type { PaymentFormProps } from './payment-method';

let stripePromise: Promise<Stripe | null> | undefined;

export default function StripePayment({ publishableKey, ...props }: PaymentFormProps & { publishableKey: string }) {
  stripePromise ??= loadStripe(publishableKey).catch(() => null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void stripePromise!.then((s) => setFailed(!s));
  }, []);
  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {NOT_READY_MESSAGE}
      </p>
    );
  }
  return (
    <Elements
      stripe={stripePromise}
      options={{
        clientSecret: props.clientSecret,
        appearance: {
          theme: 'stripe',
          variables: { colorPrimary: '#8a6c3e', colorText: '#1c1b19', borderRadius: '6px', fontSizeBase: '16px' },
        },
      }}
    >
      <PaymentElementForm {...props} />
    </Elements>
  );
}

function PaymentElementForm({ disabled, register }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    register({
      validate: () => true,
      async confirm({ billing, returnUrl }) {
        if (!stripe || !elements) return { ok: false, message: NOT_READY_MESSAGE };
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: {
            return_url: returnUrl,
            payment_method_data: { billing_details: paymentElementBillingDetails(billing) },
          },
        });
        if (error) return { ok: false, message: error.message || PAYMENT_FAILED_FALLBACK };
        return interpretIntent(paymentIntent);
      },
    });
    return () => register(null);
  }, [stripe, elements, register]);

  return (
    <PaymentElement
      options={{
        readOnly: disabled,
        // Name, phone and address come from the checkout's own forms and are passed at confirmation.
        fields: PAYMENT_ELEMENT_FIELDS,
      }}
    />
  );
}
