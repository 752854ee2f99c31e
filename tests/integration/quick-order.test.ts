// Quick order against the real catalog tables: every line resolved in one SQL statement (counted on the wire),
// problems named per line with their fixes, 'did you mean' for SKUs nobody sells, the SKU autocomplete, and a ring
// pasted or uploaded by SKU alone reaching the cart, its toast and checkout in its default size.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartReducer } from '@/lib/cart/lines';
import { checkoutRequestSchema } from '@/lib/checkout/lines';
import { createCheckout } from '@/lib/checkout/server';
import { db, withActor } from '@/lib/core/db';
import { addedLines, cartInputs } from '@/lib/quick-order/grid';
import { resolveQuickOrderIn } from '@/lib/quick-order/resolve';
import { suggestSkus } from '@/lib/quick-order/suggest';
import { parsePastedLines, parseQuickOrderCsv, type QuickOrderEntry } from '@/lib/quick-order/parse';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
const statements: string[] = [];
const counted = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {}, debug: (_c, query) => statements.push(query) });
afterAll(async () => {
  await sql`delete from rings where sku like ${TAG + '%'}`;
  await sql`delete from necklaces where sku like ${TAG + '%'}`;
  await Promise.all([sql.end(), counted.end(), db().end()]);
});

const TAG = `QO${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const SIX = `${TAG}-SIX`;
const CHAIN = `${TAG}-CHAIN`;
const NOPRICE = `${TAG}-NOPRICE`;
const SIZED = `${TAG}-SIZED`;

beforeAll(async () => {
  await sql`insert into rings (name, sku, material, stone_details, moq, pack_size, price_stone1, price_stone2)
            values ('Quick Six Band', ${SIX}, 'silver', ${sql.json({ Stone1: 'Onyx', Stone2: 'Jet' })}, 10, 6, 10, 12)`;
  await sql`insert into rings (name, sku, material, moq) values ('Quick Unpriced Ring', ${NOPRICE}, 'gold', 1)`;
  await sql`insert into rings (name, sku, material, stone_details, moq, price_stone1, sizes)
            values ('Quick Sized Band', ${SIZED}, 'gold', ${sql.json({ Stone1: 'Garnet' })}, 1, 15, '{6,6.5,7,7.5,8}')`;
  await sql`insert into necklaces (name, sku, material, is_bracelet, stone_details, n_price_18_stone1, n_price_20_stone1, b_price_7_stone1)
            values ('Quick Rope Chain', ${CHAIN}, 'gold', true, ${sql.json({ Stone1: 'Opal' })}, 40, 44, 30)`;
});

/** Resolves as the anonymous shopper does, and returns the statements that were not the transaction's own set-up. */
async function resolveCounted(entries: QuickOrderEntry[]) {
  statements.length = 0;
  const result = await withActor({ role: 'anon' }, (tx) => resolveQuickOrderIn(tx, entries), counted);
  const own = statements.filter((q) => !/^\s*(begin|commit)\b/i.test(q) && !/set_config\('role'/.test(q));
  return { result, own };
}

describe('quick-order resolver', () => {
  it('names each line’s problem and fix, in the order pasted', async () => {
    const { result } = await resolveCounted([
      { sku: SIX.toLowerCase(), quantity: 12 },
      { sku: SIX, quantity: 6 },
      { sku: SIX, quantity: 13, stone: 'Jet' },
      { sku: CHAIN, quantity: 2, size: '20"' },
      { sku: CHAIN, quantity: 2, material: 'silver' },
      { sku: CHAIN, quantity: 2, size: '22' },
      { sku: NOPRICE, quantity: 1 },
      { sku: SIX, quantity: null },
    ]);
    expect(result.lines.map((l) => [l.sku, l.quantity, l.problem?.code ?? null])).toEqual([
      [SIX, 12, null],
      [SIX, 6, 'below_moq'],
      [SIX, 13, 'not_pack_multiple'],
      [CHAIN, 2, null],
      [CHAIN, 2, 'option_unavailable'],
      // A length listed but not priced is not offered, as on the product page, where it is greyed out.
      [CHAIN, 2, 'option_unavailable'],
      [NOPRICE, 1, 'no_price'],
      [SIX, 12, null],
    ]);
    expect(result.lines[1]!.problem).toMatchObject({ fix: { label: 'Raise to 12', quantity: 12 } });
    expect(result.lines[2]!.problem).toMatchObject({ fix: { label: 'Round up to 18', quantity: 18 } });
    expect(result.lines[2]!.selection?.stoneType).toBe('stone2');
    expect(result.lines[3]!.selection).toEqual({ stoneType: 'stone1', style: 'necklace', size: '20' });
    const model = result.models[result.lines[0]!.productId!]!;
    expect(model.cartProduct).toMatchObject({ name: 'Quick Six Band', moq: 10, packSize: 6 });
  });

  it('suggests the nearest SKUs for one nobody sells', async () => {
    const { result } = await resolveCounted([{ sku: `${TAG}-SIK`, quantity: 6 }]);
    const [line] = result.lines;
    expect(line!.productId).toBeNull();
    expect(line!.problem).toMatchObject({ code: 'unknown_sku', message: `No product has the SKU “${TAG}-SIK”.` });
    expect(line!.problem?.code === 'unknown_sku' && line!.problem.suggestions.map((s) => s.sku)).toContain(SIX);
    // The same letters and digits, spelled without the hyphen and in lower case: that SKU first.
    const { result: spaced } = await resolveCounted([{ sku: `${TAG}six`.toLowerCase(), quantity: 6 }]);
    expect(spaced.lines[0]!.problem?.code === 'unknown_sku' && spaced.lines[0]!.problem.suggestions[0]?.sku).toBe(SIX);
  });

  it('answers 500 lines, known and unknown, in one statement', async () => {
    const entries: QuickOrderEntry[] = Array.from({ length: 500 }, (_, i) =>
      i % 5 === 0 ? { sku: `${TAG}-NOPE-${i}`, quantity: 1 } : { sku: i % 2 ? SIX : CHAIN, quantity: i % 2 ? 12 : 1 },
    );
    const { result, own } = await resolveCounted(entries);
    expect(own).toHaveLength(1);
    expect(result.lines).toHaveLength(500);
    expect(result.lines.filter((l) => l.problem?.code === 'unknown_sku')).toHaveLength(100);
    expect(result.lines.filter((l) => l.problem === null).length).toBe(400);
  });

  it('reads nothing for an empty list', async () => {
    const { result, own } = await resolveCounted([]);
    expect(result).toEqual({ lines: [], models: {} });
    expect(own).toHaveLength(0);
  });
});

describe('a ring pasted or uploaded by SKU', () => {
  it('reaches the cart in its default size unless a size is given, named in the toast, and checkout takes it', async () => {
    const pasted = parsePastedLines(`${SIZED} 2\n${SIZED.toLowerCase()}, 3`);
    const uploaded = parseQuickOrderCsv(new TextEncoder().encode(`sku,quantity,size\n${SIZED},4,8.0\n`));
    if (!uploaded.ok) throw new Error(uploaded.error);
    const { result } = await resolveCounted([...pasted.entries, ...uploaded.value.entries]);
    expect(result.lines.map((l) => [l.quantity, l.selection?.size, l.problem])).toEqual([
      [2, '7', null],
      [3, '7', null],
      [4, '8', null],
    ]);

    // Add all: the grid's ready rows, as the page keeps them.
    const inputs = cartInputs(result.lines.map((line, i) => ({ key: `r${i}`, ...line })), result.models);
    expect(inputs.map((i) => i.specifications.size)).toEqual(['7', '7', '8']);
    expect(addedLines(inputs)).toEqual([
      '2 × Quick Sized Band (Stone: Garnet, Ring Size: 7)',
      '3 × Quick Sized Band (Stone: Garnet, Ring Size: 7)',
      '4 × Quick Sized Band (Stone: Garnet, Ring Size: 8)',
    ]);

    // The cart as the browser sends it to checkout, which refuses a ring without a size: these it prices.
    const cart = cartReducer([], { type: 'addMany', inputs });
    const request = checkoutRequestSchema.parse({
      lines: cart.map((item) => ({ productId: item.productId, quantity: item.quantity, specifications: { stoneType: item.specifications.stoneType, size: item.specifications.size, style: item.specifications.style } })),
    });
    const session = await createCheckout({ lines: request.lines, userId: null });
    expect(session.lines.map((l) => [l.quantity, l.specificationsText])).toEqual([
      [5, 'Stone: Garnet, Ring Size: 7, Material: Gold'],
      [4, 'Stone: Garnet, Ring Size: 8, Material: Gold'],
    ]);
  });
});

describe('SKU autocomplete', () => {
  it('offers SKUs that start with what was typed, in SKU order, then names', async () => {
    const found = await suggestSkus(`${TAG.toLowerCase()}-`);
    expect(found.map((s) => s.sku)).toEqual([CHAIN, NOPRICE, SIX, SIZED]);
    const named = await suggestSkus('quick rope');
    expect(named.map((s) => s.sku)).toContain(CHAIN);
  });

  it('waits for two characters and treats % and _ as themselves', async () => {
    expect(await suggestSkus('q')).toEqual([]);
    expect(await suggestSkus('%%')).toEqual([]);
    expect(await suggestSkus(`${TAG}-S_X`)).toEqual([]);
  });
});
