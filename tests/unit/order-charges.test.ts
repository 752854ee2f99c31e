// An order's charges read from its columns and the rows every money summary shows: subtotal, shipping by its method
// ('Free' when it cost nothing), each tax jurisdiction or one 'Sales tax' row, nothing for an order of goods only.
import { describe, expect, it } from 'vitest';
import { chargeRows, chargesNote, readCharges, readTaxBreakdown, type OrderCharges } from '@/lib/documents/charges';
import { TAXED } from '../support/order-charges';

const rows = (c: OrderCharges, total: number) => chargeRows(c, total).map((r) => [r.label, r.value]);

describe('readCharges', () => {
  it('reads the columns as postgres.js gives them (bigint as text, jsonb parsed)', () => {
    const c = readCharges({
      total_amount: '12679',
      goods_cents: '10000',
      shipping_method: 'UPS Ground',
      shipping_cents: '1500',
      tax_cents: '1179',
      tax_breakdown: [{ name: 'Illinois State Tax', rate: '6.25', cents: 719 }, { name: 'Chicago City Tax', rate: 4.4, cents: 460 }],
      tax_exempt_reason: null,
    });
    expect(c).toEqual(TAXED);
  });

  it('gives an order written without goods_cents its total as goods, and drops what is not a jurisdiction', () => {
    expect(readCharges({ total_amount: '4200', goods_cents: null, shipping_method: null, shipping_cents: '0', tax_cents: '0', tax_breakdown: [], tax_exempt_reason: '' })).toEqual({
      goodsCents: 4_200, shippingMethod: null, shippingCents: 0, taxCents: 0, taxBreakdown: [], taxExemptReason: null,
    });
    expect(readTaxBreakdown([null, 'x', { name: '', cents: 1 }, { name: 'Cook County', cents: 'abc' }, { name: ' Cook County ', cents: 12 }])).toEqual([
      { name: 'Cook County', rate: '', cents: 12 },
    ]);
    expect(readTaxBreakdown({ name: 'not an array' })).toEqual([]);
  });
});

describe('chargeRows', () => {
  it('subtotal, shipping by its method and each jurisdiction, adding up to the total', () => {
    const shown = chargeRows(TAXED, 12_679);
    expect(shown.map((r) => [r.label, r.value])).toEqual([
      ['Subtotal', '$100.00'],
      ['Shipping (UPS Ground)', '$15.00'],
      ['Illinois State Tax (6.25%)', '$7.19'],
      ['Chicago City Tax (4.4%)', '$4.60'],
    ]);
    expect(shown.reduce((sum, r) => sum + r.cents, 0)).toBe(12_679);
  });

  it("one 'Sales tax' row when the jurisdictions do not add up to the tax, or there are none", () => {
    const odd = { ...TAXED, taxBreakdown: [{ name: 'Illinois State Tax', rate: '6.25', cents: 700 }] };
    expect(rows(odd, 12_679).at(-1)).toEqual(['Sales tax', '$11.79']);
    expect(rows({ ...TAXED, taxBreakdown: [] }, 12_679).at(-1)).toEqual(['Sales tax', '$11.79']);
  });

  it("'Free' for a method that cost nothing; 'Shipping' for a charge without a method", () => {
    expect(rows({ ...TAXED, shippingCents: 0 }, 11_179)[1]).toEqual(['Shipping (UPS Ground)', 'Free']);
    expect(rows({ ...TAXED, shippingMethod: null }, 12_679)[1]).toEqual(['Shipping', '$15.00']);
    // No method and nothing charged for shipping: no shipping row.
    expect(rows({ ...TAXED, shippingMethod: null, shippingCents: 0 }, 11_179).map(([label]) => label)).toEqual([
      'Subtotal', 'Illinois State Tax (6.25%)', 'Chicago City Tax (4.4%)',
    ]);
  });

  it('nothing for an order of goods only, or for none at all', () => {
    const goodsOnly = { goodsCents: 4_200, shippingMethod: null, shippingCents: 0, taxCents: 0, taxBreakdown: [], taxExemptReason: null };
    expect(chargeRows(goodsOnly, 4_200)).toEqual([]);
    expect(chargeRows(null, 4_200)).toEqual([]);
    expect(chargeRows(undefined, 4_200)).toEqual([]);
  });

  it('an exempt order shows its rows and says why, even without shipping', () => {
    const exempt = { goodsCents: 4_200, shippingMethod: null, shippingCents: 0, taxCents: 0, taxBreakdown: [], taxExemptReason: 'Resale certificate on file.' };
    expect(rows(exempt, 4_200)).toEqual([['Subtotal', '$42.00'], ['Sales tax', '$0.00']]);
    expect(chargesNote(exempt)).toBe('No sales tax charged: Resale certificate on file.');
    expect(chargesNote(TAXED)).toBeNull();
  });
});
