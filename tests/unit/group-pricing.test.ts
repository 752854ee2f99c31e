import { describe, expect, it } from 'vitest';
import {
  groupFromPrice,
  groupUnitPrice,
  matchFixedPrice,
  nextUsefulBreak,
  priceProductLine,
  resolveUnitCents,
  shownUnitCents,
  type FixedPrice,
  type GroupTerms,
} from '@/lib/purchase/group-pricing';
import { priceCheckout } from '@/lib/checkout/pricing';
import { pricePurchaseModel, priceSummary } from '@/lib/purchase/priced-pages';
import { purchaseModel } from '@/lib/purchase/model';
import { cartLinePrices } from '@/lib/cart/totals';
import { readLineChoices, lineChoices, priceRuleText } from '@/lib/purchase/line-choices';
import type { ProductSummary } from '@/lib/catalog/types';
import { earring, necklace, ring, TWO_STONES } from './product-fixtures';

const RING = 'aaaaaaaa-0000-4000-8000-0000000000a1';
const NECKLACE = 'aaaaaaaa-0000-4000-8000-0000000000a2';
const EARRING = 'aaaaaaaa-0000-4000-8000-0000000000a3';
const GROUP = 'bbbbbbbb-0000-4000-8000-0000000000b1';

const fixed = (rows: Record<string, FixedPrice[]>): Map<string, FixedPrice[]> => new Map(Object.entries(rows));
const terms = (percentOff: number, rows: Record<string, FixedPrice[]> = {}): GroupTerms => ({ id: GROUP, name: 'Wholesale', percentOff, fixed: fixed(rows) });
const row = (price: number, over: Partial<FixedPrice> = {}): FixedPrice => ({ stone: '', style: '', size: '', price, ...over });
const BREAKS = [
  { minQuantity: 12, percentOff: 5 },
  { minQuantity: 48, percentOff: 15 },
];

describe('matchFixedPrice', () => {
  it('takes the most specific row that matches: size, then style, then stone', () => {
    const rows = [row(10), row(9, { stone: 'stone1' }), row(8, { style: 'necklace' }), row(7, { style: 'necklace', size: '20' })];
    expect(matchFixedPrice(rows, { stoneType: 'stone1', style: 'necklace', size: '20' })?.price).toBe(7);
    expect(matchFixedPrice(rows, { stoneType: 'stone1', style: 'necklace', size: '18' })?.price).toBe(8);
    expect(matchFixedPrice(rows, { stoneType: 'stone1', style: 'bracelet', size: '7' })?.price).toBe(9);
    expect(matchFixedPrice(rows, { stoneType: 'stone2', style: 'bracelet', size: '7' })?.price).toBe(10);
  });

  it('matches nothing where no row fits', () => {
    expect(matchFixedPrice([row(5, { stone: 'stone2' })], { stoneType: 'stone1', style: null, size: null })).toBeNull();
    expect(matchFixedPrice(undefined, { stoneType: 'stone1', style: null, size: null })).toBeNull();
  });
});

describe('resolveUnitCents: the better of the group price and the break, never both', () => {
  it('charges the list price without a group or a break', () => {
    expect(resolveUnitCents({ listCents: 2000, group: null, totalQuantity: 1, breaks: BREAKS })).toEqual({ unitCents: 2000, rule: 'list', percentOff: null });
  });

  it('charges the group price when it beats the break reached', () => {
    const group = { cents: 1800, rule: 'group_percent' as const };
    expect(resolveUnitCents({ listCents: 2000, group, totalQuantity: 12, breaks: BREAKS })).toEqual({ unitCents: 1800, rule: 'group_percent', percentOff: null });
  });

  it('charges the break, taken off the list price, when it beats the group price', () => {
    const group = { cents: 1800, rule: 'group_percent' as const };
    // 15% off $20.00 is $17.00: better than the group's $18.00; the group's 10% is not taken as well ($15.30).
    expect(resolveUnitCents({ listCents: 2000, group, totalQuantity: 48, breaks: BREAKS })).toEqual({ unitCents: 1700, rule: 'break', percentOff: 15 });
  });

  it('gives a tie to the group price', () => {
    const group = { cents: 1900, rule: 'group_fixed' as const };
    expect(resolveUnitCents({ listCents: 2000, group, totalQuantity: 12, breaks: BREAKS }).rule).toBe('group_fixed');
  });
});

