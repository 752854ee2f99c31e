// The charges the tests of every money summary use: goods $100.00, UPS Ground $15.00 and $11.79 of tax in two
// jurisdictions ($126.79 in all), and the same order bought by a tax-exempt account.
import type { OrderCharges } from '../../lib/documents/charges';

export const TAXED: OrderCharges = {
  goodsCents: 10_000,
  shippingMethod: 'UPS Ground',
  shippingCents: 1_500,
  taxCents: 1_179,
  taxBreakdown: [
    { name: 'Illinois State Tax', rate: '6.25', cents: 719 },
    { name: 'Chicago City Tax', rate: '4.4', cents: 460 },
  ],
  taxExemptReason: null,
};

export const EXEMPT: OrderCharges = { ...TAXED, taxCents: 0, taxBreakdown: [], taxExemptReason: 'Resale certificate on file' };
