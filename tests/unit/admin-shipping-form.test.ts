// What staff type in the Shipping and the Tax and minimum order sections: dollars to whole cents (never through a
// float product), grams, the zone list, a saved method back into its form, and the schemas' messages beside the
// right fields (a bad zone named, bands out of order, a bad tax code, a half-typed ship-from address).
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '@/lib/core/errors';
import { SHIPPING_TEXT, TAX_TEXT } from '@/lib/admin/settings/shipping-fields';
import {
  bandStartFromText,
  centsToText,
  dollarsToCents,
  formatBands,
  gramsFromText,
  methodToForm,
  parseZoneList,
  type MethodForm,
} from '@/lib/admin/settings/shipping-form';
import { checkoutSettingsSchema, shippingMethodSchema, type CheckoutSettingsInput } from '@/lib/admin/settings/shipping-schema';
import { previewLine } from '@/lib/admin/settings/shipping-preview';
import type { ShippingMethod } from '@/lib/shipping/rates';

describe('dollars typed in a form', () => {
  it('turns dollars and cents into whole cents, with or without $, commas and spaces', () => {
    expect(dollarsToCents('15')).toBe(1500);
    expect(dollarsToCents('15.5')).toBe(1550);
    expect(dollarsToCents('$1,250.05')).toBe(125005);
    expect(dollarsToCents(' 0.29 ')).toBe(29);
    expect(dollarsToCents('4.35')).toBe(435); // 4.35 × 100 is 434.99999… as a float
    expect(dollarsToCents('0')).toBe(0);
  });

  it('answers null for nothing typed and undefined for what is not an amount', () => {
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('   ')).toBeNull();
    for (const bad of ['-5', '1.234', 'ten', '1e3', '.5', '12.', '123456789']) expect(dollarsToCents(bad), bad).toBeUndefined();
  });

  it('prints cents back as the text a field starts with', () => {
    expect(centsToText(1500)).toBe('15.00');
    expect(centsToText(125005)).toBe('1250.05');
    expect(centsToText(null)).toBe('');
  });
});

describe('grams and band starts', () => {
  it('reads whole grams, with a thousands comma or a trailing g', () => {
    expect(gramsFromText('1000')).toBe(1000);
    expect(gramsFromText('1,000 g')).toBe(1000);
    expect(gramsFromText('')).toBeNull();
    for (const bad of ['1.5', 'g', '-3', 'one']) expect(gramsFromText(bad), bad).toBeUndefined();
  });

  it('reads a band start as dollars or grams by what the method is priced by', () => {
    expect(bandStartFromText('value', '250')).toBe(25_000);
    expect(bandStartFromText('weight', '250')).toBe(250);
  });
});

describe('the zone list', () => {
  it('splits on commas, semicolons or spaces, upper-cases and keeps each zone once, in order', () => {
    expect(parseZoneList('us, US-IL;ca  CA,,')).toEqual(['US', 'US-IL', 'CA']);
    expect(parseZoneList(' ')).toEqual([]);
  });
});

const worldwide: ShippingMethod & { active: boolean } = {
  id: '6f1c1f7e-3a55-4f3c-9f55-0c1d2e3f4a5b',
  name: 'Worldwide',
  zones: ['CA', 'GB'],
  basis: 'weight',
  bands: [{ from: 0, cents: 6500 }, { from: 1000, cents: 9500 }],
  freeOverCents: null,
  handlingCents: 1000,
  active: false,
};

describe('a saved method in its form', () => {
  it('shows money in dollars, weights in grams and the zones as one line, and parses back to the same method', () => {
    const form = methodToForm(worldwide);
    expect(form).toEqual({
      id: worldwide.id,
      name: 'Worldwide',
      zones: 'CA, GB',
      basis: 'weight',
      bands: [{ from: '0', price: '65.00' }, { from: '1000', price: '95.00' }],
      freeOver: '',
      handling: '10.00',
      active: false,
    });
    const { id, name, zones, basis, bands, freeOverCents, handlingCents, active } = worldwide;
    expect(shippingMethodSchema.parse(form)).toEqual({ id, name, zones, basis, bands, freeOverCents, handlingCents, active });
  });

  it('starts a new method priced by order value from $0', () => {
    expect(methodToForm(null)).toMatchObject({ id: null, basis: 'value', bands: [{ from: '0', price: '' }], active: true });
  });

  it('describes bands and previews what typical orders pay', () => {
    expect(formatBands('weight', worldwide.bands)).toBe('from 0 g: $65.00, from 1,000 g: $95.00');
    expect(previewLine(worldwide)).toBe('500 g parcel: $75.00 · 2,000 g parcel: $105.00 · 10,000 g parcel: $105.00');
    const ground = { ...worldwide, basis: 'value' as const, bands: [{ from: 0, cents: 1500 }, { from: 25_000, cents: 2500 }], freeOverCents: 150_000, handlingCents: 0 };
    expect(previewLine(ground)).toBe('$100.00 order: $15.00 · $500.00 order: $25.00 · $2,000.00 order: free');
  });
});

