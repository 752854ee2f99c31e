// Quick order's ready rows become cart lines with every choice filled in (a ring's default size), and Add all's toast
// names each line with its choices, in the listing card's words (addedDescription).
import { describe, expect, it } from 'vitest';
import { addedDescription } from '@/lib/cart/lines';
import { purchaseModel } from '@/lib/purchase/model';
import { addedLines, cartInputs, choiceLabels, type GridRow, type Models } from '@/lib/quick-order/grid';
import { selectionFor } from '@/lib/quick-order/lines';
import { necklace, ring } from './product-fixtures';

const band = purchaseModel(
  ring({ id: '22222222-2222-4222-8222-222222222222', name: 'Halo Band', material: 'gold', sizes: ['6', '7', '8'], stone_details: { Stone1: 'Ruby' }, price_stone1: 20 }),
);
const chain = purchaseModel(
  necklace({ id: '33333333-3333-4333-8333-333333333333', name: 'Rope Chain', material: 'gold', stone_details: { Stone1: 'Opal' }, n_price_18_stone1: 40 }),
);
const models: Models = { [band.productId]: band, [chain.productId]: chain };

const row = (model: typeof band, quantity: number, selection = selectionFor(model, {})): GridRow => ({
  key: model.productId,
  sku: model.cartProduct.sku ?? '',
  quantity,
  productId: model.productId,
  selection,
  problem: null,
});

describe('quick order to the cart', () => {
  it('adds a ring pasted by SKU alone in its default size', () => {
    const [ringLine] = cartInputs([row(band, 3)], models);
    expect(ringLine!.specifications).toEqual({ stoneType: 'stone1', stoneName: 'Ruby', size: '7', material: 'gold', style: null });
    expect(ringLine!.selectedPrice).toBe(20);
  });

  it('names each added line with its choices, as a one-click add does', () => {
    const inputs = cartInputs([row(band, 3), row(chain, 2), row(band, 1, { stoneType: 'stone1', style: null, size: '8' })], models);
    expect(addedLines(inputs)).toEqual([
      '3 × Halo Band (Stone: Ruby, Ring Size: 7)',
      '2 × Rope Chain (Stone: Opal, Necklace Length: 18", Style: Necklace)',
      '1 × Halo Band (Stone: Ruby, Ring Size: 8)',
    ]);
    expect(addedLines(inputs)).toEqual(inputs.map(addedDescription));
  });

  it('names each row’s size select after its kind', () => {
    expect(choiceLabels(band.initial, 3).size).toBe('Ring size, line 3');
    expect(choiceLabels(chain.initial, 1)).toEqual({ stone: 'Stone, line 1', style: 'Style, line 1', size: 'Length, line 1' });
    expect(choiceLabels({ stoneType: 'stone1', style: 'bracelet', size: '7' }, 2).size).toBe('Bracelet size, line 2');
  });
});
