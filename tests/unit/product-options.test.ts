// Over 300 lines: one case per category and option rule, all on the same product fixtures.
import { describe, expect, it } from 'vitest';
import {
  canAddToCart,
  cartSpecifications,
  detailsList,
  NO_SECOND_STONE,
  selectionDetails,
  formatGauge,
  formatInches,
  initialSelection,
  isAdjustableNecklace,
  metaDescription,
  selectionPrice,
  selectSize,
  selectStone,
  selectStyle,
  sizeLegend,
  sizeOptions,
  stoneOptions,
  styleOptions,
} from '@/lib/purchase/options';
import { canDecrement, decrementQuantity, incrementQuantity, quantityFromInput } from '@/lib/purchase/quantity';
import { bodyJewelry, bracelet, earring, necklace, ring, TWO_STONES } from './product-fixtures';

describe('initial selection', () => {
  it('opens on stone 1 and the page style with its default size', () => {
    expect(initialSelection(ring())).toEqual({ stoneType: 'stone1', style: null, size: null });
    expect(initialSelection(earring())).toEqual({ stoneType: 'stone1', style: null, size: null });
    expect(initialSelection(necklace())).toEqual({ stoneType: 'stone1', style: 'necklace', size: '18' });
    expect(initialSelection(necklace({ is_bracelet: true }))).toEqual({ stoneType: 'stone1', style: 'necklace', size: '18' });
    expect(initialSelection(bracelet())).toEqual({ stoneType: 'stone1', style: 'bracelet', size: '7' });
    expect(initialSelection(bracelet({ is_necklace: true }))).toEqual({ stoneType: 'stone1', style: 'bracelet', size: '7' });
  });
});

describe('stone choice', () => {
  it('names each stone, and says so in a disabled second choice when there is one stone', () => {
    expect(stoneOptions(ring({ stone_details: TWO_STONES }))).toEqual([
      { value: 'stone1', label: 'Ruby', name: 'Ruby', disabled: false },
      { value: 'stone2', label: 'Sapphire', name: 'Sapphire', disabled: false },
    ]);
    expect(stoneOptions(ring({ stone: 'Opal' }))).toEqual([
      { value: 'stone1', label: 'Opal', name: 'Opal', disabled: false },
      { value: 'stone2', label: NO_SECOND_STONE, name: null, disabled: true },
    ]);
    expect(NO_SECOND_STONE).toBe('No other stone');
  });

  it('offers no stone choice at all for a piece without a stone (a plain band)', () => {
    expect(stoneOptions(ring())).toEqual([]);
    expect(stoneOptions(ring({ stone: '  ', stone_details: null }))).toEqual([]);
  });

  it('ignores a choice of Stone 2 without a second stone', () => {
    const p = ring({ stone_details: { Stone1: 'Ruby' } });
    const sel = initialSelection(p);
    expect(selectStone(p, sel, 'stone2')).toBe(sel);
    const two = ring({ stone_details: TWO_STONES });
    expect(selectStone(two, sel, 'stone2').stoneType).toBe('stone2');
    expect(selectStone(two, { ...sel, stoneType: 'stone2' }, 'stone1').stoneType).toBe('stone1');
  });

  it('changes the price with the stone', () => {
    const p = earring({ stone_details: TWO_STONES, price_stone1: 20, price_stone2: 30 });
    const sel = initialSelection(p);
    expect(selectionPrice(p, sel)).toBe(20);
    expect(selectionPrice(p, selectStone(p, sel, 'stone2'))).toBe(30);
  });
});

