import { describe, expect, it } from 'vitest';
import type { Product } from '@/lib/catalog/types';
import { toCsv } from '@/lib/core/csv';
import { canonicalSize, headerProblem, parsePrice, priceListCells, priceRowChecker, PRICE_LIST_COLUMNS, PRICE_LIST_CSV, type PriceRowCheck } from '@/lib/admin/price-groups/csv-rows';
import { FILE_PROBLEMS, ROW_PROBLEMS } from '@/lib/admin/price-groups/labels';
import { listPriceRange, optionProblem, optionWords } from '@/lib/admin/price-groups/options';
import { previewPriceList, readPriceList } from '@/lib/admin/price-groups/preview';
import { createGroupSchema, removePriceSchema } from '@/lib/admin/price-groups/schema';

const bytes = (s: string) => new TextEncoder().encode(s);
const record = (cells: Partial<Record<(typeof PRICE_LIST_COLUMNS)[number], string>>) => ({ group: 'Distributor', sku: 'RNG-1001', stone: '', style: '', size: '', price: '12.50', ...cells });
const reason = (check: PriceRowCheck) => (check.kind === 'bad' ? check.bad.reason : null);

describe('one row of a price list', () => {
  it('reads a good row: group as written, stone 1/2 as stone1/stone2, style and size canonical, price in dollars', () => {
    const check = priceRowChecker();
    expect(check(record({ group: ' Distributor ', stone: '2', style: 'Bracelet', size: '07.0', price: '$9.5' }), 0)).toEqual({
      kind: 'good',
      row: { row: 2, group: 'Distributor', groupKey: 'distributor', sku: 'RNG-1001', stone: 'stone2', style: 'bracelet', size: '7', price: '9.50' },
    });
  });

  it('takes an empty price as the removal of that fixed price', () => {
    expect(priceRowChecker()(record({ price: '' }), 3)).toMatchObject({ kind: 'good', row: { row: 5, price: null } });
  });

  it('refuses each bad cell with its column and reason, all of them at once', () => {
    const check = priceRowChecker();
    expect(reason(check(record({ group: '', sku: '', stone: '3', style: 'anklet', size: 'XL', price: 'ten' }), 0))).toBe(
      [ROW_PROBLEMS.groupEmpty, ROW_PROBLEMS.skuEmpty, ROW_PROBLEMS.stone, ROW_PROBLEMS.style, ROW_PROBLEMS.size, ROW_PROBLEMS.price].join('; '),
    );
  });

  it('refuses zero, negative, too precise, thousands-separated and enormous prices', () => {
    expect(parsePrice('0')).toEqual({ ok: false, reason: ROW_PROBLEMS.priceZero });
    expect(parsePrice('0.00')).toEqual({ ok: false, reason: ROW_PROBLEMS.priceZero });
    for (const bad of ['-5', '12.345', '1,000.00', '12 50', '$', '1e3']) expect(parsePrice(bad)).toEqual({ ok: false, reason: ROW_PROBLEMS.price });
    expect(parsePrice('1000000')).toEqual({ ok: false, reason: ROW_PROBLEMS.priceTooHigh });
    expect(parsePrice('999999.99')).toEqual({ ok: true, price: '999999.99' });
    expect(parsePrice('.5')).toEqual({ ok: true, price: '0.50' });
  });

  it('refuses control characters in any cell, without reading the rest', () => {
    const check = priceRowChecker();
    expect(reason(check(record({ group: 'Dist\u0007ributor' }), 0))).toBe(ROW_PROBLEMS.controlCharacters('group'));
    expect(reason(check(record({ sku: 'RNG\u202e1001' }), 1))).toBe(ROW_PROBLEMS.controlCharacters('sku'));
  });

  it('refuses sizes that are not sizes and keeps "7", "7.0" and "07" one size', () => {
    expect(['7', '7.0', '07', '7.00'].map(canonicalSize)).toEqual(['7', '7', '7', '7']);
    expect(canonicalSize('6.50')).toBe('6.5');
    for (const bad of ['7"', '100', '-7', '7.125', 'seven']) expect(canonicalSize(bad)).toBeNull();
  });

  it('names an unknown group when the groups are known, matching names whatever their case', () => {
    const check = priceRowChecker((key) => key === 'distributor');
    expect(check(record({ group: 'DISTRIBUTOR' }), 0).kind).toBe('good');
    expect(reason(check(record({ group: 'Platinum' }), 1))).toBe(ROW_PROBLEMS.groupUnknown('Platinum'));
  });

  it('refuses a second row for the same group, SKU (any case) and option, naming the first', () => {
    const check = priceRowChecker();
    expect(check(record({ size: '7' }), 0).kind).toBe('good');
    expect(reason(check(record({ group: 'distributor', sku: 'rng-1001', size: '7.0', price: '11' }), 4))).toBe(ROW_PROBLEMS.duplicate(2));
    expect(check(record({ size: '8' }), 5).kind).toBe('good');
  });

  it('undoes the formula guard of exported cells', () => {
    expect(priceRowChecker()(record({ group: "'=Special", sku: "'-5X" }), 0)).toMatchObject({ kind: 'good', row: { group: '=Special', sku: '-5X' } });
  });

  it('passes on a row whose shape does not match the header as refused', () => {
    expect(reason(priceRowChecker()(record({}), 0, 'the row has fewer fields than the header'))).toBe('the row has fewer fields than the header');
  });
});

