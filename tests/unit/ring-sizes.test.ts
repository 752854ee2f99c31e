import { describe, expect, it } from 'vitest';
import {
  canonicalRingSize,
  DEFAULT_RING_SIZES,
  defaultRingSize,
  formatRingSizes,
  formatRingSurcharge,
  parseRingSizes,
  parseRingSurcharge,
  RING_SIZES,
  ringSizePrice,
  ringSizesWords,
  ringSizingProblem,
} from '@/lib/catalog/ring-sizes';
import { normalizeSelection, optionProblem } from '@/lib/checkout/pricing';
import { cartSpecifications, initialSelection, selectionDetails, sizeOptions } from '@/lib/purchase/options';
import { purchaseModel } from '@/lib/purchase/model';
import { purchaseSizeInfo, purchaseSizes, purchaseView } from '@/lib/purchase/selection';
import { specificationsText } from '@/lib/purchase/labels';
import { ring, TWO_STONES } from './product-fixtures';

describe('ring sizes', () => {
  it('offers US 3 to 16 by halves, and 5 to 9 by default', () => {
    expect(RING_SIZES[0]).toBe('3');
    expect(RING_SIZES.at(-1)).toBe('16');
    expect(RING_SIZES).toHaveLength(27);
    expect(DEFAULT_RING_SIZES).toEqual(['5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9']);
  });

  it('reads a size in any plain spelling, and nothing else', () => {
    expect(canonicalRingSize('7')).toBe('7');
    expect(canonicalRingSize(' 7.0 ')).toBe('7');
    expect(canonicalRingSize('7.50')).toBe('7.5');
    for (const bad of ['7.25', '2.5', '16.5', '17', 'seven', '', '7"', '-7', '1e1']) expect(canonicalRingSize(bad), bad).toBeNull();
  });

  it('parses lists and ranges, ascending and once each', () => {
    expect(parseRingSizes('5-9')).toEqual({ ok: true, sizes: DEFAULT_RING_SIZES });
    expect(parseRingSizes('10, 6;6  5.5')).toEqual({ ok: true, sizes: ['5.5', '6', '10'] });
    expect(parseRingSizes('9.5–11')).toEqual({ ok: true, sizes: ['9.5', '10', '10.5', '11'] });
    expect(parseRingSizes('  ')).toEqual({ ok: true, sizes: [] });
  });

  it('refuses what is not a size or a range, saying what it read', () => {
    const bad = parseRingSizes('5-9, 7.25');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^"7\.25" is not a ring size: US sizes 3 to 16/);
    expect(parseRingSizes('9-5').ok).toBe(false);
    expect(parseRingSizes('S, M, L').ok).toBe(false);
    expect(parseRingSizes('5--9').ok).toBe(false);
  });

  it('writes runs as ranges and reads its own writing back unchanged', () => {
    expect(formatRingSizes(DEFAULT_RING_SIZES)).toBe('5-9');
    expect(formatRingSizes(['10', '5', '6', '5.5', '11'])).toBe('5-6, 10, 11');
    expect(formatRingSizes(['6', '6.5', '8'])).toBe('6, 6.5, 8');
    expect(formatRingSizes([])).toBe('');
    expect(ringSizesWords(['4', '4.5', '5', '10'])).toBe('US 4–5, 10');
    for (const sizes of [DEFAULT_RING_SIZES, ['4', '4.5', '5', '9', '12', '12.5', '13'], ['16'], RING_SIZES]) {
      const parsed = parseRingSizes(formatRingSizes(sizes));
      expect(parsed).toEqual({ ok: true, sizes: [...sizes] });
    }
  });

  it('opens on 7 where offered, else the middle size', () => {
    expect(defaultRingSize(DEFAULT_RING_SIZES)).toBe('7');
    expect(defaultRingSize(['9', '10', '11'])).toBe('10');
    expect(defaultRingSize(['9', '10', '11', '12'])).toBe('10');
    expect(defaultRingSize([])).toBeNull();
  });

  it('reads and writes the surcharge as dollars from a size', () => {
    expect(parseRingSurcharge('2.00 from 10')).toEqual({ ok: true, surcharge: 2, surchargeFrom: '10' });
    expect(parseRingSurcharge('$3.5 from size 10.5')).toEqual({ ok: true, surcharge: 3.5, surchargeFrom: '10.5' });
    expect(parseRingSurcharge('')).toEqual({ ok: true, surcharge: null, surchargeFrom: null });
    for (const bad of ['2', 'from 10', '0 from 10', '2 from 10.25', 'two from ten']) expect(parseRingSurcharge(bad).ok, bad).toBe(false);
    expect(formatRingSurcharge({ surcharge: 2, surchargeFrom: '10' })).toBe('2.00 from 10');
    expect(formatRingSurcharge({ surcharge: null, surchargeFrom: null })).toBe('');
  });

  it('adds the surcharge from its size up, in whole cents', () => {
    const sizing = { sizes: ['9', '10', '11'], surcharge: 0.1, surchargeFrom: '10' };
    expect(ringSizePrice(0.2, sizing, '9')).toBe(0.2);
    expect(ringSizePrice(0.2, sizing, '10')).toBe(0.3);
    expect(ringSizePrice(0.2, sizing, null)).toBe(0.2);
  });

  it('refuses sizes on an adjustable ring and a surcharge from a size not offered', () => {
    expect(ringSizingProblem({ adjustable: true, sizes: ['7'], surcharge: null, surchargeFrom: null })).toMatch(/adjustable ring has no sizes/);
    expect(ringSizingProblem({ adjustable: false, sizes: ['7'], surcharge: 2, surchargeFrom: '10' })).toMatch(/size 10, which the ring does not offer/);
    expect(ringSizingProblem({ adjustable: true, sizes: [], surcharge: null, surchargeFrom: null })).toBeNull();
  });
});

