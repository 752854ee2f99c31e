// A ring's sizes and surcharge in the back office: the product schema and the modal's values, the CSV's two cells
// (export, import, bad rows), the history's words and the bulk bar's rules.
import { describe, expect, it } from 'vitest';
import { BULK_SIZES_NOTE, bulkDone, bulkNote, bulkQuestion, bulkSizesField, bulkSizesInput, SIZES_REQUIRED, SIZES_RINGS_ONLY, surchargeLeftOut } from '@/lib/admin/catalog/bulk-rules';
import { parseCsvText, toCsv } from '@/lib/admin/catalog/csv-file';
import { exportCells } from '@/lib/admin/catalog/export-row';
import { csvColumns, writeColumns } from '@/lib/admin/catalog/fields';
import { emptyFormValues, formValuesFromRow, submittedValues } from '@/lib/admin/catalog/form-values';
import { describeChanges, fieldLabel, valueLabel } from '@/lib/admin/catalog/history-labels';
import { planImport } from '@/lib/admin/catalog/import-rows';
import { SURCHARGE_FROM_INVALID, SURCHARGE_NEEDS_AMOUNT, SURCHARGE_NEEDS_FROM, SURCHARGE_NOT_POSITIVE } from '@/lib/admin/catalog/ring-sizing';
import { PRODUCT_SCHEMAS } from '@/lib/admin/catalog/schema';
import { DEFAULT_RING_SIZES, RING_SIZES_FORMAT } from '@/lib/catalog/ring-sizes';
import { fieldErrors } from '@/lib/core/errors';
import { publicImagePrefix } from '@/lib/storage/image-rules';

const imagePrefix = publicImagePrefix('http://127.0.0.1:54321');
const ring = (values: Record<string, unknown>) => PRODUCT_SCHEMAS.rings.safeParse({ ...emptyFormValues('rings'), name: 'Halo Ring', ...values });
const errors = (values: Record<string, unknown>) => fieldErrors(ring(values).error!);
const NOT_OFFERED_10 = 'The surcharge starts at size 10, which the ring does not offer.';
const ADJUSTABLE_WITH_SIZES = 'An adjustable ring has no sizes: clear the sizes or untick Adjustable.';

describe('the product schema', () => {
  it('reads the sizes as the readable list or as a list, canonical and ascending', () => {
    expect(ring({ sizes: '10, 5-6, 7.0' }).data).toMatchObject({ sizes: ['5', '5.5', '6', '7', '10'], size_surcharge: null, size_surcharge_from: null });
    expect(ring({ sizes: ['8', '7.50', 7, '8'] }).data?.sizes).toEqual(['7', '7.5', '8']);
    expect(ring({ sizes: '' }).data?.sizes).toEqual([]);
    expect(errors({ sizes: '5-20' }).sizes).toBe(`"5-20" is not a range of ring sizes: ${RING_SIZES_FORMAT}.`);
    expect(errors({ sizes: '7.25' }).sizes).toBe(`"7.25" is not a ring size: ${RING_SIZES_FORMAT}.`);
    expect(errors({ sizes: ['7', '2'] }).sizes).toBe(`"2" is not a ring size: ${RING_SIZES_FORMAT}.`);
  });

  it('takes a surcharge in dollars, above 0 with at most 2 decimals, from one of the sizes offered', () => {
    expect(ring({ sizes: '5-12', size_surcharge: '2.5', size_surcharge_from: '10.0' }).data).toMatchObject({ size_surcharge: 2.5, size_surcharge_from: '10' });
    expect(errors({ size_surcharge: '2.005', size_surcharge_from: '8' }).size_surcharge).toBe('Size surcharge can have at most 2 decimals (steps of 0.01)');
    expect(errors({ size_surcharge: '-1', size_surcharge_from: '8' }).size_surcharge).toBe('Size surcharge cannot be negative');
    expect(errors({ size_surcharge: '0', size_surcharge_from: '8' }).size_surcharge).toBe(SURCHARGE_NOT_POSITIVE);
    expect(errors({ size_surcharge: '2' }).size_surcharge_from).toBe(SURCHARGE_NEEDS_FROM);
    expect(errors({ size_surcharge_from: '8' }).size_surcharge).toBe(SURCHARGE_NEEDS_AMOUNT);
    expect(errors({ size_surcharge: '2', size_surcharge_from: '17' }).size_surcharge_from).toBe(SURCHARGE_FROM_INVALID);
    // The default run is 5 to 9: a surcharge from 10 starts at a size the ring does not offer.
    expect(errors({ size_surcharge: '2', size_surcharge_from: '10' }).size_surcharge_from).toBe(NOT_OFFERED_10);
  });

  it('refuses sizes on an adjustable ring beside the sizes', () => {
    expect(errors({ is_adjustable: true }).sizes).toBe(ADJUSTABLE_WITH_SIZES);
    expect(ring({ is_adjustable: true, sizes: '' }).data).toMatchObject({ is_adjustable: true, sizes: [] });
  });

  it('writes the sizing columns for rings only', () => {
    expect(writeColumns('rings')).toEqual(expect.arrayContaining(['sizes', 'size_surcharge', 'size_surcharge_from']));
    expect(Object.keys(ring({}).data!).sort()).toEqual(writeColumns('rings').sort());
    for (const category of ['necklaces', 'bracelets', 'earrings', 'body_jewelry'] as const) {
      expect(writeColumns(category)).not.toContain('sizes');
      expect(csvColumns(category)).not.toContain('sizes');
    }
  });
});