describe('the file', () => {
  it('needs group, sku and price columns; stone, style and size may be left out', () => {
    expect(headerProblem(['group', 'sku', 'price'])).toBeNull();
    expect(headerProblem(['sku', 'price'])).toBe(FILE_PROBLEMS.missingColumns(['group']));
    expect(headerProblem(['group', 'price'])).toBe(FILE_PROBLEMS.missingSku);
    expect(readPriceList(bytes('group,sku\nA,B\n'))).toEqual({ ok: false, error: FILE_PROBLEMS.missingColumns(['price']) });
  });

  it('refuses oversized, empty and spreadsheet files before reading a row', () => {
    expect(readPriceList(new Uint8Array(PRICE_LIST_CSV.maxBytes + 1))).toEqual({ ok: false, error: FILE_PROBLEMS.tooLarge(16) });
    expect(readPriceList(new Uint8Array(0))).toEqual({ ok: false, error: FILE_PROBLEMS.empty });
    expect(readPriceList(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toMatchObject({ ok: false, error: expect.stringMatching(/spreadsheet/) });
  });

  it('exports cells that read back as the same fixed price, formula-like names included', () => {
    const stored = { group: '=Dealers', sku: 'NCK-1008', stone: 'stone2' as const, style: 'necklace' as const, size: '18', price: '19.5' };
    expect(priceListCells(stored)).toEqual(['=Dealers', 'NCK-1008', '2', 'necklace', '18', '19.50']);
    const read = readPriceList(bytes(toCsv(PRICE_LIST_COLUMNS, [priceListCells(stored)])));
    if (!read.ok) throw new Error(read.error);
    expect(priceRowChecker()(read.value.records[0]!, 0)).toMatchObject({
      kind: 'good',
      row: { group: '=Dealers', sku: 'NCK-1008', stone: 'stone2', style: 'necklace', size: '18', price: '19.50' },
    });
  });

  it('previews every row a slice at a time, with the groups the page knows', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `Wholesale,SKU-${i},,,,${i % 500 === 0 ? '0' : '5'},`);
    const read = readPriceList(bytes(`group,sku,stone,style,size,price,notes\n${rows.join('\n')}\nNobody,SKU-X,,,,5,\n`));
    if (!read.ok) throw new Error(read.error);
    const seen: number[] = [];
    const preview = await previewPriceList(read.value, ['Wholesale'], (checked) => seen.push(checked), () => false);
    expect(seen).toEqual([1000, 2000, 2501]);
    expect(preview).toMatchObject({ total: 2501, ready: 2495, ignoredColumns: ['notes'] });
    expect(preview!.bad.map((b) => b.row)).toEqual([2, 502, 1002, 1502, 2002, 2502]);
    expect(preview!.bad.at(-1)!.reason).toBe(ROW_PROBLEMS.groupUnknown('Nobody'));
  });
});

const base = { id: 'p', name: 'Piece', sku: 'X-1', description: null, material: 'gold', stone: 'Ruby', weight: null, moq: 1, pack_size: 1, price_breaks: [], is_new_arrival: false, is_mens_jewelry: false, created_at: '', image_url: null, price_from: null };
const ring = (extra: object = {}) =>
  ({ ...base, category: 'rings', stone_details: { Stone1: 'Ruby', Stone2: 'Onyx' }, is_adjustable: false, sizes: ['6', '7', '8'], size_surcharge: 2, size_surcharge_from: '8', price_stone1: 10, price_stone2: 12, ...extra }) as unknown as Product;
const necklace = (extra: object = {}) =>
  ({ ...base, category: 'necklaces', stone_details: { Stone1: 'Ruby' }, necklace_type: 'Chain', chain_length: null, clasp_type: null, is_adjustable: false, is_bracelet: false, n_price_18_stone1: 30, n_price_20_stone1: 32, ...extra }) as unknown as Product;
