import { describe, expect, it } from 'vitest';
import { purchaseModel } from '@/lib/purchase/model';
import { lineProblem, normalizeSize, selectionFor, selectionUnitPrice } from '@/lib/quick-order/lines';
import { necklace, ring, TWO_STONES } from './product-fixtures';

const sixes = purchaseModel(ring({ name: 'Six Band', material: 'silver', moq: 10, pack_size: 6, stone_details: TWO_STONES, price_stone1: 10, price_stone2: 12 }));
const band = purchaseModel(ring({ name: 'Halo Band', material: 'gold', sizes: ['6', '6.5', '7', '7.5', '8'], price_stone1: 20 }));
const chain = purchaseModel(
  necklace({ name: 'Rope Chain', material: 'gold', is_bracelet: true, stone_details: { Stone1: 'Opal' }, n_price_18_stone1: 40, n_price_20_stone1: 44, b_price_7_stone1: 30 }),
);

describe('quick-order options', () => {
  it('starts from the product page’s opening selection', () => {
    expect(selectionFor(sixes, {})).toEqual(sixes.initial);
    expect(selectionFor(chain, {})).toEqual({ stoneType: 'stone1', style: 'necklace', size: '18' });
  });

  it('reads stones as buyers write them: Stone 2, 2, stone2 or the name', () => {
    for (const stone of ['Stone 2', '2', 'stone2', 'sapphire']) expect(selectionFor(sixes, { stone })?.stoneType, stone).toBe('stone2');
    expect(selectionFor(sixes, { stone: 'Emerald' })).toBeNull();
    expect(selectionFor(chain, { stone: 'Stone 2' })).toBeNull();
  });

  it('reads sizes with or without inch marks, in the style asked', () => {
    expect(['20', '20"', '20 in', '20.0', '20”'].map(normalizeSize)).toEqual(['20', '20', '20', '20', '20']);
    expect(selectionFor(chain, { size: '20"' })).toEqual({ stoneType: 'stone1', style: 'necklace', size: '20' });
    expect(selectionFor(chain, { style: 'Bracelet', size: '7' })).toEqual({ stoneType: 'stone1', style: 'bracelet', size: '7' });
    expect(selectionFor(chain, { size: '40' })).toBeNull();
    expect(selectionFor(chain, { style: 'anklet' })).toBeNull();
  });

  it('gives a ring its default size, and reads ring sizes as buyers write them', () => {
    expect(band.initial).toEqual({ stoneType: 'stone1', style: null, size: '7' });
    expect(selectionFor(band, {})).toEqual(band.initial);
    for (const size of ['7.5', '7.50', 'US 7.5', 'size 7.5']) expect(selectionFor(band, { size })?.size, size).toBe('7.5');
    expect(selectionFor(band, { size: '12' })).toBeNull();
  });

  it('refuses a material the product is not made in', () => {
    expect(selectionFor(chain, { material: 'Gold' })).not.toBeNull();
    expect(selectionFor(chain, { material: 'silver' })).toBeNull();
    expect(selectionFor(purchaseModel(ring({ material: 'rose-gold', price_stone1: 5 })), { material: 'Rose Gold' })).not.toBeNull();
  });
});

describe('quick-order line problems', () => {
  it('accepts whole packs at or above the MOQ', () => {
    expect(lineProblem(sixes, sixes.initial, 12)).toBeNull();
    expect(selectionUnitPrice(sixes, sixes.initial)).toBe(10);
  });

  it('raises a quantity below the MOQ and rounds part packs up, each with its fix', () => {
    expect(lineProblem(sixes, sixes.initial, 6)).toEqual({
      code: 'below_moq',
      message: 'The minimum order is 12.',
      fix: { label: 'Raise to 12', quantity: 12 },
    });
    expect(lineProblem(sixes, sixes.initial, 13)).toEqual({
      code: 'not_pack_multiple',
      message: 'Sold in packs of 6.',
      fix: { label: 'Round up to 18', quantity: 18 },
    });
  });

  it('never lets a ring go without a size: the fix is its default size', () => {
    expect(lineProblem(band, band.initial, 1)).toBeNull();
    expect(lineProblem(band, { stoneType: 'stone1', style: null, size: null }, 1)).toEqual({
      code: 'option_unavailable',
      message: 'Please choose a ring size for Halo Band.',
      fix: { label: 'Use the standard options', selection: band.initial },
    });
  });

  it('offers the standard options for options the product does not offer, and a quote where there is no price', () => {
    expect(lineProblem(chain, null, 1)).toMatchObject({ code: 'option_unavailable', fix: { selection: chain.initial } });
    expect(lineProblem(chain, { stoneType: 'stone1', style: 'necklace', size: '22' }, 1)).toMatchObject({ code: 'no_price' });
  });
});