describe('groupUnitPrice', () => {
  it('takes the percentage off the list price, to the cent', () => {
    expect(groupUnitPrice(terms(12.5), RING, { stoneType: 'stone1', style: null, size: '7' }, 19.99)).toEqual({ cents: 1749, rule: 'group_percent' });
  });

  it('prefers a fixed price, and adds a ring size surcharge to a fixed price set without a size', () => {
    const t = terms(10, { [RING]: [row(15)] });
    const sizing = { sizes: ['7', '10'], surcharge: 2, surchargeFrom: '10' };
    expect(groupUnitPrice(t, RING, { stoneType: 'stone1', style: null, size: '7' }, 20, sizing)).toEqual({ cents: 1500, rule: 'group_fixed' });
    expect(groupUnitPrice(t, RING, { stoneType: 'stone1', style: null, size: '10' }, 22, sizing)).toEqual({ cents: 1700, rule: 'group_fixed' });
  });

  it('is null without a group', () => {
    expect(groupUnitPrice(null, RING, { stoneType: 'stone1', style: null, size: null }, 20)).toBeNull();
  });
});

describe('one resolver on every surface', () => {
  const halo = ring({ id: RING, name: 'Halo Ring', stone_details: TWO_STONES, sizes: ['6', '7', '10'], size_surcharge: 2, size_surcharge_from: '10', price_stone1: 20, price_stone2: 30, price_breaks: BREAKS });
  const pendant = necklace({ id: NECKLACE, name: 'Drop Pendant', stone_details: { Stone1: 'Opal' }, n_price_18_stone1: 40, n_price_20_stone1: 44 });
  const stud = earring({ id: EARRING, name: 'Stud', price_stone1: 8 });
  const t = terms(10, { [NECKLACE]: [row(35, { size: '20', style: 'necklace' })] });

  it('prices checkout lines and records the group and the rule', () => {
    const catalog = new Map([halo, pendant, stud].map((p) => [p.id, p]));
    const priced = priceCheckout(
      [
        { productId: RING, quantity: 12, specifications: { stoneType: 'stone1', size: '7' } },
        { productId: NECKLACE, quantity: 1, specifications: { stoneType: 'stone1', size: '20', style: 'necklace' } },
        { productId: EARRING, quantity: 1, specifications: {} },
      ],
      catalog,
      t,
    );
    expect(priced.lines.map((l) => [l.unitPriceCents, l.priceRule, l.priceGroup?.name ?? null])).toEqual([
      [1800, 'group_percent', 'Wholesale'],
      [3500, 'group_fixed', 'Wholesale'],
      [720, 'group_percent', 'Wholesale'],
    ]);
    expect(priced.lines[0]!.specificationsText).toContain('Wholesale price');
    expect(priced.totalCents).toBe(1800 * 12 + 3500 + 720);
    // At 48 rings the 15% break beats the group's 10%: the line names the break alone.
    const big = priceCheckout([{ productId: RING, quantity: 48, specifications: { stoneType: 'stone1', size: '7' } }], catalog, t);
    expect(big.lines[0]).toMatchObject({ unitPriceCents: 1700, priceRule: 'break', percentOff: 15, priceGroup: null });
    expect(big.lines[0]!.specificationsText).not.toContain('Wholesale');
  });

  it('gives the product page, the size run and the cart the price checkout charges', () => {
    const model = pricePurchaseModel(purchaseModel(halo), halo, { kind: 'group', groupId: GROUP }, t);
    const view = model.views['stone1||10']!;
    expect(view).toMatchObject({ price: 19.8, listPrice: 22 });
    expect(model.groupName).toBe('Wholesale');
    for (const quantity of [12, 48]) {
      const shown = shownUnitCents(view.price!, view.listPrice, quantity, BREAKS);
      const charged = priceProductLine(halo, { stoneType: 'stone1', style: null, size: '10' }, quantity, t)!.resolved;
      expect(shown.unitCents).toBe(charged.unitCents);
      const [cart] = cartLinePrices([
        { id: 'x', productId: RING, quantity, specifications: {}, selectedPrice: view.price, listPrice: view.listPrice, product: { name: 'Halo Ring', sku: null, category: 'rings', imageUrl: null, moq: 1, priceBreaks: BREAKS, price: 20 } },
      ]);
      expect(cart!.unitCents).toBe(charged.unitCents);
    }
  });

  it('names only breaks that beat the group price', () => {
    expect(nextUsefulBreak(18, 20, 1, BREAKS)).toEqual({ more: 47, percentOff: 15 });
    expect(nextUsefulBreak(16, 20, 1, BREAKS)).toBeNull();
    expect(nextUsefulBreak(20, null, 1, BREAKS)).toEqual({ more: 11, percentOff: 5 });
  });

  it('hides every price of a gated model, and keeps options as the list offers them', () => {
    const gated = pricePurchaseModel(purchaseModel(halo), halo, { kind: 'sign_in' }, null);
    expect(Object.values(gated.views).every((v) => v.price === null)).toBe(true);
    expect(gated.cartProduct.price).toBeNull();
    expect(gated.gate).toBe('sign_in');
    expect(gated.stones).toEqual(purchaseModel(halo).stones);
  });
});

