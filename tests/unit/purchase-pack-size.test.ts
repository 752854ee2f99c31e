import { describe, expect, it } from 'vitest';
import { allowedQuantity, effectivePackSize, quantityProblem, smallestQuantity, stepsOf } from '@/lib/purchase/pack-size';
import { roundedNote, stepDown, stepUp } from '@/lib/purchase/steps';

const sixes = { moq: 10, pack_size: 6 };

describe('pack sizes', () => {
  it('treats a missing, zero, fractional or huge pack size as 1', () => {
    expect([null, undefined, 0, -6, 2.5, 10_001].map(effectivePackSize)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(effectivePackSize(6)).toBe(6);
  });

  it('starts at the MOQ rounded up to a whole number of packs', () => {
    expect(smallestQuantity(sixes)).toBe(12);
    expect(smallestQuantity({ moq: 12, pack_size: 6 })).toBe(12);
    expect(smallestQuantity({ moq: null, pack_size: 6 })).toBe(6);
    expect(smallestQuantity({ moq: 5, pack_size: null })).toBe(5);
  });

  it('rounds a wanted quantity up to a pack, never below the smallest', () => {
    expect(allowedQuantity(7, { pack_size: 6 })).toBe(12);
    expect(allowedQuantity(13, sixes)).toBe(18);
    expect(allowedQuantity(18, sixes)).toBe(18);
    expect(allowedQuantity(3, sixes)).toBe(12);
    expect(allowedQuantity(12.4, sixes)).toBe(12);
    expect(allowedQuantity(Number.NaN, sixes)).toBe(12);
  });

  it('names what is wrong with a quantity', () => {
    expect(quantityProblem(7, { pack_size: 6 })).toBe('not_pack_multiple');
    expect(quantityProblem(6, sixes)).toBe('below_moq');
    expect(quantityProblem(12, sixes)).toBeNull();
    expect(quantityProblem(1.5, {})).toBe('below_moq');
    expect(quantityProblem(3, { moq: 3 })).toBeNull();
  });

  it('steps by one pack and stops at the smallest', () => {
    expect(stepUp(12, stepsOf(sixes))).toBe(18);
    expect(stepUp(13, stepsOf(sixes))).toBe(24);
    expect(stepDown(18, stepsOf(sixes))).toBe(12);
    expect(stepDown(12, stepsOf(sixes))).toBe(12);
    expect(stepUp(1, stepsOf({}))).toBe(2);
  });

  it('says why a typed quantity changed', () => {
    expect(roundedNote(7, stepsOf({ pack_size: 6 }))).toBe('Sold in packs of 6: rounded up to 12.');
    expect(roundedNote(2, stepsOf({ moq: 5 }))).toBe('The minimum order is 5.');
    expect(roundedNote(12, stepsOf(sixes))).toBeNull();
  });
});
