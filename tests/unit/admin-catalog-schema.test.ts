import { describe, expect, it } from 'vitest';
import { csvColumns, visiblePrices, writeColumns } from '@/lib/admin/catalog/fields';
import { emptyFormValues, formValuesFromRow, submittedValues } from '@/lib/admin/catalog/form-values';
import { PRODUCT_SCHEMAS, productSaveInput, productIdField, STONE1_FIRST, STONE2_REQUIRED } from '@/lib/admin/catalog/schema';
import { fieldErrors } from '@/lib/core/errors';

const ring = (values: Record<string, unknown>) => PRODUCT_SCHEMAS.rings.safeParse({ ...emptyFormValues('rings'), name: 'Halo Ring', ...values });

describe('product schemas', () => {
  it('writes every column of the table and nothing else', () => {
    // An adjustable ring has no sizes (the modal sends none while Adjustable is ticked).
    const parsed = ring({ sku: ' RNG-1 ', price_stone1: '12.5', weight: '3', moq: '6', material: 'Rose Gold', is_adjustable: true, sizes: '' });
    expect(parsed.success).toBe(true);
    const product = parsed.data!;
    expect(Object.keys(product).sort()).toEqual(writeColumns('rings').sort());
    expect(product).toMatchObject({
      name: 'Halo Ring', sku: 'RNG-1', price_stone1: 12.5, price_stone2: null, weight: 3, moq: 6, material: 'rose-gold',
      is_adjustable: true, is_new_arrival: false, stone_details: null, description: null, sizes: [], size_surcharge: null, size_surcharge_from: null,
    });
  });

  it('prices take steps of 0.01; an empty price is null', () => {
    expect(ring({ price_stone1: '' }).data?.price_stone1).toBeNull();
    expect(ring({ price_stone1: 19.99 }).data?.price_stone1).toBe(19.99);
    expect(ring({ price_stone1: '0.1' }).data?.price_stone1).toBe(0.1);
    const errors = (values: Record<string, unknown>) => fieldErrors(ring(values).error!);
    expect(errors({ price_stone1: '12.345' }).price_stone1).toBe('Price (Stone 1) can have at most 2 decimals (steps of 0.01)');
    expect(errors({ price_stone1: '-4' }).price_stone1).toBe('Price (Stone 1) cannot be negative');
    expect(errors({ price_stone1: 'twelve' }).price_stone1).toBe('Price (Stone 1) must be a number, like 12.50');
    expect(errors({ price_stone1: '100000000' }).price_stone1).toBe('Price (Stone 1) is too large (99,999,999.99 at most)');
    expect(errors({ weight: '1e3' }).weight).toBe('Weight must be a number, like 12.50');
  });

  it('MOQ is a whole number from 1, blank meaning 1', () => {
    expect(ring({ moq: '' }).data?.moq).toBe(1);
    expect(fieldErrors(ring({ moq: '0' }).error!).moq).toMatch(/^MOQ must be a whole number/);
    expect(fieldErrors(ring({ moq: '2.5' }).error!).moq).toMatch(/^MOQ must be a whole number/);
  });

  it('pack size is a whole number from 1, blank meaning 1; price breaks come as the CSV spells them or as rows', () => {
    expect(ring({ pack_size: '' }).data).toMatchObject({ pack_size: 1, price_breaks: [] });
    expect(ring({ pack_size: '6' }).data?.pack_size).toBe(6);
    expect(fieldErrors(ring({ pack_size: '6.5' }).error!).pack_size).toBe('Pack size must be a whole number from 1 to 10,000');
    expect(ring({ price_breaks: '10:5;50:10' }).data?.price_breaks).toEqual([{ minQuantity: 10, percentOff: 5 }, { minQuantity: 50, percentOff: 10 }]);
    expect(ring({ price_breaks: [{ minQuantity: '10', percentOff: '7.5' }] }).data?.price_breaks).toEqual([{ minQuantity: 10, percentOff: 7.5 }]);
    expect(fieldErrors(ring({ price_breaks: [{ minQuantity: 10, percentOff: 95 }] }).error!).price_breaks).toBe(
      'A price break gives more than 0% and at most 90% off',
    );
    expect(fieldErrors(ring({ price_breaks: 'ten:5' }).error!).price_breaks).toBe('"ten:5" is not a price break: write quantity:percent, such as 10:5');
  });

  it('a stored product’s pack size and price breaks survive a save of its form unchanged', () => {
    const row = { id: 'p1', name: 'Band', moq: 2, pack_size: 6, price_breaks: [{ minQuantity: 12, percentOff: 5 }] };
    const form = formValuesFromRow('rings', row);
    expect(form).toMatchObject({ pack_size: '6', price_breaks: '12:5' });
    expect(PRODUCT_SCHEMAS.rings.parse(submittedValues('rings', form))).toMatchObject({ pack_size: 6, price_breaks: row.price_breaks });
  });

  it('refuses control characters, long text, an unknown material and a missing name', () => {
    const errors = fieldErrors(ring({ name: '', sku: 'A\u0000B', material: 'platinum', stone: 'x'.repeat(101) }).error!);
    expect(errors).toMatchObject({
      name: 'Name is required',
      sku: 'SKU must not contain control characters',
      material: 'Material must be one of silver, gold, rose-gold',
      stone: 'Stone is too long (100 characters at most)',
    });
  });

  it('Stone 2 needs the tick and a name', () => {
    const two = ring({ stone: 'Ruby', stone1: 'Ruby', has_stone2: true, stone2: 'Onyx', price_stone2: '20' });
    expect(two.data).toMatchObject({ stone: 'Ruby', stone_details: { Stone1: 'Ruby', Stone2: 'Onyx' }, price_stone2: 20 });
    expect(ring({ stone1: 'Ruby' }).data).toMatchObject({ stone: null, stone_details: { Stone1: 'Ruby' } });
    expect(ring({ stone: 'Ruby' }).data).toMatchObject({ stone: 'Ruby', stone_details: null });
    expect(fieldErrors(ring({ has_stone2: true, stone2: 'Onyx' }).error!).stone1).toBe(STONE1_FIRST);
    expect(fieldErrors(ring({ stone: 'Ruby', has_stone2: true }).error!).stone2).toBe(STONE2_REQUIRED);
    // A stored Stone 2 price without a second stone (older data) is kept as it is; the modal blanks it on save.
    expect(ring({ stone: 'Ruby', price_stone2: '9' }).data?.price_stone2).toBe(9);
  });

  it('necklaces price every length and size per stone, and know Chain and Pendant in any case', () => {
    const parsed = PRODUCT_SCHEMAS.necklaces.safeParse({
      ...emptyFormValues('necklaces'), name: 'Rope', necklace_type: 'chain', n_price_16_stone1: '40', b_price_6_5_stone1: '30.5',
    });
    expect(parsed.data).toMatchObject({ necklace_type: 'Chain', n_price_16_stone1: 40, b_price_6_5_stone1: 30.5, n_price_30_stone1: null });
    const bad = PRODUCT_SCHEMAS.necklaces.safeParse({ ...emptyFormValues('necklaces'), name: 'Rope', necklace_type: 'Choker' });
    expect(fieldErrors(bad.error!).necklace_type).toBe('Necklace type must be Chain or Pendant');
  });

  it('the save input reports field errors under the column name', () => {
    const input = productSaveInput(productIdField);
    const parsed = input.safeParse({ category: 'earrings', id: '0b6f0a3e-7c11-4b8e-9f1c-2d8e6c1a9b01', values: { name: '', price_stone1: 'x' } });
    expect(parsed.success).toBe(false);
    expect(Object.keys(fieldErrors(parsed.error!)).sort()).toEqual(['name', 'price_stone1']);
    expect(input.safeParse({ category: 'watches', id: '0b6f0a3e-7c11-4b8e-9f1c-2d8e6c1a9b01', values: {} }).success).toBe(false);
  });
});

