// Browser side of the payment: confirming a PaymentIntent. Offline, the card goes from the browser straight to the
// Stripe stand-in (publishable key + client secret, as Stripe.js does), never through the shop's server.
import type { Address } from './address';
import { digitsOnly, parseExpiry, type CardFields } from './card';
import { PAYMENT_FAILED_FALLBACK } from './errors';

export type ConfirmResult =
  | { ok: true; status: 'succeeded' | 'processing' }
  | { ok: true; status: 'redirect'; url: string }
  | { ok: false; message: string };

export interface BillingDetails {
  name: string;
  phone: string;
  address: { line1: string; line2: string; city: string; state: string; postal_code: string; country: string };
}

export function billingDetails(billing: Address, shipping: Address): BillingDetails {
  return {
    name: billing.full_name.trim(),
    phone: (billing.phone || shipping.phone).trim(),
    address: {
      line1: billing.address_line1.trim(),
      line2: billing.address_line2.trim(),
      city: billing.city.trim(),
      state: billing.state.trim(),
      postal_code: billing.postal_code.trim(),
      country: billing.country.trim(),
    },
  };
}

/** What a confirmed PaymentIntent means for the page: go on, go and authenticate, or show the error. */
export function interpretIntent(pi: {
  status?: string;
  next_action?: { type?: string; redirect_to_url?: { url?: string | null } | null } | null;
  last_payment_error?: { message?: string } | null;
}): ConfirmResult {
  if (pi.status === 'succeeded' || pi.status === 'processing') return { ok: true, status: pi.status };
  if (pi.status === 'requires_action' && pi.next_action?.redirect_to_url?.url) {
    return { ok: true, status: 'redirect', url: pi.next_action.redirect_to_url.url };
  }
  return { ok: false, message: pi.last_payment_error?.message || PAYMENT_FAILED_FALLBACK };
}

export async function confirmWithStandIn(opts: {
  apiBase: string;
  publishableKey: string;
  paymentIntentId: string;
  clientSecret: string;
  card: CardFields;
  billing: BillingDetails;
  returnUrl: string;
}): Promise<ConfirmResult> {
  const expiry = parseExpiry(opts.card.expiry);
  const form = new URLSearchParams({
    client_secret: opts.clientSecret,
    return_url: opts.returnUrl,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': digitsOnly(opts.card.number),
    'payment_method_data[card][exp_month]': String(expiry?.month ?? ''),
    'payment_method_data[card][exp_year]': String(expiry?.year ?? ''),
    'payment_method_data[card][cvc]': digitsOnly(opts.card.cvc),
    'payment_method_data[billing_details][name]': opts.billing.name,
    'payment_method_data[billing_details][phone]': opts.billing.phone,
  });
  for (const [key, value] of Object.entries(opts.billing.address)) {
    form.set(`payment_method_data[billing_details][address][${key}]`, value);
  }
  let response: Response;
  try {
    response = await fetch(`${opts.apiBase}/v1/payment_intents/${encodeURIComponent(opts.paymentIntentId)}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${opts.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
    });
  } catch {
    return { ok: false, message: 'Could not reach the payment service. Please try again.' };
  }
  const body = (await response.json().catch(() => ({}))) as {
    error?: { message?: string };
    status?: string;
    next_action?: { type?: string; redirect_to_url?: { url?: string } } | null;
  };
  if (!response.ok || body.error) return { ok: false, message: body.error?.message || PAYMENT_FAILED_FALLBACK };
  return interpretIntent(body);
}
