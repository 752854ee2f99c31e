import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, formatCardNumber, formatExpiry, parseExpiry, validateCard } from '@/lib/checkout/card';
import { billingDetails, interpretIntent } from '@/lib/checkout/browser-payment';
import { emptyAddress } from '@/lib/checkout/address';

const now = new Date('2026-06-15T12:00:00Z');

describe('offline test-card form', () => {
  it('formats the number and the expiry as typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('3782 822463 10005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('12/3')).toBeNull();
  });

  it('reports incomplete, invalid and past values with Stripe Elements wording', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: CARD_MESSAGES.numberIncomplete,
      expiry: CARD_MESSAGES.expiryIncomplete,
      cvc: CARD_MESSAGES.cvcIncomplete,
    });
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '05 / 26', cvc: '123' }, now)).toEqual({
      number: CARD_MESSAGES.numberInvalid,
      expiry: CARD_MESSAGES.expiryPast,
    });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '06 / 26', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '3782 822463 10005', expiry: '13 / 27', cvc: '123' }, now)).toEqual({
      expiry: CARD_MESSAGES.expiryInvalid,
      cvc: CARD_MESSAGES.cvcIncomplete,
    });
  });
});

describe('confirmation results', () => {
  it('goes on after success or processing, follows a 3-D Secure redirect, and shows the error otherwise', () => {
    expect(interpretIntent({ status: 'succeeded' })).toEqual({ ok: true, status: 'succeeded' });
    expect(interpretIntent({ status: 'processing' })).toEqual({ ok: true, status: 'processing' });
    expect(interpretIntent({ status: 'requires_action', next_action: { redirect_to_url: { url: 'https://3ds.test/x' } } })).toEqual({
      ok: true,
      status: 'redirect',
      url: 'https://3ds.test/x',
    });
    expect(interpretIntent({ status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' } })).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
    expect(interpretIntent({ status: 'requires_payment_method' })).toEqual({ ok: false, message: 'Payment failed' });
  });

  it('takes billing details from the billing address, with the shipping phone when billing has none', () => {
    const shipping = { ...emptyAddress(), full_name: 'Ship To', phone: '555 0100', city: 'Reston' };
    const billing = { ...emptyAddress(), full_name: ' Bill To ', address_line1: '9 Ledger St', city: 'Arlington' };
    expect(billingDetails(billing, shipping)).toEqual({
      name: 'Bill To',
      phone: '555 0100',
      address: { line1: '9 Ledger St', line2: '', city: 'Arlington', state: '', postal_code: '', country: 'US' },
    });
  });
});
