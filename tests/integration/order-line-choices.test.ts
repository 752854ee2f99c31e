// Order lines written before order_items.choices were given their choices by the migration's reading of the text
// the cart wrote (public.order_line_choices_from_text): every kind of line reads back as the choices checkout stores
// today, less the stone choice, which the text never held (reorder finds the stone by its name).
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { specificationsText } from '@/lib/purchase/labels';
import { lineChoices, readLineChoices } from '@/lib/purchase/line-choices';
import { breakSpecification } from '@/lib/purchase/volume-pricing';
import type { CartSpecifications } from '@/lib/purchase/types';
import type { Category } from '@/lib/catalog/categories';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
afterAll(() => sql.end());

const read = async (text: string | null) =>
  (await sql<{ choices: unknown }[]>`select public.order_line_choices_from_text(${text}) as choices`)[0]!.choices;

describe('order line choices from the text of older lines', () => {
  it('reads back every kind of line the cart wrote, with its volume break or quote', async () => {
    const cases: [CartSpecifications, Category, { percentOff?: number; quoteReference?: string }][] = [
      [{ stoneName: 'Ruby', size: '18', material: 'rose-gold', style: 'necklace' }, 'necklaces', {}],
      [{ stoneName: 'Onyx', size: '7.5', material: 'gold', style: 'bracelet' }, 'necklaces', { percentOff: 12.5 }],
      [{ stoneName: 'Diamond', material: 'silver', style: null }, 'rings', {}],
      [{ stoneName: null, material: 'gold', style: null }, 'earrings', { quoteReference: 'Q-5007' }],
      [{ stoneName: null, size: '7', material: 'silver', style: 'bracelet' }, 'bracelets', { percentOff: 5 }],
      [{ stoneName: 'Pearl, Freshwater', material: 'silver', style: null }, 'rings', {}],
    ];
    for (const [specifications, category, rule] of cases) {
      const text = [
        specificationsText({ specifications, product: { category } }),
        rule.percentOff && breakSpecification({ percentOff: rule.percentOff }),
        rule.quoteReference && `Quote ${rule.quoteReference}`,
      ]
        .filter(Boolean)
        .join(', ');
      const stored = await read(text);
      expect(readLineChoices(stored), text).toEqual(lineChoices(specifications, rule));
    }
  });

  it('reads nothing from no text, and no option from words it does not know', async () => {
    expect(await read(null)).toEqual({});
    expect(await read('')).toEqual({});
    expect(await read('Engraving: A&B')).toEqual({});
  });
});