describe('the modal form values', () => {
  it('a new ring offers US 5 to 9 without a surcharge', () => {
    expect(emptyFormValues('rings')).toMatchObject({ sizes: '5-9', size_surcharge: '', size_surcharge_from: '' });
    expect(ring({}).data?.sizes).toEqual(DEFAULT_RING_SIZES);
    expect(emptyFormValues('earrings')).not.toHaveProperty('sizes');
  });

  it('a stored ring’s sizes and surcharge survive a save of its form unchanged', () => {
    const row = { id: 'r', name: 'Band', sizes: ['5', '5.5', '6', '6.5', '7', '10', '11'], size_surcharge: 2, size_surcharge_from: '10' };
    const form = formValuesFromRow('rings', row);
    expect(form).toMatchObject({ sizes: '5-7, 10, 11', size_surcharge: '2.00', size_surcharge_from: '10' });
    expect(PRODUCT_SCHEMAS.rings.parse(submittedValues('rings', form))).toMatchObject({ sizes: row.sizes, size_surcharge: 2, size_surcharge_from: '10' });
  });

  it('ticking Adjustable sends no sizes but keeps them in the form', () => {
    const values = { ...emptyFormValues('rings'), name: 'A', is_adjustable: true, size_surcharge: '1.00', size_surcharge_from: '9' };
    const sent = submittedValues('rings', values);
    expect(sent).toMatchObject({ sizes: '', size_surcharge: '', size_surcharge_from: '' });
    expect(values).toMatchObject({ sizes: '5-9', size_surcharge: '1.00' });
    expect(PRODUCT_SCHEMAS.rings.parse(sent)).toMatchObject({ is_adjustable: true, sizes: [], size_surcharge: null });
  });
});

