import { describe, expect, it } from 'vitest';
import { breakFor, breakSpecification, discountedCents, nextBreak, nextBreakLabel, unitCentsWithBreak } from '@/lib/purchase/volume-pricing';
import { formatPriceBreaks, parsePriceBreaks } from '@/lib/purchase/price-breaks-text';

const tiers = [
  { minQuantity: 10, percentOff: 5 },
  { minQuantity: 50, percentOff: 10 },
  { minQuantity: 100, percentOff: 15 },
];

describe('volume price breaks', () => {
  it('picks the deepest break the total quantity reaches, whatever the order of the list', () => {
    expect(breakFor(9, tiers)).toBeNull();
    expect(breakFor(10, tiers)).toEqual(tiers[0]);
    expect(breakFor(99, [...tiers].reverse())).toEqual(tiers[1]);
    expect(breakFor(500, tiers)).toEqual(tiers[2]);
    expect(breakFor(500, null)).toBeNull();
  });

  it('takes the percent off to the nearest cent, half a cent up, in whole numbers', () => {
    expect(discountedCents(1000, 10)).toBe(900);
    expect(discountedCents(1999, 15)).toBe(1699); // 1699.15
    expect(discountedCents(1010, 5)).toBe(960); // 959.5 rounds up
    expect(discountedCents(3333, 33.33)).toBe(2222); // 2222.0889
    expect(discountedCents(0, 50)).toBe(0);
  });

  it('prices a line by the product’s total quantity in the cart', () => {
    expect(unitCentsWithBreak(2000, 9, tiers)).toBe(2000);
    expect(unitCentsWithBreak(2000, 50, tiers)).toBe(1800);
    expect(unitCentsWithBreak(2000, 50, [])).toBe(2000);
  });

  it('says how many more pieces reach the next break', () => {
    expect(nextBreak(8, tiers)).toEqual({ more: 2, percentOff: 5 });
    expect(nextBreak(10, tiers)).toEqual({ more: 40, percentOff: 10 });
    expect(nextBreak(100, tiers)).toBeNull();
    expect(nextBreakLabel({ more: 40, percentOff: 10 })).toBe('Add 40 more for 10% off');
    expect(breakSpecification({ percentOff: 7.5 })).toBe('Volume −7.5%');
  });

  it('writes and reads the CSV spelling, round trip unchanged', () => {
    expect(formatPriceBreaks([...tiers].reverse())).toBe('10:5;50:10;100:15');
    expect(parsePriceBreaks('10:5;50:10;100:15')).toEqual({ ok: true, breaks: tiers });
    expect(parsePriceBreaks(' 10 : 5% ; 50:10 ')).toEqual({ ok: true, breaks: tiers.slice(0, 2) });
    expect(parsePriceBreaks('')).toEqual({ ok: true, breaks: [] });
    // 7.15 × 100 is 715.0000000000001 in floating point: still two decimals.
    expect(parsePriceBreaks('10:7.15')).toEqual({ ok: true, breaks: [{ minQuantity: 10, percentOff: 7.15 }] });
    expect(parsePriceBreaks(formatPriceBreaks([{ minQuantity: 12, percentOff: 2.25 }]))).toEqual({ ok: true, breaks: [{ minQuantity: 12, percentOff: 2.25 }] });
  });

  it('refuses breaks that are not sound, with a message a person understands', () => {
    expect(parsePriceBreaks('10-5')).toEqual({ ok: false, error: '"10-5" is not a price break: write quantity:percent, such as 10:5' });
    expect(parsePriceBreaks('=1+1:5')).toMatchObject({ ok: false });
    expect(parsePriceBreaks('1:5')).toEqual({ ok: false, error: 'A price break starts at a quantity of 2 or more' });
    expect(parsePriceBreaks('10:95')).toEqual({ ok: false, error: 'A price break gives more than 0% and at most 90% off' });
    expect(parsePriceBreaks('10:0')).toMatchObject({ ok: false });
    expect(parsePriceBreaks('10:5.555')).toMatchObject({ ok: false });
    expect(parsePriceBreaks('50:10;10:5')).toEqual({ ok: false, error: 'Price break quantities must go up, each larger than the one before' });
    expect(parsePriceBreaks('10:10;50:5')).toEqual({ ok: false, error: 'A larger quantity must give more off than the break before it' });
  });
});
