// Ring sizes in the database and at checkout: the table keeps a ring's sizes canonical and refuses sizes on an
// adjustable ring, even from a write that skips the app; a tampered cart line with a size the ring does not offer, a
// size on an adjustable ring, no size at all, or a size-run line below the MOQ is refused naming the line, and no
// payment starts. Sizes of one ring count together toward its volume break.
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/core/db';
import { CheckoutError } from '@/lib/checkout/errors';
import { checkoutRequestSchema } from '@/lib/checkout/lines';
import { createCheckout } from '@/lib/checkout/server';
import { DEFAULT_RING_SIZES } from '@/lib/catalog/ring-sizes';
import { sql } from './checkout-support';

afterAll(async () => {
  await sql.end();
  await db().end();
});

const sku = () => `RS-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const countCheckouts = async () => (await sql<{ n: number }[]>`select count(*)::int as n from checkout_sessions`)[0]!.n;

async function refusal(lines: unknown[]): Promise<CheckoutError> {
  const request = checkoutRequestSchema.parse({ lines });
  const err = await createCheckout({ lines: request.lines, userId: null }).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(CheckoutError);
  return err as CheckoutError;
}

describe('ring sizes in the table', () => {
  it('give the seeded rings that are not adjustable sizes, and adjustable ones none', async () => {
    const rows = await sql<{ is_adjustable: boolean; sizes: string[] }[]>`select is_adjustable, sizes from rings where sku like 'RNG-%'`;
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.sizes.length > 0).toBe(!row.is_adjustable);
    expect(rows.some((r) => JSON.stringify(r.sizes) === JSON.stringify(DEFAULT_RING_SIZES))).toBe(true);
    const [view] = await sql`select ring_sizes from catalog_products where category = 'rings' and not is_adjustable limit 1`;
    expect((view!.ring_sizes as string[]).length).toBeGreaterThan(0);
  });

  it.each([
    ['a size that is not a US whole or half size', `{7.25}`],
    ['a size out of range', `{17}`],
    ['words', `{small}`],
    ['sizes out of order', `{8,7}`],
    ['a size twice', `{7,7}`],
  ])('refuse %s', async (_name, sizes) => {
    await expect(sql`insert into rings (name, sku, sizes) values ('Bad sizes', ${sku()}, ${sizes}::text[])`).rejects.toThrow(/check constraint/);
  });

  it('refuse sizes on an adjustable ring and a surcharge from a size it does not offer', async () => {
    await expect(sql`insert into rings (name, sku, is_adjustable, sizes) values ('Bad', ${sku()}, true, '{7}')`).rejects.toThrow(/rings_adjustable_has_no_sizes/);
    await expect(
      sql`insert into rings (name, sku, sizes, size_surcharge, size_surcharge_from) values ('Bad', ${sku()}, '{7,8}', 2, '10')`,
    ).rejects.toThrow(/rings_surcharge_from_offered/);
    await expect(sql`insert into rings (name, sku, sizes, size_surcharge) values ('Bad', ${sku()}, '{7,8}', 2)`).rejects.toThrow(
      /rings_surcharge_from_offered/,
    );
  });
});

describe('a ring bought by size at checkout', () => {
  async function withRings(run: (ids: { sized: string; adjustable: string }) => Promise<void>) {
    const [sized] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, moq, price_stone1, sizes, size_surcharge, size_surcharge_from, price_breaks, status)
      values ('Probe Halo Ring', ${sku()}, 'silver', 3, 20, '{6,7,10}', 2.5, '10', ${sql.json([{ minQuantity: 9, percentOff: 10 }])}, 'active')
      returning id`;
    const [adjustable] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, moq, price_stone1, is_adjustable, status)
      values ('Probe Open Band', ${sku()}, 'gold', 1, 30, true, 'active') returning id`;
    try {
      await run({ sized: sized!.id, adjustable: adjustable!.id });
    } finally {
      await sql`delete from rings where id in (${sized!.id}, ${adjustable!.id})`;
    }
  }

  it('charges each size its price, the surcharge from 10 up, and counts the sizes together toward the break', () =>
    withRings(async ({ sized }) => {
      const request = checkoutRequestSchema.parse({
        lines: [
          { productId: sized, quantity: 3, specifications: { size: '6' } },
          { productId: sized, quantity: 3, specifications: { size: '7' } },
          { productId: sized, quantity: 3, specifications: { size: '10' } },
        ],
      });
      const session = await createCheckout({ lines: request.lines, userId: null });
      // 9 pieces reach 10 % off: $20.00 → $18.00; size 10 is $22.50 → $20.25.
      expect(session.lines.map((l) => [l.specifications.size, l.unitPriceCents])).toEqual([['6', 1800], ['7', 1800], ['10', 2025]]);
      expect(session.lines[2]!.specificationsText).toBe('Ring Size: 10, Material: Silver, Volume −10%');
      expect(session.totalCents).toBe(3 * 1800 * 2 + 3 * 2025);
    }));

  it('refuses a size not offered, no size, a size on an adjustable ring and a size-run line below the MOQ, naming the line', () =>
    withRings(async ({ sized, adjustable }) => {
      const before = await countCheckouts();
      const notOffered = await refusal([{ productId: sized, quantity: 3, specifications: { size: '12' } }]);
      expect([notOffered.status, notOffered.code, notOffered.message]).toEqual([
        422,
        'option_unavailable',
        'Probe Halo Ring is not offered in size 12. Please update your cart.',
      ]);
      const none = await refusal([{ productId: sized, quantity: 3, specifications: {} }]);
      expect(none.message).toBe('Please choose a ring size for Probe Halo Ring. Please update your cart.');
      const onAdjustable = await refusal([{ productId: adjustable, quantity: 1, specifications: { size: '7' } }]);
      expect(onAdjustable.message).toBe('Probe Open Band is adjustable and is not sold by size. Please update your cart.');
      const belowMoq = await refusal([
        { productId: sized, quantity: 3, specifications: { size: '6' } },
        { productId: sized, quantity: 1, specifications: { size: '7' } },
      ]);
      expect([belowMoq.status, belowMoq.code, belowMoq.message]).toEqual([
        422,
        'quantity_not_allowed',
        'Probe Halo Ring (Ring Size: 7) has a minimum order of 3. Please update your cart.',
      ]);
      expect(await countCheckouts()).toBe(before);
    }));
});
