import { describe, expect, it } from 'vitest';
import {
  runStepDown,
  runStepUp,
  sizeNoun,
  sizeQuantityLabel,
  sizeRun,
  sizeRunAdded,
  sizeRunAddLabel,
  sizeRunPrice,
  sizeRunSummary,
  wantedFromText,
} from '@/lib/purchase/size-run';
import { purchaseModel } from '@/lib/purchase/model';
import { purchaseSizes, purchaseView, selectionKey } from '@/lib/purchase/selection';
import { necklace, ring } from './product-fixtures';

const ringSizes = ['5', '5.5', '6', '6.5', '7'].map((value) => ({ value, label: value }));
const lengths = [
  { value: '16', label: '16"' },
  { value: '18', label: '18"' },
  { value: '20', label: '20"', disabled: true },
];
const single = { min: 1, pack: 1 };
const sixes = { min: 12, pack: 6 }; // MOQ 10 in packs of 6

describe('a size run', () => {
  it('makes one line per size with a quantity, in the page order of sizes', () => {
    const run = sizeRun(ringSizes, { '7': 2, '5': 1, '6': 0 }, single, 'Ring Size');
    expect(run.lines).toEqual([
      { size: '5', label: '5', wanted: 1, quantity: 1, note: null },
      { size: '7', label: '7', wanted: 2, quantity: 2, note: null },
    ]);
    expect(run.total).toBe(3);
    expect(run.refusal).toBeNull();
  });

  it('rounds each line up to whole packs and at least the smallest quantity, and says so', () => {
    const run = sizeRun(lengths, { '16': 7, '18': 18 }, sixes, 'Necklace Length');
    expect(run.lines.map((l) => [l.size, l.wanted, l.quantity])).toEqual([
      ['16', 7, 12],
      ['18', 18, 18],
    ]);
    expect(run.lines[0]!.note).toBe('16": sold in packs of 6, at least 12, rounded up to 12.');
    expect(run.lines[1]!.note).toBeNull();
    expect(run.total).toBe(30);
    expect(sizeRun(lengths, { '16': 13 }, { min: 6, pack: 6 }, 'Necklace Length').lines[0]!.note).toBe(
      '16": sold in packs of 6, rounded up to 18.',
    );
    expect(sizeRun(ringSizes, { '6.5': 2 }, { min: 3, pack: 1 }, 'Ring Size').lines[0]).toMatchObject({
      quantity: 3,
      note: 'Size 6.5: the minimum order is 3, rounded up to 3.',
    });
  });

  it('leaves out disabled and unknown sizes, and none, negative or broken quantities', () => {
    const run = sizeRun(lengths, { '20': 6, '22': 6, '16': -4, '18': Number.NaN }, single, 'Necklace Length');
    expect(run.lines).toEqual([]);
    expect(run.total).toBe(0);
    expect(sizeRun(lengths, { '18': 2.7 }, single, 'Necklace Length').lines[0]).toMatchObject({ wanted: 2, quantity: 2 });
  });

  it('refuses a run with nothing chosen, in the size group’s words', () => {
    expect(sizeRun(ringSizes, {}, single, 'Ring Size').refusal).toBe('Enter a quantity for at least one size.');
    expect(sizeRun(lengths, { '16': 0 }, single, 'Necklace Length').refusal).toBe('Enter a quantity for at least one length.');
  });

  it('reads a field: blank or not a whole number is none', () => {
    expect(['', ' ', '12', ' 7 ', '1.5', '-3', 'e', '1234567890'].map(wantedFromText)).toEqual([0, 0, 12, 7, 0, 0, 0, 0]);
  });

  it('steps one pack at a time, from none to the smallest quantity and back', () => {
    expect(runStepUp(0, sixes)).toBe(12);
    expect(runStepUp(12, sixes)).toBe(18);
    expect(runStepUp(7, sixes)).toBe(18);
    expect(runStepDown(18, sixes)).toBe(12);
    expect(runStepDown(13, sixes)).toBe(12);
    expect(runStepDown(12, sixes)).toBe(0);
    expect(runStepDown(5, sixes)).toBe(0);
    expect(runStepDown(0, sixes)).toBe(0);
    expect(runStepUp(0, single)).toBe(1);
    expect(runStepDown(1, single)).toBe(0);
  });

  it('names sizes and counts as the size group does', () => {
    expect(sizeQuantityLabel('7', 'Ring Size')).toBe('Quantity of size 7');
    expect(sizeQuantityLabel('18"', 'Necklace Length')).toBe('Quantity of 18"');
    expect(sizeQuantityLabel('7.5"', 'Bracelet Size')).toBe('Quantity of 7.5"');
    expect(sizeNoun('Bracelet Size', 1)).toBe('size');
    const run = sizeRun(lengths, { '16': 6, '18': 6 }, single, 'Necklace Length');
    expect(sizeRunSummary(run, 'Necklace Length')).toBe('12 pieces in 2 lengths');
    expect(sizeRunAddLabel(run, 'Necklace Length')).toBe('Add 12 pieces to cart');
    const one = sizeRun(ringSizes, { '5': 1 }, single, 'Ring Size');
    expect(sizeRunSummary(one, 'Ring Size')).toBe('1 piece in 1 size');
    expect(sizeRunAddLabel(one, 'Ring Size')).toBe('Add 1 piece to cart');
    expect(sizeRunAddLabel(sizeRun(ringSizes, {}, single, 'Ring Size'), 'Ring Size')).toBe('Add sizes to cart');
    expect(sizeRunAdded(sizeRun(ringSizes, { '5': 3, '6': 3 }, single, 'Ring Size'), 'Halo Ring', 'Ring Size')).toBe(
      '3 × Halo Ring (Ring Size: 5), 3 × Halo Ring (Ring Size: 6)',
    );
  });
});

