// Checkout address rules and messages. Pure and free of zod, so the checkout form ships without a schema
// library; the request schema of the address route is in address-schema.ts.

export const ADDRESS_FIELDS = [
  'full_name',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
  'country',
  'phone',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type Address = Record<AddressField, string>;
export type AddressErrors = Partial<Record<AddressField, string>>;
/** The postal part of an address, the same at checkout, in the account's address book and on an order. */
export type PostalField = Exclude<AddressField, 'full_name' | 'phone'>;
export type PostalAddress = Pick<Address, PostalField>;

export const DEFAULT_COUNTRY = 'US';

export const REQUIRED_MESSAGES: Partial<Record<AddressField, string>> = {
  full_name: 'Full name is required',
  address_line1: 'Street address is required',
  city: 'City is required',
  state: 'State/Province is required',
  postal_code: 'Postal code is required',
  country: 'Country is required',
};
export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = 'Please enter a valid phone number';

/** Digits, plus, hyphen, parentheses and spaces only. */
export const PHONE_PATTERN = /^[0-9+\-() ]+$/;

export function emptyAddress(): Address {
  return {
    full_name: '',
    address_line1: '',
    address_line2: '',
    city: '',
    state: '',
    postal_code: '',
    country: DEFAULT_COUNTRY,
    phone: '',
  };
}

/** Shipping needs a valid phone; billing has no phone check. */
export function validateAddress(address: Address, kind: 'shipping' | 'billing'): AddressErrors {
  const errors: AddressErrors = {};
  for (const [field, message] of Object.entries(REQUIRED_MESSAGES) as [AddressField, string][]) {
    if (!address[field]?.trim()) errors[field] = message;
  }
  if (kind === 'shipping') {
    const phone = address.phone?.trim() ?? '';
    if (!phone) errors.phone = PHONE_REQUIRED;
    else if (!PHONE_PATTERN.test(phone)) errors.phone = PHONE_INVALID;
  }
  return errors;
}

export interface CheckoutAddresses {
  shipping: Address;
  billing: Address;
  sameAsShipping: boolean;
}

export interface AddressValidation {
  valid: boolean;
  shipping: AddressErrors;
  billing: AddressErrors;
}

export function validateCheckoutAddresses({ shipping, billing, sameAsShipping }: CheckoutAddresses): AddressValidation {
  const shippingErrors = validateAddress(shipping, 'shipping');
  const billingErrors = sameAsShipping ? {} : validateAddress(billing, 'billing');
  return {
    valid: Object.keys(shippingErrors).length === 0 && Object.keys(billingErrors).length === 0,
    shipping: shippingErrors,
    billing: billingErrors,
  };
}

/** The addresses as the order stores them: trimmed, billing copied from shipping when the box is ticked. */
export function resolveAddresses({ shipping, billing, sameAsShipping }: CheckoutAddresses): {
  shipping: Address;
  billing: Address;
} {
  const clean = (a: Address): Address =>
    Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, (a[f] ?? '').trim()])) as Address;
  const ship = clean(shipping);
  return { shipping: ship, billing: sameAsShipping ? { ...ship } : clean(billing) };
}
