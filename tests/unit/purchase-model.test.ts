import { describe, expect, it } from 'vitest';
import { specificationsText } from '@/lib/purchase/labels';
import type { Style } from '@/lib/purchase/pricing';
import {
  cartSpecifications,
  initialSelection,
  selectSize,
  selectStone,
  selectStyle,
  selectionPrice,
  sizeOptions,
  type ProductSelection,
} from '@/lib/purchase/options';
import { purchaseFacts, purchaseModel } from '@/lib/purchase/model';
import { choose, purchaseSizes, purchaseSpecifications, purchaseView, selectionKey } from '@/lib/purchase/selection';
import type { Product } from '@/lib/catalog/types';
import { bodyJewelry, bracelet, earring, necklace, ring, TWO_STONES } from './product-fixtures';

const prices = {
  n_price_16_stone1: 40,
  n_price_18_stone1: 42,
  n_price_20_stone1: 0,
  n_price_18_stone2: 47,
  b_price_7_stone1: 30,
  b_price_7_5_stone1: 31,
  b_price_6_stone2: 33,
};

const products: Array<[string, Product]> = [
  ['a ring with two stones', ring({ stone_details: TWO_STONES, price_stone1: 25, price_stone2: 0 })],
  ['a plain band (no stone)', ring({ stone: null, stone_details: null, price_stone1: 19.5 })],
  ['an earring without a price', earring({ stone_details: TWO_STONES })],
  ['body jewelry', bodyJewelry({ price_stone1: 12, size: '8mm', gauge: '16' })],
  ['a necklace also sold as a bracelet', necklace({ stone_details: TWO_STONES, is_bracelet: true, ...prices })],
  ['an adjustable necklace', necklace({ stone_details: TWO_STONES, is_adjustable: true, ...prices })],
  ['a bracelet also sold as a necklace', bracelet({ stone_details: { Stone1: 'Opal' }, is_necklace: true, ...prices })],
];

/** Every selection reachable from the page's opening one through the server's own select rules. */
function reachable(product: Product): ProductSelection[] {
  const seen = new Map<string, ProductSelection>();
  const queue = [initialSelection(product)];
  while (queue.length > 0) {
    const s = queue.shift()!;
    if (seen.has(selectionKey(s))) continue;
    seen.set(selectionKey(s), s);
    queue.push(selectStone(product, s, 'stone1'), selectStone(product, s, 'stone2'));
    for (const style of ['necklace', 'bracelet'] as Style[]) queue.push(selectStyle(product, s, style));
    for (const o of sizeOptions(product, s)) queue.push(selectSize(product, s, o.value));
  }
  return [...seen.values()];
}

describe('the purchase model the server hands the product page', () => {
  for (const [name, product] of products) {
    it(`${name}: every reachable selection shows the server's price, words, sizes and cart line`, () => {
      const model = purchaseModel(product);
      const selections = reachable(product);
      expect(selections.length).toBeGreaterThan(0);
      for (const s of selections) {
        const view = purchaseView(model, s);
        expect(view.price).toBe(selectionPrice(product, s));
        expect(view.summary).toBe(specificationsText({ specifications: cartSpecifications(product, s), product }));
        expect(purchaseSpecifications(model, s)).toEqual(cartSpecifications(product, s));
        expect(purchaseSizes(model, s)).toEqual(sizeOptions(product, s).map(({ value, label, disabled }) => ({ value, label, disabled })));
        // The browser's moves agree with the server's select rules.
        for (const stone of ['stone1', 'stone2'] as const) expect(choose(model, s, { stone })).toEqual(selectStone(product, s, stone));
        for (const style of ['necklace', 'bracelet'] as Style[]) expect(choose(model, s, { style })).toEqual(selectStyle(product, s, style));
        for (const size of ['16', '18', '20', '7', '7.5', '6', '99']) expect(choose(model, s, { size })).toEqual(selectSize(product, s, size));
      }
      // Nothing the page cannot reach is sent.
      expect(Object.keys(model.views).length).toBeLessThanOrEqual(2 * (8 + 6));
    });
  }

  it('offers no stone choice for a piece without a stone, and the adjustable hint only on the necklace style', () => {
    expect(purchaseModel(ring({ stone: null, stone_details: null, price_stone1: 19.5 })).stones).toEqual([]);
    const adjustable = purchaseModel(necklace({ is_adjustable: true, is_bracelet: true, ...prices }));
    expect(adjustable.styleInfo.necklace?.hint).toBe('Adjustable: every length is priced as 16".');
    expect(adjustable.styleInfo.bracelet?.hint).toBeUndefined();
    expect(adjustable.styleInfo.bracelet?.legend).toBe('Bracelet Size');
  });

  it('lists the material, and size and gauge for body jewelry', () => {
    expect(purchaseFacts(bodyJewelry({ material: 'gold', size: '8mm', gauge: '16' }))).toEqual([
      ['Material', 'Gold'],
      ['Size', '8mm'],
      ['Gauge', '16G'],
    ]);
  });
});