const method: MethodForm = {
  id: null,
  name: 'Ground',
  zones: 'US',
  basis: 'value',
  bands: [{ from: '0', price: '15' }, { from: '250', price: '25' }],
  freeOver: '1500',
  handling: '',
  active: true,
};
const errorsOf = (input: unknown) => {
  const result = shippingMethodSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('the shipping method schema', () => {
  it('names a bad zone beside the zones field', () => {
    expect(errorsOf({ ...method, zones: 'US, USA' })).toEqual({ zones: '“USA” is not a zone. A zone is a country code (US) or a US state (US-IL).' });
    expect(errorsOf({ ...method, zones: ' , ' })).toEqual({ zones: SHIPPING_TEXT.zonesRequired });
  });

  it('puts the band rules beside the bands, and a bad figure beside its own band', () => {
    expect(errorsOf({ ...method, bands: [{ from: '0', price: '15' }, { from: '0', price: '25' }] })).toEqual({ bands: 'Each band must start above the one before it.' });
    expect(errorsOf({ ...method, bands: [{ from: '10', price: '15' }] })).toEqual({ bands: 'The first band must start at 0.' });
    expect(errorsOf({ ...method, bands: [{ from: '0', price: '15' }, { from: '250', price: 'free' }] })).toEqual({ 'bands.1.price': SHIPPING_TEXT.badAmount });
    expect(errorsOf({ ...method, basis: 'weight', bands: [{ from: '0', price: '15' }, { from: '1.5', price: '25' }] })).toEqual({ 'bands.1.from': SHIPPING_TEXT.badGrams });
  });

  it('shows a band error together with the other fields\' errors', () => {
    expect(errorsOf({ ...method, zones: 'USA', bands: [{ from: '0', price: '15' }, { from: '0', price: '3' }] })).toEqual({
      zones: '“USA” is not a zone. A zone is a country code (US) or a US state (US-IL).',
      bands: 'Each band must start above the one before it.',
    });
  });

  it('refuses a zero threshold, too much handling and a blank name, all at once', () => {
    expect(errorsOf({ ...method, name: ' ', freeOver: '0', handling: '1000000.01' })).toEqual({
      name: SHIPPING_TEXT.nameRequired,
      freeOver: SHIPPING_TEXT.freeOverZero,
      handling: SHIPPING_TEXT.handlingTooHigh,
    });
  });
});

const tax: CheckoutSettingsInput = {
  taxEnabled: true,
  taxCodes: { rings: 'TXCD_99999999', necklaces: '', bracelets: '', earrings: '', body_jewelry: ' txcd_12345678 ' },
  shipFrom: { line1: '', city: '', state: '', postalCode: '', country: '' },
  minOrder: '',
};

describe('the tax and minimum order schema', () => {
  it('keeps the codes typed (lower-cased), leaves empty categories out, and reads blanks as none', () => {
    expect(checkoutSettingsSchema.parse(tax)).toEqual({
      taxEnabled: true,
      taxCodes: { rings: 'txcd_99999999', body_jewelry: 'txcd_12345678' },
      shipFrom: null,
      minOrderCents: null,
    });
  });

  it('refuses a tax code that is not txcd_ and 8 digits, and a zero minimum, beside their fields', () => {
    const result = checkoutSettingsSchema.safeParse({ ...tax, taxCodes: { ...tax.taxCodes, earrings: 'txcd_1234' }, minOrder: '0' });
    expect(result.success || fieldErrors(result.error)).toEqual({ 'taxCodes.earrings': TAX_TEXT.badTaxCode, minOrder: TAX_TEXT.badMinimum });
  });

  it('takes a whole ship-from address, or asks for the missing parts of one', () => {
    const full = { line1: '214 Jewelers Row', city: 'Philadelphia', state: 'pa', postalCode: '19106', country: 'us' };
    expect(checkoutSettingsSchema.parse({ ...tax, shipFrom: full, minOrder: '250' })).toMatchObject({
      shipFrom: { line1: '214 Jewelers Row', city: 'Philadelphia', state: 'PA', postal_code: '19106', country: 'US' },
      minOrderCents: 25_000,
    });
    const result = checkoutSettingsSchema.safeParse({ ...tax, shipFrom: { ...full, city: '', state: '' } });
    expect(result.success || fieldErrors(result.error)).toEqual({ 'shipFrom.city': 'City is required', 'shipFrom.state': TAX_TEXT.badState });
  });
});