describe('cards in a view', () => {
  const card: ProductSummary = {
    id: RING, category: 'rings', name: 'Halo Ring', sku: 'R-1', moq: 1, pack_size: 1, material: 'silver', stone_name: null,
    image_url: null, price_from: 20, default_price: 22, default_size: '10', opening_surcharge: 2, created_at: '2026-01-01T00:00:00Z',
  };

  it('prices a card for a group: From, the opening price and the list price beside it', () => {
    expect(priceSummary(card, { kind: 'group', groupId: GROUP }, terms(10))).toMatchObject({ price_from: 18, default_price: 19.8, list_price: 22 });
    // A fixed price set without a size keeps the opening size's surcharge.
    expect(priceSummary(card, { kind: 'group', groupId: GROUP }, terms(10, { [RING]: [row(15)] }))).toMatchObject({ price_from: 15, default_price: 17 });
  });

  it('takes every price off a card where the shop hides them', () => {
    expect(priceSummary(card, { kind: 'apply' }, null)).toMatchObject({ price_from: null, default_price: null, price_gate: 'apply' });
    expect(priceSummary(card, { kind: 'list' }, null)).toBe(card);
  });

  it("gives a group's From the lowest of its fixed prices and the list less its percentage", () => {
    expect(groupFromPrice(terms(10, { [RING]: [row(12, { stone: 'stone2' })] }), RING, 20)).toBe(12);
    expect(groupFromPrice(terms(50), RING, null)).toBeNull();
  });
});

describe('order lines record the group and the rule', () => {
  it('keeps them in the choices and names the group in the words', () => {
    const choices = lineChoices({ stoneType: 'stone1' }, { priceGroup: { id: GROUP, name: 'Distributor' }, priceRule: 'group_fixed' });
    expect(readLineChoices(JSON.parse(JSON.stringify(choices)))).toEqual({ stoneType: 'stone1', priceGroup: { id: GROUP, name: 'Distributor' }, priceRule: 'group_fixed' });
    expect(priceRuleText(choices)).toBe('Distributor price');
    expect(priceRuleText(lineChoices({}, { percentOff: 5, priceRule: 'break' }))).toBe('Volume −5%');
  });
});