describe('style switching', () => {
  it('offers a style choice only on cross-flagged necklaces and bracelets', () => {
    expect(styleOptions(necklace())).toEqual([]);
    expect(styleOptions(ring())).toEqual([]);
    expect(styleOptions(necklace({ is_bracelet: true }))).toEqual([
      { value: 'necklace', label: 'Necklace' },
      { value: 'bracelet', label: 'Bracelet' },
    ]);
    expect(styleOptions(bracelet({ is_necklace: true }))).toEqual([
      { value: 'bracelet', label: 'Bracelet' },
      { value: 'necklace', label: 'Necklace' },
    ]);
  });

  it('necklace page: bracelet resets to 7, necklace back to 18', () => {
    const p = necklace({ is_bracelet: true });
    let sel = selectSize(p, initialSelection(p), '24');
    sel = selectStyle(p, sel, 'bracelet');
    expect(sel).toEqual({ stoneType: 'stone1', style: 'bracelet', size: '7' });
    sel = selectStyle(p, { ...sel, size: '8' }, 'necklace');
    expect(sel).toEqual({ stoneType: 'stone1', style: 'necklace', size: '18' });
  });

  it('bracelet page: default 7, 18 when switched to necklace', () => {
    const p = bracelet({ is_necklace: true, stone_details: TWO_STONES });
    const start = { ...initialSelection(p), stoneType: 'stone2' as const };
    expect(start.size).toBe('7');
    expect(selectStyle(p, start, 'necklace')).toEqual({ stoneType: 'stone2', style: 'necklace', size: '18' });
  });

  it('ignores styles the product does not offer, and re-choosing the current one', () => {
    const p = necklace();
    const sel = { ...initialSelection(p), size: '22' };
    expect(selectStyle(p, sel, 'bracelet')).toBe(sel);
    expect(selectStyle(p, sel, 'necklace')).toBe(sel);
  });
});

describe('size options', () => {
  const p = necklace({ is_bracelet: true, n_price_18_stone1: 18, n_price_20_stone1: 20, b_price_7_stone1: 7 });

  it('disables lengths without a price', () => {
    const opts = sizeOptions(p, initialSelection(p));
    expect(opts.map((o) => o.value)).toEqual(['16', '18', '20', '22', '24', '26', '28', '30']);
    expect(opts.filter((o) => !o.disabled).map((o) => o.value)).toEqual(['18', '20']);
    expect(opts[1]).toEqual({ value: '18', label: '18"', price: 18, disabled: false });
    expect(opts[0]).toEqual({ value: '16', label: '16"', price: null, disabled: true });
  });

  it('lists bracelet sizes in the bracelet style', () => {
    const sel = selectStyle(p, initialSelection(p), 'bracelet');
    const opts = sizeOptions(p, sel);
    expect(opts.map((o) => o.label)).toEqual(['6"', '6.5"', '7"', '7.5"', '8"', '8.5"']);
    expect(opts.filter((o) => !o.disabled).map((o) => o.value)).toEqual(['7']);
  });

  it('follows the stone', () => {
    const two = necklace({ stone_details: TWO_STONES, n_price_18_stone1: 18, n_price_22_stone2: 22 });
    const sel = selectStone(two, initialSelection(two), 'stone2');
    expect(sizeOptions(two, sel).filter((o) => !o.disabled).map((o) => o.value)).toEqual(['22']);
  });

  it('refuses a disabled or unknown size', () => {
    const sel = initialSelection(p);
    expect(selectSize(p, sel, '16')).toBe(sel);
    expect(selectSize(p, sel, '17')).toBe(sel);
    expect(selectSize(p, sel, '20')).toEqual({ ...sel, size: '20' });
  });

  it('has none for rings, earrings and body jewelry', () => {
    for (const q of [ring({ price_stone1: 1 }), earring(), bodyJewelry()]) {
      expect(sizeOptions(q, initialSelection(q))).toEqual([]);
    }
  });

  it('prices every length of an adjustable necklace at 16 in', () => {
    const adj = necklace({ is_adjustable: true, n_price_16_stone1: 16, n_price_18_stone1: 18 });
    const sel = initialSelection(adj);
    expect(isAdjustableNecklace(adj, sel)).toBe(true);
    expect(selectionPrice(adj, sel)).toBe(16);
    expect(sizeOptions(adj, sel).every((o) => o.price === 16 && !o.disabled)).toBe(true);
    expect(isAdjustableNecklace(necklace(), initialSelection(necklace()))).toBe(false);
    const bothAdj = necklace({ is_adjustable: true, is_bracelet: true });
    expect(isAdjustableNecklace(bothAdj, selectStyle(bothAdj, initialSelection(bothAdj), 'bracelet'))).toBe(false);
  });

  it('names the size group by style', () => {
    expect(sizeLegend('necklace')).toBe('Necklace Length');
    expect(sizeLegend('bracelet')).toBe('Bracelet Size');
  });
});

