// The words of the Shipping and the Tax and minimum order sections, written once for the forms, the server actions,
// the history and the tests. Pure and free of zod, like fields.ts.

export const SHIPPING_TEXT = {
  saved: 'Shipping method saved',
  added: 'Shipping method added',
  removed: 'Shipping method removed',
  reordered: 'Shipping methods reordered',
  failed: 'Failed to save shipping methods',
  gone: 'This shipping method no longer exists. Reload the page to see the current ones.',
  changed: 'The shipping methods changed since this page was loaded. Reload the page and try again.',
  duplicateName: 'Another shipping method has this name',
  nameRequired: 'Name is required',
  zonesRequired: 'Enter at least one zone, such as US',
  badBasis: 'Choose order value or parcel weight',
  badAmount: 'Enter an amount in dollars, such as 12.50',
  badGrams: 'Enter a whole number of grams, such as 500',
  handlingTooHigh: 'Handling is at most $1,000,000.00',
  freeOverZero: 'Enter an amount above $0.00, or leave it empty for never',
} as const;

/** Limits of public.shipping_methods' checks. */
export const SHIPPING_LIMITS = { name: 80, zonesText: 2000, bands: 20, handlingCents: 100_000_000, freeOverCents: 10_000_000_000 } as const;

export const BASIS_LABELS = { value: 'Order value', weight: 'Parcel weight' } as const;

export const TAX_TEXT = {
  saved: 'Tax and minimum order saved',
  failed: 'Failed to save tax and minimum order',
  badTaxCode: 'A Stripe tax code is txcd_ and 8 digits, such as txcd_99999999',
  badMinimum: 'Enter a minimum above $0.00, or leave it empty for none',
  badCountry: 'Enter a two-letter country code, such as US',
  badState: 'Enter the two-letter state code, such as PA',
} as const;

export const SHIP_FROM_FIELDS = ['line1', 'city', 'state', 'postalCode', 'country'] as const;
export type ShipFromField = (typeof SHIP_FROM_FIELDS)[number];

export const SHIP_FROM_LABELS: Record<ShipFromField, string> = {
  line1: 'Street address',
  city: 'City',
  state: 'State',
  postalCode: 'ZIP or postal code',
  country: 'Country',
};

export const SHIP_FROM_LIMITS: Record<ShipFromField, number> = { line1: 200, city: 100, state: 40, postalCode: 20, country: 2 };

/** The history's names for the checkout columns of public.shop_settings (the trigger's field). */
export const CHECKOUT_SETTING_LABELS: Record<string, string> = {
  tax_enabled: 'Tax collection',
  tax_codes: 'Tax codes',
  ship_from: 'Ship-from address',
  min_order_cents: 'Minimum order',
  price_visibility: 'Who sees prices',
  guest_checkout: 'Guest checkout',
};

/** The trigger's field for a shipping method's change: 'shipping method: <name>'. */
export const SHIPPING_EVENT_PREFIX = 'shipping method: ';
