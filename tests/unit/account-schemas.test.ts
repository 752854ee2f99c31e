import { describe, expect, it } from 'vitest';
import { COUNTRY_INVALID, orderIdSchema, profileSchema, saveAddressSchema } from '@/lib/account/schemas';
import { PHONE_INVALID, REQUIRED_MESSAGES } from '@/lib/checkout/address';
import { fieldErrors } from '@/lib/core/errors';

const address = {
  address_type: 'shipping',
  address_line1: '214 Mercer Street',
  address_line2: '',
  city: 'New York',
  state: 'NY',
  postal_code: '10012',
  country: 'US',
  is_default: true,
};

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error as never);
};

describe('account address schema', () => {
  it('accepts an address, trimming and keeping an empty second line as null', () => {
    const r = saveAddressSchema.parse({ ...address, city: '  New York ' });
    expect(r).toMatchObject({ city: 'New York', address_line2: null, use_for_billing: false, is_default: true });
  });

  it("says the words for each missing field", () => {
    const errors = errorsOf(saveAddressSchema, { ...address, address_line1: ' ', city: '', state: '', postal_code: '', country: '' });
    expect(errors).toMatchObject({
      address_line1: REQUIRED_MESSAGES.address_line1,
      city: REQUIRED_MESSAGES.city,
      state: REQUIRED_MESSAGES.state,
      postal_code: REQUIRED_MESSAGES.postal_code,
      country: REQUIRED_MESSAGES.country,
    });
  });

  it('refuses 10 kB in a field, control characters and unknown countries', () => {
    expect(errorsOf(saveAddressSchema, { ...address, city: 'x'.repeat(10_240) }).city).toMatch(/too long/);
    expect(errorsOf(saveAddressSchema, { ...address, address_line1: 'a\u0000b' }).address_line1).toMatch(/control characters/);
    expect(errorsOf(saveAddressSchema, { ...address, country: 'XX' }).country).toBe(COUNTRY_INVALID);
    expect(errorsOf(saveAddressSchema, { ...address, address_type: 'home' }).address_type).toBeDefined();
  });

  it('names a forged user id instead of dropping it', () => {
    const errors = errorsOf(saveAddressSchema, { ...address, user_id: '11111111-1111-4111-8111-111111111111' });
    expect(errors._form).toMatch(/"user_id"/);
    expect(errorsOf(orderIdSchema, { orderId: 'not-an-id' }).orderId).toBeDefined();
  });
});

describe('profile schema', () => {
  it('keeps empty name and phone as null', () => {
    expect(profileSchema.parse({ full_name: ' ', phone_number: '' })).toEqual({ full_name: null, phone_number: null });
  });

  it("checks a phone with the checkout's rule and refuses overlong text", () => {
    expect(errorsOf(profileSchema, { full_name: 'Ann', phone_number: 'call me' }).phone_number).toBe(PHONE_INVALID);
    expect(profileSchema.parse({ full_name: 'Ann', phone_number: '+1 (212) 555-0147' }).phone_number).toBe('+1 (212) 555-0147');
    expect(errorsOf(profileSchema, { full_name: 'x'.repeat(10_240), phone_number: '' }).full_name).toMatch(/too long/);
  });
});