function table(csv: string) {
  const parsed = parseCsvText(csv);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe('the CSV file', () => {
  it('puts sizes and size_surcharge after the ring’s own columns', () => {
    const columns = csvColumns('rings');
    expect(columns.slice(columns.indexOf('price_stone2'))).toEqual(['price_stone2', 'sizes', 'size_surcharge', 'status', 'image_url']);
  });

  it('writes the readable list and the surcharge; an adjustable ring’s cells are blank', () => {
    const columns = csvColumns('rings');
    const cells = (row: Record<string, unknown>) => {
      const all = exportCells('rings', { name: 'Band', ...row }, imagePrefix);
      return [all[columns.indexOf('sizes')], all[columns.indexOf('size_surcharge')]];
    };
    expect(cells({ sizes: DEFAULT_RING_SIZES })).toEqual(['5-9', '']);
    expect(cells({ sizes: ['3', '3.5', '4', '10', '10.5', '11', '12'], size_surcharge: 2, size_surcharge_from: '10' })).toEqual(['3-4, 10-11, 12', '2.00 from 10']);
    expect(cells({ is_adjustable: true, sizes: [] })).toEqual(['', '']);
  });

  it('export → import reads every ring back as stored', () => {
    const stored = [
      { sku: 'R-DEFAULT', name: 'Default', is_adjustable: false, sizes: [...DEFAULT_RING_SIZES], size_surcharge: null, size_surcharge_from: null },
      { sku: 'R-WIDE', name: 'Wide', is_adjustable: false, sizes: ['4', '4.5', '5', '5.5', '6', '7', '8', '9', '10', '10.5', '11', '12', '13'], size_surcharge: 3.5, size_surcharge_from: '10.5' },
      { sku: 'R-ADJ', name: 'Adjustable', is_adjustable: true, sizes: [], size_surcharge: null, size_surcharge_from: null },
    ];
    const csv = toCsv(csvColumns('rings'), stored.map((r) => exportCells('rings', r, imagePrefix)));
    const p = planImport('rings', table(csv), { imagePrefix });
    expect(p.bad).toEqual([]);
    expect(p.rows.map((r) => r.product)).toEqual(stored.map((r) => expect.objectContaining({ ...r })));
  });

  it('gives the rings of a file without a sizes column (made before ring sizes) the run they had then, none when adjustable', () => {
    const p = planImport('rings', table('sku,name,is_adjustable\nR-OLD,Old band,false\nR-OPEN,Open band,true\n'), { imagePrefix });
    expect(p.bad).toEqual([]);
    expect(p.rows.map((r) => [r.sku, r.product.sizes])).toEqual([
      ['R-OLD', [...DEFAULT_RING_SIZES]],
      ['R-OPEN', []],
    ]);
  });

  it('lists a row with an unknown size format or a sizing problem by number and reason, and keeps the rest', () => {
    const p = planImport(
      'rings',
      table(
        'sku,name,is_adjustable,sizes,size_surcharge\n' +
          'R-1,Good,false,"5-9, 10",1.50 from 10\n' +
          'R-2,Range too far,false,5-20,\n' +
          'R-3,Odd surcharge,false,5-9,2 dollars\n' +
          'R-4,Not offered,false,5-9,2.00 from 10\n' +
          'R-5,Adjustable,true,7,\n' +
          'R-6,Blank,false,,\n',
      ),
      { imagePrefix },
    );
    expect(p.rows.map((r) => [r.sku, r.product.sizes, r.product.size_surcharge, r.product.size_surcharge_from])).toEqual([
      ['R-1', [...DEFAULT_RING_SIZES, '10'], 1.5, '10'],
      ['R-6', [], null, null],
    ]);
    expect(p.bad).toEqual([
      { row: 3, sku: 'R-2', reason: `sizes: "5-20" is not a range of ring sizes: ${RING_SIZES_FORMAT}.` },
      { row: 4, sku: 'R-3', reason: 'size_surcharge: "2 dollars" is not a size surcharge: write the dollars and the first size, for example "2.00 from 10".' },
      { row: 5, sku: 'R-4', reason: `size_surcharge: ${NOT_OFFERED_10}` },
      { row: 6, sku: 'R-5', reason: `sizes: ${ADJUSTABLE_WITH_SIZES}` },
    ]);
  });
});

describe('the history', () => {
  it('names the sizing columns and shows their values readably', () => {
    expect(fieldLabel('rings', 'sizes')).toBe('Ring sizes');
    expect(fieldLabel('rings', 'size_surcharge')).toBe('Size surcharge');
    expect(fieldLabel('rings', 'size_surcharge_from')).toBe('Surcharge from size');
    expect(valueLabel('rings', 'sizes', [...DEFAULT_RING_SIZES])).toBe('5-9');
    expect(valueLabel('rings', 'sizes', [])).toBe('(empty)');
    expect(valueLabel('rings', 'size_surcharge', 2)).toBe('$2.00');
    expect(valueLabel('rings', 'size_surcharge_from', '10')).toBe('10');
    expect(
      describeChanges('rings', { size_surcharge_from: [null, '10'], sizes: [['5', '5.5', '6', '6.5', '7'], ['5', '5.5', '6', '6.5', '7', '10']], size_surcharge: [null, 2.5], price_stone1: [10, 12] }),
    ).toEqual([
      { field: 'Price (Stone 1)', before: '$10.00', after: '$12.00' },
      { field: 'Ring sizes', before: '5-7', after: '5-7, 10' },
      { field: 'Size surcharge', before: '(empty)', after: '$2.50' },
      { field: 'Surcharge from size', before: '(empty)', after: '10' },
    ]);
  });
});

describe('the bulk bar’s ring sizes', () => {
  const target = { kind: 'ids', ids: ['0b6f0a3e-7c11-4b8e-9f1c-2d8e6c1a9b01'] };

  it('reads the readable list, never blank, on rings only', () => {
    expect(bulkSizesField.parse('5-9, 10')).toEqual([...DEFAULT_RING_SIZES, '10']);
    expect(bulkSizesField.safeParse('  ').error?.issues[0]?.message).toBe(SIZES_REQUIRED);
    expect(bulkSizesField.safeParse('5-20').error?.issues[0]?.message).toBe(`"5-20" is not a range of ring sizes: ${RING_SIZES_FORMAT}.`);
    expect(bulkSizesInput.safeParse({ category: 'rings', target, sizes: '6' }).data).toMatchObject({ sizes: ['6'] });
    expect(fieldErrors(bulkSizesInput.safeParse({ category: 'necklaces', target, sizes: '6' }).error!).category).toBe(SIZES_RINGS_ONLY);
  });

  it('says what it will do, what it did and what it skipped', () => {
    const request = { kind: 'sizes' as const, sizes: [...DEFAULT_RING_SIZES, '10'] };
    expect(bulkQuestion(request, 12)).toBe('Set the sizes of 12 rings to US 5-9, 10?');
    expect(bulkNote(request)).toBe('Bulk: ring sizes 5-9, 10');
    expect(bulkDone(request, 12, 0)).toBe('Sizes of 12 rings set to US 5-9, 10');
    expect(bulkDone(request, 1, 3)).toBe('Sizes of 1 ring set to US 5-9, 10; 3 rings skipped because they are adjustable');
    expect(bulkDone(request, 2, 1)).toBe('Sizes of 2 rings set to US 5-9, 10; 1 ring skipped because it is adjustable');
    expect(BULK_SIZES_NOTE).toMatch(/^Adjustable rings among them are skipped/);
    expect(surchargeLeftOut(2, ['10', '11'])).toMatch(/^2 rings have a size surcharge from sizes 10, 11, which the list leaves out\. Nothing was changed/);
  });
});
