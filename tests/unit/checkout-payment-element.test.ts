import { describe, expect, it } from 'vitest';
import { billingDetails, type BillingDetails } from '@/lib/checkout/browser-payment';
import { PAYMENT_ELEMENT_FIELDS, paymentElementBillingDetails } from '@/lib/checkout/payment-element';
import type { Address } from '@/lib/checkout/address';

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'];

/** Stripe.js's rule: a billing field set to 'never' must be passed at confirmation; an address as six strings. */
function ruleViolations(fields: Record<string, string>, details: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [field, mode] of Object.entries(fields)) {
    if (mode !== 'never') continue;
    const value = details[field];
    if (field === 'address') {
      const address = (value ?? {}) as Record<string, unknown>;
      for (const key of ADDRESS_FIELDS) if (typeof address[key] !== 'string') out.push(`address.${key}`);
    } else if (typeof value !== 'string') out.push(field);
  }
  return out;
}

const address: Address = {
  full_name: ' Ada Lovelace ',
  phone: '',
  address_line1: '1 Main St',
  address_line2: '',
  city: 'Springfield',
  state: '',
  postal_code: '12345',
  country: 'US',
};

describe('Payment Element billing details', () => {
  it('collects nothing in the element, so every billing field is the shop’s to pass', () => {
    expect(PAYMENT_ELEMENT_FIELDS.billingDetails).toEqual({ name: 'never', phone: 'never', address: 'never' });
  });

  it('pass every field as a string, empty ones as empty strings', () => {
    const details = paymentElementBillingDetails(billingDetails(address, { ...address, phone: '' }));
    expect(ruleViolations(PAYMENT_ELEMENT_FIELDS.billingDetails, details as unknown as Record<string, unknown>)).toEqual([]);
    expect(details.address).toEqual({
      line1: '1 Main St',
      line2: '',
      city: 'Springfield',
      state: '',
      postal_code: '12345',
      country: 'US',
    });
    expect(details.name).toBe('Ada Lovelace');
    expect(details.phone).toBe('');
  });

  it('turn missing values into empty strings instead of leaving them undefined', () => {
    const partial = { name: 'A', address: { line1: 'x', line2: undefined, country: null } } as unknown as BillingDetails;
    const details = paymentElementBillingDetails(partial);
    expect(ruleViolations(PAYMENT_ELEMENT_FIELDS.billingDetails, details as unknown as Record<string, unknown>)).toEqual([]);
    expect(details.address.line2).toBe('');
    // What the checkout sent before: line2 undefined breaks the rule.
    expect(ruleViolations(PAYMENT_ELEMENT_FIELDS.billingDetails, { name: 'A', phone: '', address: { line2: undefined } })).toContain(
      'address.line2',
    );
  });
});