describe('a ring bought by size', () => {
  const sized = ring({
    name: 'Halo Ring',
    price_stone1: 40,
    price_stone2: 55,
    stone_details: TWO_STONES,
    material: 'silver',
    sizes: ['6', '7', '10'],
    size_surcharge: 2,
    size_surcharge_from: '10',
  });
  const adjustable = ring({ name: 'Open Band', price_stone1: 30, is_adjustable: true });

  it('opens on its default size and lists its sizes with their prices', () => {
    expect(initialSelection(sized)).toEqual({ stoneType: 'stone1', style: null, size: '7' });
    expect(initialSelection(adjustable)).toEqual({ stoneType: 'stone1', style: null, size: null });
    expect(sizeOptions(sized, initialSelection(sized)).map((o) => [o.value, o.price])).toEqual([['6', 40], ['7', 40], ['10', 42]]);
    expect(sizeOptions(adjustable, initialSelection(adjustable))).toEqual([]);
  });

  it('names the size as Ring Size, without an inch mark, in the summary and the details', () => {
    const specs = cartSpecifications(sized, { stoneType: 'stone2', style: null, size: '10' });
    expect(specificationsText({ specifications: specs, product: sized })).toBe('Stone: Sapphire, Ring Size: 10, Material: Silver');
    expect(selectionDetails(sized, { stoneType: 'stone1', style: null, size: '6' })).toEqual([
      { label: 'Stone', value: 'Ruby' },
      { label: 'Ring Size', value: '6' },
    ]);
  });

  it('gives the page every size of each stone, the legend and the surcharge hint', () => {
    const model = purchaseModel(sized);
    const selection = { stoneType: 'stone2' as const, style: null, size: '10' };
    expect(purchaseSizes(model, selection).map((o) => o.value)).toEqual(['6', '7', '10']);
    expect(purchaseSizeInfo(model, selection)).toEqual({ legend: 'Ring Size', hint: 'Size 10 and up: +$2.00 a piece.' });
    expect(purchaseView(model, selection).price).toBe(57);
    expect(purchaseView(model, selection).summary).toBe('Stone: Sapphire, Ring Size: 10, Material: Silver');
    expect(purchaseSizeInfo(purchaseModel(adjustable), initialSelection(adjustable))).toBeUndefined();
  });

  it('is refused at the server without a size, in a size not offered, or with a size when adjustable, naming the line', () => {
    expect(normalizeSelection(sized, { stoneType: 'stone1', size: '7.0' })).toEqual({ stoneType: 'stone1', size: '7', style: null });
    expect(normalizeSelection(sized, { stoneType: 'stone1', size: '8' })).toBeNull();
    expect(optionProblem(sized, { stoneType: 'stone1', size: '8' })).toBe('Halo Ring is not offered in size 8.');
    expect(normalizeSelection(sized, { stoneType: 'stone1' })).toBeNull();
    expect(optionProblem(sized, { stoneType: 'stone1' })).toBe('Please choose a ring size for Halo Ring.');
    expect(normalizeSelection(sized, { stoneType: 'stone1', size: '7', style: 'necklace' })).toBeNull();
    expect(normalizeSelection(adjustable, { stoneType: 'stone1', size: '7' })).toBeNull();
    expect(optionProblem(adjustable, { stoneType: 'stone1', size: '7' })).toBe('Open Band is adjustable and is not sold by size.');
    expect(normalizeSelection(adjustable, { stoneType: 'stone1' })).toEqual({ stoneType: 'stone1', size: null, style: null });
  });
});
