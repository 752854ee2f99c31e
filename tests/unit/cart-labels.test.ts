import { describe, expect, it } from 'vitest';
import { productReferences, referencesText } from '@/lib/cart/references';
import {
  specificationEntries,
  specificationsText,
  withInchMark,
} from '@/lib/purchase/labels';
import { addToCart, summaryToCartInput } from '@/lib/cart/lines';
import { cartSpecifications, initialSelection } from '@/lib/purchase/options';
import { ring as ringFixture } from './product-fixtures';
import type { CartItem } from '@/lib/cart/types';
import type { Category } from '@/lib/catalog/categories';

function item(category: Category, specifications: CartItem['specifications'], sku: string | null = 'SKU-1'): CartItem {
  return addToCart([], {
    productId: `${category}-${sku}`,
    quantity: 1,
    specifications,
    selectedPrice: 10,
    product: { name: 'x', sku, category, imageUrl: null, moq: 1, price: 10 },
  })[0]!;
}

describe('specification labels', () => {
  it('labels a necklace length with an inch mark and the style', () => {
    const specs = { stoneType: 'stone1' as const, stoneName: 'Ruby', size: '18', material: 'rose-gold', style: 'necklace' as const };
    expect(specificationEntries(specs, 'necklaces')).toEqual([
      { label: 'Stone', value: 'Ruby' },
      { label: 'Necklace Length', value: '18"' },
      { label: 'Material', value: 'Rose Gold' },
      { label: 'Style', value: 'Necklace' },
    ]);
  });

  it('labels a bracelet size', () => {
    const specs = { stoneType: 'stone2' as const, stoneName: 'Onyx', size: '6.5', material: 'silver', style: 'bracelet' as const };
    expect(specificationsText(item('necklaces', specs))).toBe(
      'Stone: Onyx, Bracelet Size: 6.5", Material: Silver, Style: Bracelet',
    );
  });

  it('uses Size when there is no style', () => {
    expect(specificationEntries({ size: '7' }, 'body_jewelry')).toEqual([{ label: 'Size', value: '7"' }]);
    expect(specificationEntries({ size: '10mm' }, 'body_jewelry')).toEqual([{ label: 'Size', value: '10mm' }]);
  });

  it('never shows Style for rings', () => {
    const specs = { stoneType: 'stone1' as const, stoneName: 'Opal', material: 'gold', style: 'necklace' as const };
    expect(specificationEntries(specs, 'rings').map((e) => e.label)).toEqual(['Stone', 'Material']);
    expect(specificationsText(item('rings', { stoneType: 'stone1', stoneName: 'Opal', material: 'gold' }))).toBe(
      'Stone: Opal, Material: Gold',
    );
  });

  it('shows a stone only by its name, never as Stone 1 or Stone 2', () => {
    expect(specificationEntries({ stoneType: 'stone1', stoneName: null, material: 'gold' }, 'rings')).toEqual([
      { label: 'Material', value: 'Gold' },
    ]);
    expect(specificationEntries({ stoneType: 'stone2', stoneName: '  ' }, 'earrings')).toEqual([]);
    expect(specificationsText(item('rings', { stoneType: 'stone2', stoneName: 'Rose Quartz', material: 'rose-gold' }))).toBe(
      'Stone: Rose Quartz, Material: Rose Gold',
    );
  });

  it('words a line alike on the product page, in the cart and at checkout', () => {
    // The card's quick add (cart), the product page's selection and the checkout's re-priced line all build their
    // specifications from the same product; the one label function gives them the same text.
    const fromCard = summaryToCartInput({
      id: 'p1', category: 'rings', name: 'Band', sku: 'RNG-1', moq: 1, pack_size: 1, material: 'gold', stone_name: 'Rose Quartz',
      image_url: null, price_from: 10, default_price: 10, default_size: null, created_at: '',
    })!;
    const product = { ...ringFixture({ material: 'gold', stone_details: { Stone1: 'Rose Quartz' } }) };
    const fromPage = cartSpecifications(product, initialSelection(product));
    expect(specificationsText({ specifications: fromCard.specifications, product: { category: 'rings' } })).toBe(
      'Stone: Rose Quartz, Material: Gold',
    );
    expect(specificationsText({ specifications: fromPage, product })).toBe('Stone: Rose Quartz, Material: Gold');
  });

  it('decomposed stone names are shown composed (NFC)', () => {
    expect(specificationEntries({ stoneName: 'Pe\u0301ridot' }, 'rings')).toEqual([{ label: 'Stone', value: 'P\u00e9ridot' }]);
  });

  it('leaves out what is not set', () => {
    expect(specificationEntries({}, 'earrings')).toEqual([]);
    expect(specificationsText(item('earrings', {}))).toBe('');
  });

  it('adds the inch mark to numbers and fractions only', () => {
    expect(withInchMark('8.5')).toBe('8.5"');
    expect(withInchMark('1 1/4')).toBe('1 1/4"');
    expect(withInchMark('18"')).toBe('18"');
    expect(withInchMark('Small')).toBe('Small');
  });
});

describe('product references', () => {
  it('lists each SKU once, in cart order, skipping missing ones', () => {
    const items = [
      item('rings', { stoneType: 'stone1' }, 'RNG-2'),
      item('necklaces', { style: 'necklace', size: '18' }, 'NCK-1'),
      item('necklaces', { style: 'necklace', size: '20' }, 'NCK-1'),
      item('earrings', {}, null),
    ];
    expect(productReferences(items)).toEqual(['RNG-2', 'NCK-1']);
    expect(referencesText(items)).toBe('RNG-2\nNCK-1');
    expect(referencesText([])).toBe('');
  });
});
