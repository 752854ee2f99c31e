import { describe, expect, it } from 'vitest';
import { csvColumns, writeColumns } from '@/lib/admin/catalog/fields';
import { emptyFormValues, formValuesFromRow } from '@/lib/admin/catalog/form-values';
import { actorLabel, describeChanges, eventTitle, fieldLabel, valueLabel } from '@/lib/admin/catalog/history-labels';
import { exportCells } from '@/lib/admin/catalog/export-row';
import { recordToValues } from '@/lib/admin/catalog/import-rows';
import { PRODUCT_SCHEMAS } from '@/lib/admin/catalog/schema';
import { isProductStatus } from '@/lib/catalog/status';
import { fieldErrors } from '@/lib/core/errors';

const ring = (values: Record<string, unknown>) => PRODUCT_SCHEMAS.rings.safeParse({ ...emptyFormValues('rings'), name: 'Halo Ring', ...values });

describe('product status', () => {
  it('a new product starts as a draft; a stored one shows its own status', () => {
    expect(emptyFormValues('rings').status).toBe('draft');
    expect(formValuesFromRow('rings', { id: 'x', status: 'archived' }).status).toBe('archived');
    expect(formValuesFromRow('rings', { id: 'x' }).status).toBe('active');
  });

  it('is saved as written (any case); blank is active; anything else is refused beside the field', () => {
    expect(ring({ status: 'draft' }).data?.status).toBe('draft');
    expect(ring({ status: ' Archived ' }).data?.status).toBe('archived');
    expect(ring({ status: '' }).data?.status).toBe('active');
    expect(ring({ status: undefined }).data?.status).toBe('active');
    expect(fieldErrors(ring({ status: 'hidden' }).error!).status).toBe('Status must be one of draft, active, archived');
    expect(writeColumns('rings')).toContain('status');
    expect(isProductStatus('active')).toBe(true);
    expect(isProductStatus('Active')).toBe(false);
  });

  it('is a CSV column: exported as stored, read back by the import (an absent column is blank)', () => {
    expect(csvColumns('rings')).toContain('status');
    const cells = exportCells('rings', { id: 'x', name: 'Halo', status: 'draft' }, 'http://localhost/storage/');
    expect(cells[csvColumns('rings').indexOf('status')]).toBe('draft');
    expect(recordToValues('rings', { sku: 'A', status: 'Draft' }).status).toBe('Draft');
    expect(recordToValues('rings', { sku: 'A' }).status).toBe('');
  });
});

describe('product history labels', () => {
  it('names fields as the modal does', () => {
    expect(fieldLabel('rings', 'price_stone1')).toBe('Price (Stone 1)');
    expect(fieldLabel('necklaces', 'n_price_18_stone2')).toBe('Necklace 18" (Stone 2)');
    expect(fieldLabel('bracelets', 'b_price_6_5_stone1')).toBe('Bracelet 6.5" (Stone 1)');
    expect(fieldLabel('rings', 'is_new_arrival')).toBe('New Arrival');
    expect(fieldLabel('body_jewelry', 'gauge')).toBe('Gauge');
    expect(fieldLabel('rings', 'moq')).toBe('MOQ');
    expect(fieldLabel('rings', 'some_new_column')).toBe('Some new column');
  });

  it('shows values in words: dollars, Yes/No, labels, stones, breaks, long text shortened', () => {
    expect(valueLabel('rings', 'price_stone1', 12.5)).toBe('$12.50');
    expect(valueLabel('rings', 'price_stone1', null)).toBe('(empty)');
    expect(valueLabel('rings', 'is_mens_jewelry', true)).toBe('Yes');
    expect(valueLabel('rings', 'status', 'archived')).toBe('Archived');
    expect(valueLabel('rings', 'material', 'rose-gold')).toBe('Rose Gold');
    expect(valueLabel('rings', 'stone_details', { Stone1: 'Ruby', Stone2: 'Onyx' })).toBe('Stone 1: Ruby; Stone 2: Onyx');
    expect(valueLabel('rings', 'price_breaks', [{ minQuantity: 50, percentOff: 10 }, { minQuantity: 10, percentOff: 5 }])).toBe('10:5;50:10');
    const long = valueLabel('rings', 'description', 'x'.repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });

  it('lists an update status first, then in the form order, and titles each event', () => {
    const changes = describeChanges('rings', { price_stone1: [10, 12], name: ['A', 'B'], status: ['draft', 'active'], junk: 'not a pair' });
    expect(changes).toEqual([
      { field: 'Status', before: 'Draft', after: 'Active' },
      { field: 'Name', before: 'A', after: 'B' },
      { field: 'Price (Stone 1)', before: '$10.00', after: '$12.00' },
    ]);
    expect(eventTitle('created', { status: 'draft' })).toBe('Created as Draft');
    expect(eventTitle('created', {})).toBe('Created');
    expect(eventTitle('deleted', {})).toBe('Deleted');
    expect(actorLabel('a@b.test', 'id')).toBe('a@b.test');
    expect(actorLabel(null, 'id')).toBe('A former admin');
    expect(actorLabel(null, null)).toBe('System');
  });
});
