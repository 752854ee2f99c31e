import { describe, expect, it } from 'vitest';
import {
  emptyAddress,
  resolveAddresses,
  validateAddress,
  validateCheckoutAddresses,
  type Address,
} from '@/lib/checkout/address';
import { saveAddressesSchema } from '@/lib/checkout/address-schema';
import { countries, isCountryCode } from '@/lib/checkout/countries';

const complete: Address = {
  full_name: 'Ada Lovelace',
  address_line1: '12 Analytical Row',
  address_line2: '',
  city: 'London',
  state: 'Greater London',
  postal_code: 'NW1 6XE',
  country: 'GB',
  phone: '+44 (20) 7946-0000',
};

describe('checkout address rules', () => {
  it('gives every required-field message on an empty shipping form', () => {
    expect(validateAddress({ ...emptyAddress(), country: '' }, 'shipping')).toEqual({
      full_name: 'Full name is required',
      address_line1: 'Street address is required',
      city: 'City is required',
      state: 'State/Province is required',
      postal_code: 'Postal code is required',
      country: 'Country is required',
      phone: 'Phone number is required',
    });
  });

  it('treats whitespace as empty and address line 2 as optional', () => {
    const errors = validateAddress({ ...complete, city: '   ', address_line2: '' }, 'shipping');
    expect(errors).toEqual({ city: 'City is required' });
  });

  it('accepts digits, plus, hyphen, parentheses and spaces in the phone, nothing else', () => {
    expect(validateAddress(complete, 'shipping')).toEqual({});
    for (const bad of ['555-CALL-NOW', '+1 555 0100 ext. 4', '555.010.0100', '555/0100']) {
      expect(validateAddress({ ...complete, phone: bad }, 'shipping')).toEqual({ phone: 'Please enter a valid phone number' });
    }
  });

  it('checks billing without a phone', () => {
    expect(validateAddress({ ...complete, phone: '' }, 'billing')).toEqual({});
    expect(validateAddress({ ...emptyAddress(), country: '' }, 'billing')).toEqual({
      full_name: 'Full name is required',
      address_line1: 'Street address is required',
      city: 'City is required',
      state: 'State/Province is required',
      postal_code: 'Postal code is required',
      country: 'Country is required',
    });
  });

  it('skips billing while "same as shipping" is ticked', () => {
    const same = validateCheckoutAddresses({ shipping: complete, billing: emptyAddress(), sameAsShipping: true });
    expect(same).toEqual({ valid: true, shipping: {}, billing: {} });
    const separate = validateCheckoutAddresses({ shipping: complete, billing: emptyAddress(), sameAsShipping: false });
    expect(separate.valid).toBe(false);
    expect(separate.billing.full_name).toBe('Full name is required');
  });

  it('defaults the country to US and copies shipping into billing when they are the same', () => {
    expect(emptyAddress().country).toBe('US');
    const { shipping, billing } = resolveAddresses({
      shipping: { ...complete, city: '  London ' },
      billing: emptyAddress(),
      sameAsShipping: true,
    });
    expect(shipping.city).toBe('London');
    expect(billing).toEqual(shipping);
  });

  it('parses the save request and lists countries with the US first', () => {
    const parsed = saveAddressesSchema.parse({
      checkoutId: '0f8b3f5e-3b7a-4c57-9d0e-2f4c1b9a7e21',
      email: 'ada@example.test',
      shipping: complete,
    });
    expect(parsed.sameAsShipping).toBe(true);
    expect(saveAddressesSchema.safeParse({ checkoutId: 'x', email: 'ada@example.test', shipping: complete }).success).toBe(false);
    expect(countries()[0]).toEqual({ code: 'US', name: 'United States' });
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('United States')).toBe(false);
  });
});
