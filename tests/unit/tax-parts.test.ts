import { describe, expect, it } from 'vitest';
import { minimumMessage, totalChangedMessage } from '@/lib/checkout/errors';
import { refundTaxShare, taxParts } from '@/lib/tax/parts';

const part = (name: string, rate: string, amount: number) => ({
  amount,
  jurisdiction: { display_name: name },
  tax_rate_details: { percentage_decimal: rate },
});

describe('taxParts', () => {
  it('sums each jurisdiction over the lines and the shipping, in order of first appearance', () => {
    const parts = taxParts([
      { tax_breakdown: [part('Illinois', '6.25', 459), part('Chicago', '1.25', 92)] },
      { tax_breakdown: [part('Illinois', '6.25', 94), part('Chicago', '1.25', 19)] },
    ]);
    expect(parts).toEqual([
      { name: 'Illinois', rate: '6.25', cents: 553 },
      { name: 'Chicago', rate: '1.25', cents: 111 },
    ]);
  });

  it('leaves out untaxed entries (no rate, or nothing charged) and items without a breakdown', () => {
    const untaxed = { amount: 0, jurisdiction: { display_name: 'Virginia' }, tax_rate_details: null };
    expect(taxParts([{ tax_breakdown: [untaxed] }, { tax_breakdown: null }, {}, { tax_breakdown: [part('Texas', '8.25', 0)] }])).toEqual([]);
  });

  it('keeps two rates of one jurisdiction apart', () => {
    expect(taxParts([{ tax_breakdown: [part('Pennsylvania', '6.0', 60), part('Pennsylvania', '8.0', 80)] }])).toHaveLength(2);
  });
});

describe('refundTaxShare', () => {
  it('is the refund’s share of the tax, rounded half-up', () => {
    // $30.00 of a $110.25 order with $10.25 tax: 2.789… → 279 cents.
    expect(refundTaxShare(3000, { taxCents: 1025, totalCents: 11025 })).toBe(279);
    // Exactly half a cent rounds up: 1 × 1 / 2.
    expect(refundTaxShare(1, { taxCents: 1, totalCents: 2 })).toBe(1);
  });

  it('is the whole tax for a full refund and never more', () => {
    expect(refundTaxShare(11025, { taxCents: 1025, totalCents: 11025 })).toBe(1025);
    expect(refundTaxShare(20000, { taxCents: 1025, totalCents: 11025 })).toBe(1025);
  });

  it('is 0 for an untaxed order or a zero refund', () => {
    expect(refundTaxShare(500, { taxCents: 0, totalCents: 11025 })).toBe(0);
    expect(refundTaxShare(0, { taxCents: 1025, totalCents: 11025 })).toBe(0);
  });
});

describe('checkout messages', () => {
  it('says how much more the minimum order needs', () => {
    expect(minimumMessage(25000, 4350)).toBe('Our minimum order is $250.00. Please add $43.50 more to check out.');
  });

  it('names the new total', () => {
    expect(totalChangedMessage(12345)).toBe(
      'Your total is now $123.45, with shipping and tax for this address. Please check it and press Pay again.',
    );
  });
});
