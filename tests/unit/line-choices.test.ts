// A bought line's words come from its stored choices (choicesText), and read as the text summary checkout and the
// seed wrote beside them, so invoices, mail, the confirmation and the back office read the same as before.
import { describe, expect, it } from 'vitest';
import type { Category } from '@/lib/catalog/categories';
import { specificationsText } from '@/lib/purchase/labels';
import { choicesEntries, choicesText, lineChoices } from '@/lib/purchase/line-choices';
import type { CartSpecifications } from '@/lib/purchase/types';
import { breakSpecification } from '@/lib/purchase/volume-pricing';
import { generateCatalog } from '@/supabase/seed/catalog';
import { generateOrders } from '@/supabase/seed/orders';

describe('choicesText', () => {
  it('names a ring by its US size, without a style', () => {
    const choices = lineChoices({ stoneType: 'stone2', stoneName: 'Sapphire', size: '7.5', material: 'silver', style: null });
    expect(choicesText(choices, 'rings')).toBe('Stone: Sapphire, Ring Size: 7.5, Material: Silver');
    expect(choicesEntries(choices, 'rings')).toContainEqual({ label: 'Ring Size', value: '7.5' });
  });

  it('names a necklace by its length in inches, and its style', () => {
    const choices = lineChoices({ stoneType: 'stone1', stoneName: 'Ruby', size: '18', material: 'rose-gold', style: 'necklace' });
    expect(choicesText(choices, 'necklaces')).toBe('Stone: Ruby, Necklace Length: 18", Material: Rose Gold, Style: Necklace');
  });

  it('ends with the volume break the line was charged at', () => {
    const choices = lineChoices({ size: '7.5', material: 'gold', style: 'bracelet' }, { percentOff: 12.5 });
    expect(choicesText(choices, 'bracelets')).toBe('Bracelet Size: 7.5", Material: Gold, Style: Bracelet, Volume −12.5%');
  });

  it('ends with the quote a quote line was bought from', () => {
    const choices = lineChoices({ stoneName: 'Onyx', material: 'gold' }, { quoteReference: 'Q-5007' });
    expect(choicesText(choices, 'earrings')).toBe('Stone: Onyx, Material: Gold, Quote Q-5007');
  });

  it('says nothing for no choices, and reads a line of unknown category as no ring', () => {
    expect(choicesText({}, 'rings')).toBe('');
    expect(choicesText({ size: '7', material: 'gold' }, null)).toBe('Size: 7", Material: Gold');
  });

  it('reads as the text checkout writes beside the choices (the labels, then the break)', () => {
    const cases: [CartSpecifications, Category, number | null][] = [
      [{ stoneType: 'stone1', stoneName: 'Diamond', size: '10', material: 'gold', style: null }, 'rings', 10],
      [{ stoneType: 'stone2', stoneName: 'Pearl, Freshwater', size: '20', material: 'silver', style: 'necklace' }, 'bracelets', null],
      [{ stoneType: 'stone1', stoneName: null, size: null, material: 'white-gold', style: null }, 'body_jewelry', 5],
    ];
    for (const [specifications, category, percentOff] of cases) {
      const stored = [specificationsText({ specifications, product: { category } }), percentOff && breakSpecification({ percentOff })]
        .filter(Boolean)
        .join(', ');
      expect(choicesText(lineChoices(specifications, { percentOff }), category)).toBe(stored);
    }
  });

  it('reads every seeded order line as its stored text', () => {
    const now = new Date('2026-06-15T15:30:00Z');
    const catalog = generateCatalog({ now });
    const history = generateOrders(catalog.products, { now, customerId: '00000000-0000-4000-8000-000000000001' });
    expect(history.items.length).toBeGreaterThan(100);
    const rings = history.items.filter((i) => i.product_category === 'rings' && i.choices.size);
    expect(rings.length).toBeGreaterThan(0);
    for (const item of history.items) expect(choicesText(item.choices, item.product_category)).toBe(item.specifications);
  });
});
