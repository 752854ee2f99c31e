import { describe, expect, it } from 'vitest';
import { bulkLeadTimeInput, bulkLeadTimeQuestion } from '@/lib/admin/catalog/bulk-lead-time-rules';
import { parseCsvText, type CsvTable } from '@/lib/admin/catalog/csv-file';
import { exportCells } from '@/lib/admin/catalog/export-row';
import { csvColumns } from '@/lib/admin/catalog/fields';
import { emptyFormValues, formValuesFromRow, submittedValues } from '@/lib/admin/catalog/form-values';
import { describeChanges } from '@/lib/admin/catalog/history-labels';
import { planImport } from '@/lib/admin/catalog/import-rows';
import { PRODUCT_SCHEMAS } from '@/lib/admin/catalog/schema';
import { LEAD_DAYS_PROBLEM, LEAD_TIME_CELL_PROBLEM, LEAD_WEEKS_ORDER_PROBLEM, LEAD_WEEKS_PROBLEM } from '@/lib/catalog/lead-time';
import { publicImagePrefix } from '@/lib/storage/image-rules';

const imagePrefix = publicImagePrefix('http://127.0.0.1:54321');
const table = (csv: string): CsvTable => {
  const parsed = parseCsvText(csv);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};
const ring = (values: Record<string, string>) => PRODUCT_SCHEMAS.rings.safeParse({ ...submittedValues('rings', emptyFormValues('rings')), name: 'R', ...values });
const issues = (r: ReturnType<typeof ring>) => (r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]));

describe('the product form', () => {
  it('starts in stock, 2 days, and shows a stored lead time', () => {
    expect(emptyFormValues('rings')).toMatchObject({ lead_time_kind: 'in_stock', lead_time_min: '2', lead_time_max: '2' });
    expect(formValuesFromRow('earrings', { id: 'x', lead_time_kind: 'made_to_order', lead_time_min: 3, lead_time_max: 4 })).toMatchObject({
      lead_time_kind: 'made_to_order', lead_time_min: '3', lead_time_max: '4',
    });
  });

  it('saves one number for in stock, two for made to order', () => {
    const stock = ring({ lead_time_kind: 'in_stock', lead_time_min: '5', lead_time_max: '9' });
    expect(stock.success && stock.data).toMatchObject({ lead_time_kind: 'in_stock', lead_time_min: 5, lead_time_max: 5 });
    const made = ring({ lead_time_kind: 'made_to_order', lead_time_min: '3', lead_time_max: '4' });
    expect(made.success && made.data).toMatchObject({ lead_time_kind: 'made_to_order', lead_time_min: 3, lead_time_max: 4 });
  });

  it('puts each problem beside its field', () => {
    expect(issues(ring({ lead_time_kind: 'in_stock', lead_time_min: '0' }))).toEqual([['lead_time_min', LEAD_DAYS_PROBLEM]]);
    expect(issues(ring({ lead_time_kind: 'in_stock', lead_time_min: 'two' }))).toEqual([['lead_time_min', LEAD_DAYS_PROBLEM]]);
    expect(issues(ring({ lead_time_kind: 'made_to_order', lead_time_min: '4', lead_time_max: '3' }))).toEqual([['lead_time_max', LEAD_WEEKS_ORDER_PROBLEM]]);
    expect(issues(ring({ lead_time_kind: 'made_to_order', lead_time_min: '2', lead_time_max: '60' }))).toEqual([['lead_time_max', LEAD_WEEKS_PROBLEM]]);
    expect(issues(ring({ lead_time_kind: 'made_to_order', lead_time_min: '0', lead_time_max: '3' }))).toEqual([['lead_time_min', LEAD_WEEKS_PROBLEM]]);
    expect(issues(ring({ lead_time_kind: 'soon' }))).toEqual([['lead_time_kind', 'Lead time must be In stock or Made to order']]);
  });

  it('names the columns in the history', () => {
    expect(describeChanges('rings', { lead_time_kind: ['in_stock', 'made_to_order'] })).toEqual([{ field: 'Lead time', before: 'In stock', after: 'Made to order' }]);
  });
});

describe('the CSV', () => {
  it('has a lead_time column, read and written as the same words', () => {
    expect(csvColumns('necklaces')).toContain('lead_time');
    const row = { id: 'x', sku: 'N-1', name: 'N', lead_time_kind: 'made_to_order', lead_time_min: 3, lead_time_max: 4 };
    const cells = exportCells('necklaces', row, imagePrefix);
    expect(cells[csvColumns('necklaces').indexOf('lead_time')]).toBe('3-4 weeks');
    const p = planImport('necklaces', table(`sku,name,lead_time\nN-1,N,3-4 weeks\nN-2,M,2 days\nN-3,O,\nN-4,P,next month\n`), { imagePrefix });
    expect(p.rows.map((r) => [r.product.lead_time_kind, r.product.lead_time_min, r.product.lead_time_max])).toEqual([
      ['made_to_order', 3, 4],
      ['in_stock', 2, 2],
      ['in_stock', 2, 2],
    ]);
    expect(p.bad).toEqual([{ row: 5, sku: 'N-4', reason: `lead_time: ${LEAD_TIME_CELL_PROBLEM}` }]);
  });
});

describe('bulk lead time', () => {
  const base = { category: 'rings', target: { kind: 'ids', ids: ['00000000-0000-4000-8000-000000000001'] } };
  it('reads what the bar sends, as the form does', () => {
    const ok = bulkLeadTimeInput.safeParse({ ...base, kind: 'made_to_order', min: '2', max: '3' });
    expect(ok.success && ok.data.leadTime).toEqual({ kind: 'made_to_order', min: 2, max: 3 });
    const days = bulkLeadTimeInput.safeParse({ ...base, kind: 'in_stock', min: 4, max: null });
    expect(days.success && days.data.leadTime).toEqual({ kind: 'in_stock', min: 4, max: 4 });
    const bad = bulkLeadTimeInput.safeParse({ ...base, kind: 'made_to_order', min: '5', max: '2' });
    expect(bad.success ? null : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['max', LEAD_WEEKS_ORDER_PROBLEM]]);
    expect(bulkLeadTimeQuestion({ kind: 'in_stock', min: 1, max: 1 }, 3)).toBe('Set the lead time of 3 products to “Ships in 1 day”?');
  });
});