describe('Add to Cart', () => {
  it('is disabled on a ring without a price', () => {
    const r = ring({ price_stone1: null, stone_details: TWO_STONES, price_stone2: 9 });
    expect(canAddToCart(r, initialSelection(r))).toBe(false);
    expect(canAddToCart(r, selectStone(r, initialSelection(r), 'stone2'))).toBe(true);
    expect(canAddToCart(ring({ price_stone1: 0 }), initialSelection(ring()))).toBe(false);
    expect(canAddToCart(ring({ price_stone1: 5 }), initialSelection(ring()))).toBe(true);
  });

  it('is disabled for any selection without a price', () => {
    const n = necklace({ n_price_20_stone1: 20 });
    expect(canAddToCart(n, initialSelection(n))).toBe(false);
    expect(canAddToCart(n, { ...initialSelection(n), size: '20' })).toBe(true);
  });
});

describe('cart specifications', () => {
  it('records stone, size, material and style', () => {
    const n = necklace({ stone_details: TWO_STONES, material: 'rose-gold', is_bracelet: true });
    const sel = selectStyle(n, selectStone(n, initialSelection(n), 'stone2'), 'bracelet');
    expect(cartSpecifications(n, sel)).toEqual({
      stoneType: 'stone2',
      stoneName: 'Sapphire',
      size: '7',
      material: 'rose-gold',
      style: 'bracelet',
    });
    expect(cartSpecifications(ring({ stone: 'Opal', material: 'gold' }), initialSelection(ring()))).toEqual({
      stoneType: 'stone1',
      stoneName: 'Opal',
      size: null,
      material: 'gold',
      style: null,
    });
  });
});

describe('quantity input', () => {
  it('ignores typed values below the MOQ', () => {
    expect(quantityFromInput('5', 10, 12)).toBe(12);
    expect(quantityFromInput('0', 1, 3)).toBe(3);
    expect(quantityFromInput('9', 10, 10)).toBe(10);
  });

  it('takes whole values at or above the MOQ', () => {
    expect(quantityFromInput('10', 10, 12)).toBe(10);
    expect(quantityFromInput(' 250 ', 10, 12)).toBe(250);
    expect(quantityFromInput('3', null, 1)).toBe(3);
  });

  it('resets an empty value to the MOQ', () => {
    expect(quantityFromInput('', 10, 40)).toBe(10);
    expect(quantityFromInput('   ', undefined, 40)).toBe(1);
  });

  it('ignores anything that is not a whole number', () => {
    expect(quantityFromInput('12.5', 1, 4)).toBe(4);
    expect(quantityFromInput('-3', 1, 4)).toBe(4);
    expect(quantityFromInput('abc', 1, 4)).toBe(4);
    expect(quantityFromInput('1e3', 1, 4)).toBe(4);
    expect(quantityFromInput('99999999999999999999', 1, 4)).toBe(4);
  });

  it('disables decrement at the MOQ and never steps below it', () => {
    expect(canDecrement(10, 10)).toBe(false);
    expect(canDecrement(11, 10)).toBe(true);
    expect(canDecrement(1, null)).toBe(false);
    expect(decrementQuantity(11, 10)).toBe(10);
    expect(decrementQuantity(10, 10)).toBe(10);
    expect(incrementQuantity(10, 10)).toBe(11);
    expect(incrementQuantity(2, 10)).toBe(10);
  });
});

describe('formatting', () => {
  it('adds an inch mark to plain numbers', () => {
    expect(formatInches('18')).toBe('18"');
    expect(formatInches('6.5')).toBe('6.5"');
    expect(formatInches(7)).toBe('7"');
    expect(formatInches('5/16')).toBe('5/16"');
    expect(formatInches('10mm')).toBe('10mm');
    expect(formatInches(null)).toBe('');
  });

  it('shows gauge with a G', () => {
    expect(formatGauge('16')).toBe('16G');
    expect(formatGauge('14g')).toBe('14g');
    expect(formatGauge('14 gauge')).toBe('14 gauge');
    expect(formatGauge(null)).toBe('');
  });
});