const earring = { ...base, category: 'earrings', stone_details: { Stone1: 'Ruby' }, earring_type: null, closure_type: null, price_stone1: 8, price_stone2: null } as unknown as Product;
const option = (stone = '', style = '', size = '') => ({ stone, style, size }) as Parameters<typeof optionProblem>[1];

describe('the options a fixed price may name', () => {
  it('accepts every option, a stone, a size the ring offers, and a necklace length with a list price', () => {
    expect(optionProblem(ring(), option())).toBeNull();
    expect(optionProblem(ring(), option('stone2', '', '7'))).toBeNull();
    expect(optionProblem(necklace(), option('', 'necklace', '20'))).toBeNull();
    expect(optionProblem(necklace(), option('', '', '18'))).toBeNull();
    expect(optionProblem(earring, option('stone1'))).toBeNull();
  });

  it('refuses a second stone, a style or a size the product lacks, each with its reason', () => {
    expect(optionProblem(necklace(), option('stone2'))).toBe(ROW_PROBLEMS.noSecondStone);
    expect(optionProblem(ring(), option('', 'necklace'))).toBe(ROW_PROBLEMS.noStyles);
    expect(optionProblem(necklace(), option('', 'bracelet'))).toBe(ROW_PROBLEMS.notSoldAs('necklace', 'bracelet'));
    expect(optionProblem(earring, option('', '', '7'))).toBe(ROW_PROBLEMS.noSizes('earrings'));
    expect(optionProblem(ring(), option('', '', '12'))).toBe(ROW_PROBLEMS.ringSize('12', '6, 7, 8'));
    expect(optionProblem(ring({ sizes: [], is_adjustable: true }), option('', '', '7'))).toBe(ROW_PROBLEMS.adjustableRing);
    expect(optionProblem(necklace(), option('', '', '7'))).toBe(ROW_PROBLEMS.familySize('7', 'necklace length', '16, 18, 20, 22, 24, 26, 28, 30'));
  });

  it('refuses an option the product has no list price for (it is not sold)', () => {
    expect(optionProblem(necklace(), option('', 'necklace', '24'))).toBe(ROW_PROBLEMS.noListPrice);
  });

  it('accepts bracelet sizes for a necklace also sold as a bracelet', () => {
    const both = necklace({ is_bracelet: true, b_price_7_stone1: 25 });
    expect(optionProblem(both, option('', 'bracelet', '7'))).toBeNull();
    expect(optionProblem(both, option('', '', '7'))).toBeNull();
  });

  it('gives the list prices a fixed price replaces, a ring size surcharge included', () => {
    expect(listPriceRange(ring(), option('stone1'))).toEqual({ min: 10, max: 12 });
    expect(listPriceRange(ring(), option('', '', '6'))).toEqual({ min: 10, max: 12 });
    expect(listPriceRange(necklace(), option('', 'necklace', '24'))).toBeNull();
  });

  it('says the option in words', () => {
    expect(optionWords(option(), ring())).toBe('Every option');
    expect(optionWords(option('stone2', '', '7'), ring())).toBe('Stone 2 (Onyx) · Size 7');
    expect(optionWords(option('', 'bracelet', '6.5'), necklace())).toBe('Bracelet · 6.5"');
  });
});

describe('the group form and remove button', () => {
  it('takes a percent off from 0 to 99.99 with two decimals at most, and a name without control characters', () => {
    expect(createGroupSchema.parse({ name: ' Gold tier ', percentOff: '12.5' })).toEqual({ name: 'Gold tier', percentOff: '12.50' });
    expect(createGroupSchema.parse({ name: 'Retail', percentOff: '' })).toEqual({ name: 'Retail', percentOff: '0.00' });
    for (const percentOff of ['100', '-1', '12.345', 'ten']) expect(createGroupSchema.safeParse({ name: 'A', percentOff }).success).toBe(false);
    expect(createGroupSchema.safeParse({ name: 'A\u0000', percentOff: '1' }).success).toBe(false);
    expect(createGroupSchema.safeParse({ name: 'x'.repeat(61), percentOff: '1' }).success).toBe(false);
  });

  it('refuses a forged id or option', () => {
    const good = { groupId: '6f1c1f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', productId: '6f1c1f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', stone: '', style: '', size: '7' };
    expect(removePriceSchema.safeParse(good).success).toBe(true);
    expect(removePriceSchema.safeParse({ ...good, groupId: "1' or 1=1" }).success).toBe(false);
    expect(removePriceSchema.safeParse({ ...good, stone: 'stone3' }).success).toBe(false);
    expect(removePriceSchema.safeParse({ ...good, size: '7.0' }).success).toBe(false);
  });
});