describe('what a size run costs', () => {
  const breaks = [
    { minQuantity: 24, percentOff: 5 },
    { minQuantity: 48, percentOff: 10 },
  ];

  it('prices each size at its own price', () => {
    const run = sizeRun(lengths, { '16': 6, '18': 6 }, single, 'Necklace Length');
    expect(sizeRunPrice(run, { '16': 40.1, '18': 42.35 }, 0, [])).toEqual({ totalCents: 6 * 4010 + 6 * 4235, percentOff: null });
  });

  it('reaches a break with the run’s total, not either line, and counts what the cart holds already', () => {
    const run = sizeRun(lengths, { '16': 12, '18': 12 }, single, 'Necklace Length');
    // 12 + 12 reach the 24 break, each line at 5% off its own price: $40.10 → $38.10 (38.095 rounds up), $42.35 → $40.23.
    expect(sizeRunPrice(run, { '16': 40.1, '18': 42.35 }, 0, breaks)).toEqual({ totalCents: 12 * 3810 + 12 * 4023, percentOff: 5 });
    expect(sizeRunPrice(run, { '16': 40.1, '18': 42.35 }, 24, breaks).percentOff).toBe(10);
    const small = sizeRun(lengths, { '16': 6 }, single, 'Necklace Length');
    expect(sizeRunPrice(small, { '16': 10 }, 0, breaks).percentOff).toBeNull();
    expect(sizeRunPrice(small, { '16': 10 }, 18, breaks)).toEqual({ totalCents: 6 * 950, percentOff: 5 });
    expect(sizeRunPrice(sizeRun(lengths, {}, single, 'Necklace Length'), {}, 30, breaks)).toEqual({ totalCents: 0, percentOff: null });
  });
});

describe('a size run on the purchase model the page gets', () => {
  it('a ring with a surcharge: the page’s sizes, each at its own price', () => {
    const sizes = ['5', '7', '9', '10', '11'];
    const model = purchaseModel(
      ring({ name: 'Halo Ring', price_stone1: 20, sizes, size_surcharge: 3, size_surcharge_from: '10', moq: 2 }),
    );
    const options = purchaseSizes(model, model.initial);
    expect(options.map((o) => o.value)).toEqual(sizes);
    const run = sizeRun(options, { '7': 1, '10': 4 }, model.steps, 'Ring Size');
    expect(run.lines.map((l) => [l.size, l.quantity])).toEqual([
      ['7', 2],
      ['10', 4],
    ]);
    const prices = Object.fromEntries(options.map((o) => [o.value, purchaseView(model, { ...model.initial, size: o.value }).price]));
    expect(prices).toEqual({ '5': 20, '7': 20, '9': 20, '10': 23, '11': 23 });
    expect(sizeRunPrice(run, prices, 0, model.cartProduct.priceBreaks).totalCents).toBe(2 * 2000 + 4 * 2300);
  });

  it('a necklace: a length without a price is not offered in the run', () => {
    const model = purchaseModel(necklace({ n_price_16_stone1: 40, n_price_18_stone1: 42 }));
    const options = purchaseSizes(model, model.initial);
    const run = sizeRun(options, { '16': 1, '18': 1, '20': 1 }, model.steps, 'Necklace Length');
    expect(run.lines.map((l) => l.size)).toEqual(['16', '18']);
    expect(model.views[selectionKey({ ...model.initial, size: '20' })]?.price).toBeNull();
  });
});