describe('details list', () => {
  const labels = (entries: { label: string }[]) => entries.map((e) => e.label);

  it('lists a ring', () => {
    expect(detailsList(ring({ material: 'rose-gold', stone: 'Opal', weight: 3.2, is_adjustable: true }))).toEqual([
      { label: 'Material', value: 'Rose Gold' },
      { label: 'Adjustable', value: 'Yes' },
      { label: 'Weight', value: '3.2 g' },
    ]);
  });

  it('names the chosen stone only, never Stone 1 and Stone 2 as if the piece had both', () => {
    const two = earring({ stone_details: TWO_STONES, material: null });
    expect(detailsList(two)).toEqual([]);
    expect(selectionDetails(two, { stoneType: 'stone1', style: null, size: null })).toEqual([{ label: 'Stone', value: 'Ruby' }]);
    expect(selectionDetails(two, { stoneType: 'stone2', style: null, size: null })).toEqual([{ label: 'Stone', value: 'Sapphire' }]);
  });

  it("follows the chosen length and style, never the necklace's own chain length", () => {
    // The page said "Chain Length 24"" while 18" was chosen.
    const n = necklace({ chain_length: '24', is_bracelet: true, stone: 'Onyx' });
    expect(labels(detailsList(n))).not.toContain('Chain Length');
    expect(selectionDetails(n, { stoneType: 'stone1', style: 'necklace', size: '18' })).toEqual([
      { label: 'Stone', value: 'Onyx' },
      { label: 'Necklace Length', value: '18"' },
      { label: 'Style', value: 'Necklace' },
    ]);
    expect(selectionDetails(n, { stoneType: 'stone1', style: 'bracelet', size: '7.5' })).toEqual([
      { label: 'Stone', value: 'Onyx' },
      { label: 'Bracelet Size', value: '7.5"' },
      { label: 'Style', value: 'Bracelet' },
    ]);
    // One style only: no Style row.
    expect(selectionDetails(necklace({ chain_length: '24' }), { stoneType: 'stone1', style: 'necklace', size: '20' })).toEqual([
      { label: 'Necklace Length', value: '20"' },
    ]);
  });

  it('lists necklace and bracelet attributes and the other style', () => {
    const n = necklace({ necklace_type: 'Chain', chain_length: '18', clasp_type: 'Lobster', is_bracelet: true });
    expect(detailsList(n)).toEqual([
      { label: 'Material', value: 'Silver' },
      { label: 'Type', value: 'Chain' },
      { label: 'Clasp', value: 'Lobster' },
      { label: 'Adjustable', value: 'No' },
      { label: 'Also Available As', value: 'Bracelet' },
    ]);
    expect(labels(detailsList(bracelet({ is_necklace: true, clasp_type: 'Toggle' })))).toEqual([
      'Material',
      'Clasp',
      'Adjustable',
      'Also Available As',
    ]);
  });

  it('shows size and gauge for body jewelry', () => {
    const b = bodyJewelry({ jewelry_type: 'Barbell', size: '5/8"', gauge: '14', material: 'gold' });
    expect(detailsList(b)).toEqual([
      { label: 'Material', value: 'Gold' },
      { label: 'Type', value: 'Barbell' },
      { label: 'Size', value: '5/8"' },
      { label: 'Gauge', value: '14G' },
    ]);
  });

  it('lists earring type and closure, leaving out empty values', () => {
    expect(labels(detailsList(earring({ earring_type: 'Stud', closure_type: '  ', weight: 0.8 })))).toEqual([
      'Material',
      'Type',
      'Weight',
    ]);
  });
});

describe('meta description', () => {
  it('uses the product text, cut at a word', () => {
    expect(metaDescription(ring({ description: '  A  classic\nring. ' }), { singular: 'ring' })).toBe('A classic ring.');
    const long = `${'word '.repeat(60)}end`;
    const out = metaDescription(ring({ description: long }), { singular: 'ring' });
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith('word…')).toBe(true);
  });

  it('summarises the facts without a description', () => {
    expect(
      metaDescription(ring({ name: 'Halo', material: 'rose-gold', stone: 'Opal', sku: 'R-1', moq: 12 }), { singular: 'ring' }),
    ).toBe('Halo: wholesale rose gold ring with Opal. SKU R-1. Minimum order 12.');
    expect(metaDescription(earring({ name: 'Hoop', material: null, sku: null }), { singular: 'earring' })).toBe(
      'Hoop: wholesale earring. Minimum order 1.',
    );
  });
});
