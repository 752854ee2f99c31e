// The Payment Element's billing details. The checkout collects name, phone and address in its own forms, so the
// element is told to collect none of them ('never'); Stripe.js then refuses confirmPayment unless each of those
// fields is passed, every address field as a string ('' when empty, never undefined or null).
import type { BillingDetails } from './browser-payment';

export const PAYMENT_ELEMENT_FIELDS = {
  billingDetails: { name: 'never', phone: 'never', address: 'never' },
} as const;

const ADDRESS_KEYS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const;

/** confirmParams.payment_method_data.billing_details for PAYMENT_ELEMENT_FIELDS. */
export function paymentElementBillingDetails(details: BillingDetails): BillingDetails {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: text(details.name),
    phone: text(details.phone),
    address: Object.fromEntries(ADDRESS_KEYS.map((k) => [k, text(details.address[k])])) as BillingDetails['address'],
  };
}