describe('the modal form values', () => {
  it('round-trip a stored row through the form and the schema', () => {
    const row = {
      id: 'x', name: 'Pavé Band', sku: 'RNG-9', description: null, material: 'gold', stone: 'Ruby',
      stone_details: { Stone1: 'Ruby', Stone2: 'Onyx' }, weight: '4.20', moq: 3, is_new_arrival: true, is_mens_jewelry: false,
      is_adjustable: false, price_stone1: '120.00', price_stone2: '99.90',
    };
    const values = formValuesFromRow('rings', row);
    expect(values).toMatchObject({ stone: 'Ruby', stone1: 'Ruby', stone2: 'Onyx', has_stone2: true, weight: '4.20', moq: '3', price_stone1: '120.00' });
    const parsed = PRODUCT_SCHEMAS.rings.parse(values);
    expect(parsed).toMatchObject({ weight: 4.2, price_stone1: 120, price_stone2: 99.9, stone_details: { Stone1: 'Ruby', Stone2: 'Onyx' } });
  });

  it("unticking 'Has Stone 2' sends no second stone but keeps it in the form", () => {
    const values = { ...emptyFormValues('rings'), name: 'A', stone1: 'Ruby', stone2: 'Onyx', has_stone2: false, price_stone2: '5.00' };
    const sent = submittedValues('rings', values);
    expect(sent).toMatchObject({ stone2: '', price_stone2: '' });
    expect(values.price_stone2).toBe('5.00');
    expect(PRODUCT_SCHEMAS.rings.parse(sent).stone_details).toEqual({ Stone1: 'Ruby' });
  });
});

describe('field lists', () => {
  it('Price Information shows one item type and one stone at a time', () => {
    expect(visiblePrices('necklaces', 'necklace', 1).map((p) => p.column)).toEqual(
      ['16', '18', '20', '22', '24', '26', '28', '30'].map((l) => `n_price_${l}_stone1`),
    );
    expect(visiblePrices('bracelets', 'bracelet', 2).map((p) => p.label)).toEqual(['6"', '6.5"', '7"', '7.5"', '8"', '8.5"']);
    expect(visiblePrices('earrings', null, 2).map((p) => p.column)).toEqual(['price_stone2']);
  });

  it('the CSV columns are sku first and image_url last, with stone2 beside stone', () => {
    const columns = csvColumns('body_jewelry');
    expect(columns[0]).toBe('sku');
    expect(columns.at(-1)).toBe('image_url');
    expect(columns).toEqual(expect.arrayContaining(['stone', 'stone1', 'stone2', 'jewelry_type', 'size', 'gauge', 'price_stone1', 'price_stone2']));
    expect(new Set(columns).size).toBe(columns.length);
  });
});
