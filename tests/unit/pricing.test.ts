import { describe, expect, it } from 'vitest';
import {
  availableStyles,
  defaultSizeFor,
  defaultStyle,
  displayPrice,
  hasSecondStone,
  positivePrice,
  sizesFor,
  stoneName,
  unitPrice,
} from '@/lib/purchase/pricing';
import { clampQuantity, effectiveMoq } from '@/lib/purchase/quantity';
import { bodyJewelry, bracelet, earring, necklace, ring, TWO_STONES } from './product-fixtures';

describe('positivePrice', () => {
  it('keeps prices above zero only', () => {
    expect(positivePrice(12.5)).toBe(12.5);
    expect(positivePrice('42.50')).toBe(42.5);
    expect(positivePrice(0)).toBeNull();
    expect(positivePrice(-3)).toBeNull();
    expect(positivePrice(null)).toBeNull();
    expect(positivePrice(undefined)).toBeNull();
    expect(positivePrice('')).toBeNull();
    expect(positivePrice('abc')).toBeNull();
    expect(positivePrice(Number.NaN)).toBeNull();
    expect(positivePrice(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('stones', () => {
  it('has a second stone only when Stone2 names one', () => {
    expect(hasSecondStone(ring({ stone_details: TWO_STONES }))).toBe(true);
    expect(hasSecondStone(ring({ stone_details: { Stone1: 'Ruby' } }))).toBe(false);
    expect(hasSecondStone(ring({ stone_details: { Stone1: 'Ruby', Stone2: '  ' } }))).toBe(false);
    expect(hasSecondStone(ring({ stone_details: { Stone1: 'Ruby', Stone2: null } }))).toBe(false);
    expect(hasSecondStone(ring())).toBe(false);
  });

  it('names stone 1 from stone_details, falling back to the stone column', () => {
    expect(stoneName(ring({ stone_details: TWO_STONES }), 'stone1')).toBe('Ruby');
    expect(stoneName(ring({ stone_details: TWO_STONES }), 'stone2')).toBe('Sapphire');
    expect(stoneName(ring({ stone: 'Opal' }), 'stone1')).toBe('Opal');
    expect(stoneName(ring({ stone: 'Opal' }), 'stone2')).toBeNull();
    expect(stoneName(ring(), 'stone1')).toBeNull();
  });
});

describe('unitPrice: rings, earrings, body jewelry', () => {
  for (const make of [ring, earring, bodyJewelry]) {
    const name = make().category;
    it(`${name}: price by stone`, () => {
      const p = make({ price_stone1: 10, price_stone2: 14, stone_details: TWO_STONES });
      expect(unitPrice(p, { stoneType: 'stone1' })).toBe(10);
      expect(unitPrice(p, { stoneType: 'stone2' })).toBe(14);
    });
    it(`${name}: stone 2 has no price without a second stone`, () => {
      const p = make({ price_stone1: 10, price_stone2: 14, stone_details: { Stone1: 'Ruby' } });
      expect(unitPrice(p, { stoneType: 'stone2' })).toBeNull();
    });
    it(`${name}: a zero or missing price is no price`, () => {
      expect(unitPrice(make({ price_stone1: 0 }), { stoneType: 'stone1' })).toBeNull();
      expect(unitPrice(make({ price_stone1: null }), { stoneType: 'stone1' })).toBeNull();
    });
    if (make !== ring) {
      it(`${name}: size and style are ignored`, () => {
        const p = make({ price_stone1: 10 });
        expect(unitPrice(p, { stoneType: 'stone1', size: '30', style: 'bracelet' })).toBe(10);
      });
    }
  }
});

describe('unitPrice: ring sizes', () => {
  const sized = ring({ price_stone1: 40, price_stone2: 55, stone_details: TWO_STONES, sizes: ['6', '7', '10', '10.5'], size_surcharge: 2.5, size_surcharge_from: '10' });

  it('prices an offered size, adding the surcharge from its size up, for either stone', () => {
    expect(unitPrice(sized, { stoneType: 'stone1', size: '7' })).toBe(40);
    expect(unitPrice(sized, { stoneType: 'stone1', size: '10' })).toBe(42.5);
    expect(unitPrice(sized, { stoneType: 'stone2', size: '10.5' })).toBe(57.5);
  });

  it('has no price for a size not offered, or for no size at all', () => {
    expect(unitPrice(sized, { stoneType: 'stone1', size: '8' })).toBeNull();
    expect(unitPrice(sized, { stoneType: 'stone1', size: null })).toBeNull();
    expect(unitPrice(sized, { stoneType: 'stone1' })).toBeNull();
  });

  it('sells an adjustable ring (no sizes) without a size, and refuses one with a size', () => {
    const adjustable = ring({ price_stone1: 40, is_adjustable: true });
    expect(unitPrice(adjustable, { stoneType: 'stone1' })).toBe(40);
    expect(unitPrice(adjustable, { stoneType: 'stone1', size: '7' })).toBeNull();
  });
});

describe('unitPrice: necklaces', () => {
  const n = necklace({
    stone_details: TWO_STONES,
    n_price_16_stone1: 16,
    n_price_18_stone1: 18,
    n_price_18_stone2: 28,
    n_price_30_stone1: 30,
    b_price_7_stone1: 7,
    b_price_8_5_stone2: 8.5,
  });

  it('prices each length and stone', () => {
    expect(unitPrice(n, { stoneType: 'stone1', size: '16' })).toBe(16);
    expect(unitPrice(n, { stoneType: 'stone1', size: '18' })).toBe(18);
    expect(unitPrice(n, { stoneType: 'stone2', size: '18' })).toBe(28);
    expect(unitPrice(n, { stoneType: 'stone1', size: '30' })).toBe(30);
    expect(unitPrice(n, { stoneType: 'stone1', size: '20' })).toBeNull();
  });

  it('defaults to the necklace style at 18 in', () => {
    expect(unitPrice(n, { stoneType: 'stone1' })).toBe(18);
    expect(unitPrice(n, { stoneType: 'stone1', size: null, style: null })).toBe(18);
  });

  it('has no bracelet style unless flagged is_bracelet', () => {
    expect(unitPrice(n, { stoneType: 'stone1', style: 'bracelet', size: '7' })).toBeNull();
    const both = { ...n, is_bracelet: true };
    expect(unitPrice(both, { stoneType: 'stone1', style: 'bracelet', size: '7' })).toBe(7);
    expect(unitPrice(both, { stoneType: 'stone1', style: 'bracelet' })).toBe(7);
    expect(unitPrice(both, { stoneType: 'stone2', style: 'bracelet', size: '8.5' })).toBe(8.5);
  });

  it('rejects a size of the other family', () => {
    expect(unitPrice(n, { stoneType: 'stone1', style: 'necklace', size: '7' })).toBeNull();
    expect(unitPrice(n, { stoneType: 'stone1', style: 'necklace', size: '17' })).toBeNull();
  });

  it('uses the 16-inch price for adjustable necklaces, whatever the length', () => {
    const adj = { ...n, is_adjustable: true };
    for (const size of ['16', '18', '24', '30', null]) {
      expect(unitPrice(adj, { stoneType: 'stone1', size })).toBe(16);
    }
    expect(unitPrice({ ...adj, n_price_16_stone1: null }, { stoneType: 'stone1', size: '18' })).toBeNull();
  });

  it('keeps bracelet sizes of an adjustable necklace on their own prices', () => {
    const adj = { ...n, is_adjustable: true, is_bracelet: true };
    expect(unitPrice(adj, { stoneType: 'stone1', style: 'bracelet', size: '7' })).toBe(7);
  });
});

describe('unitPrice: bracelets', () => {
  const b = bracelet({
    stone_details: TWO_STONES,
    b_price_6_5_stone1: 6.5,
    b_price_7_stone1: 70,
    b_price_7_stone2: 75,
    n_price_18_stone1: 180,
    n_price_16_stone1: 160,
  });

  it('prices each size and stone, defaulting to 7 in', () => {
    expect(unitPrice(b, { stoneType: 'stone1' })).toBe(70);
    expect(unitPrice(b, { stoneType: 'stone2' })).toBe(75);
    expect(unitPrice(b, { stoneType: 'stone1', size: '6.5' })).toBe(6.5);
    expect(unitPrice(b, { stoneType: 'stone1', size: '8' })).toBeNull();
  });

  it('offers the necklace style only when flagged is_necklace', () => {
    expect(unitPrice(b, { stoneType: 'stone1', style: 'necklace', size: '18' })).toBeNull();
    const both = { ...b, is_necklace: true };
    expect(unitPrice(both, { stoneType: 'stone1', style: 'necklace', size: '18' })).toBe(180);
    expect(unitPrice(both, { stoneType: 'stone1', style: 'necklace' })).toBe(180);
    expect(unitPrice({ ...both, is_adjustable: true }, { stoneType: 'stone1', style: 'necklace', size: '18' })).toBe(160);
  });
});

describe('styles and default sizes', () => {
  it('lists the page style first', () => {
    expect(availableStyles(necklace())).toEqual(['necklace']);
    expect(availableStyles(necklace({ is_bracelet: true }))).toEqual(['necklace', 'bracelet']);
    expect(availableStyles(bracelet())).toEqual(['bracelet']);
    expect(availableStyles(bracelet({ is_necklace: true }))).toEqual(['bracelet', 'necklace']);
    expect(availableStyles(ring())).toEqual([]);
    expect(defaultStyle(bracelet({ is_necklace: true }))).toBe('bracelet');
    expect(defaultStyle(necklace({ is_bracelet: true }))).toBe('necklace');
    expect(defaultStyle(earring())).toBeNull();
  });

  it('resets to 18 in for necklaces and 7 in for bracelets', () => {
    expect(defaultSizeFor('necklace')).toBe('18');
    expect(defaultSizeFor('bracelet')).toBe('7');
    expect(defaultSizeFor(null)).toBeNull();
    expect(sizesFor('necklace')).toEqual(['16', '18', '20', '22', '24', '26', '28', '30']);
    expect(sizesFor('bracelet')).toEqual(['6', '6.5', '7', '7.5', '8', '8.5']);
  });
});

describe('displayPrice', () => {
  it('is price_stone1, else the 18-inch stone-1 price', () => {
    expect(displayPrice(ring({ price_stone1: 12 }))).toBe(12);
    expect(displayPrice(ring({ price_stone1: 0, price_stone2: 5 }))).toBeNull();
    expect(displayPrice(necklace({ n_price_18_stone1: 40 }))).toBe(40);
    expect(displayPrice(bracelet({ n_price_18_stone1: 41 }))).toBe(41);
    expect(displayPrice(bracelet({ b_price_7_stone1: 41 }))).toBeNull();
  });
});

describe('MOQ', () => {
  it('defaults to 1 for missing or invalid values', () => {
    expect(effectiveMoq(12)).toBe(12);
    expect(effectiveMoq(1)).toBe(1);
    expect(effectiveMoq(0)).toBe(1);
    expect(effectiveMoq(-4)).toBe(1);
    expect(effectiveMoq(2.5)).toBe(1);
    expect(effectiveMoq(null)).toBe(1);
    expect(effectiveMoq(undefined)).toBe(1);
  });

  it('never lets a quantity go below the MOQ', () => {
    expect(clampQuantity(3, 10)).toBe(10);
    expect(clampQuantity(10, 10)).toBe(10);
    expect(clampQuantity(25, 10)).toBe(25);
    expect(clampQuantity(0, null)).toBe(1);
    expect(clampQuantity(7.9, 1)).toBe(7);
    expect(clampQuantity(Number.NaN, 6)).toBe(6);
    expect(clampQuantity(Number.POSITIVE_INFINITY, 6)).toBe(6);
  });
});
