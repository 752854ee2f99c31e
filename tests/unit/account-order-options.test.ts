import { describe, expect, it } from 'vitest';
import { orderLineEntries, parseOrderLineOptions } from '@/lib/account/order-options';
import { specificationsText } from '@/lib/purchase/labels';
import type { CartSpecifications } from '@/lib/purchase/types';
import type { Category } from '@/lib/catalog/categories';

const text = (specifications: CartSpecifications, category: Category) =>
  specificationsText({ specifications, product: { category } });

describe('order line options', () => {
  it('reads back what the cart wrote, for every kind of line', () => {
    const cases: [CartSpecifications, Category][] = [
      [{ stoneName: 'Ruby', size: '18', material: 'rose-gold', style: 'necklace' }, 'necklaces'],
      [{ stoneName: 'Onyx', size: '7.5', material: 'gold', style: 'bracelet' }, 'necklaces'],
      [{ stoneName: 'Diamond', material: 'silver', style: null }, 'rings'],
      [{ stoneName: null, material: 'gold', style: null }, 'earrings'],
    ];
    for (const [specs, category] of cases) {
      const written = text(specs, category);
      const parsed = parseOrderLineOptions(written)!;
      expect(parsed).toEqual({
        stoneName: specs.stoneName ?? null,
        size: specs.size ?? null,
        style: specs.style ?? null,
        material: specs.material ?? null,
      });
      // Labelled again through the cart's own function: the same text.
      const entries = orderLineEntries(written, category);
      expect(Array.isArray(entries) && entries.map((e) => `${e.label}: ${e.value}`).join(', ')).toBe(written);
    }
  });

  it('keeps a stone name that holds a comma whole', () => {
    expect(parseOrderLineOptions('Stone: Pearl, Freshwater, Material: Silver')).toMatchObject({
      stoneName: 'Pearl, Freshwater',
      material: 'silver',
    });
  });

  it('takes the style from the size label when no style entry is there', () => {
    expect(parseOrderLineOptions('Bracelet Size: 7"')).toMatchObject({ size: '7', style: 'bracelet' });
  });

  it('shows text it cannot read as it is, and nothing for none', () => {
    expect(parseOrderLineOptions('Engraving: A&B')).toBeNull();
    expect(orderLineEntries('Engraving: A&B', 'rings')).toBe('Engraving: A&B');
    expect(orderLineEntries(null, 'rings')).toEqual([]);
  });
});
