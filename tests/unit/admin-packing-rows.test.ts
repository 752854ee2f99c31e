// The packing desk's pure parts: pick rows gather the same product with the same choices across orders (the price
// rule is not a choice), sorted by SKU with unnamed SKUs last; unit totals; the pick list's ids; sheet file names.
import { describe, expect, it } from 'vitest';
import { packingSlipFileName, PACKING_LABELS } from '@/lib/admin/orders/packing-labels';
import { pickChoices, pickRows, unitTotal, type PickLine } from '@/lib/admin/orders/packing-rows';
import { parsePickListIds } from '@/lib/admin/orders/pick-list-params';
import { lineChoices } from '@/lib/purchase/line-choices';

const RING = '00000000-0000-4000-8000-000000000001';
const CHAIN = '00000000-0000-4000-8000-000000000002';

const line = (over: Partial<PickLine>): PickLine => ({
  productId: RING,
  sku: 'R-10',
  name: 'Ring',
  category: 'rings',
  choices: lineChoices({ size: '7', material: 'gold' }),
  quantity: 1,
  reference: 'AFJ-100001',
  ...over,
});

describe('pickRows', () => {
  it('puts the same product with the same choices on one row, naming each order once', () => {
    const rows = pickRows([
      line({ quantity: 2, reference: 'AFJ-100010' }),
      line({ quantity: 3, reference: 'AFJ-100002' }),
      line({ quantity: 1, reference: 'AFJ-100010' }),
      // A volume break is how it was priced, not what is picked.
      line({ quantity: 4, reference: 'AFJ-100003', choices: lineChoices({ size: '7', material: 'gold' }, { percentOff: 5, priceRule: 'break' }) }),
    ]);
    expect(rows).toEqual([
      { sku: 'R-10', name: 'Ring', choices: 'Ring Size: 7, Material: Gold', quantity: 10, references: ['AFJ-100002', 'AFJ-100003', 'AFJ-100010'] },
    ]);
  });

  it('keeps other choices and other products apart, sorted by SKU with lines without one last', () => {
    const rows = pickRows([
      line({ productId: CHAIN, sku: null, name: 'Old Chain', category: 'necklaces', choices: {} }),
      line({ choices: lineChoices({ size: '8', material: 'gold' }), reference: 'AFJ-100002' }),
      line({ productId: CHAIN, sku: 'N-2', name: 'Chain', category: 'necklaces', choices: lineChoices({ size: '18', material: 'silver' }) }),
      line({ quantity: 2 }),
      line({ productId: '00000000-0000-4000-8000-000000000003', sku: 'R-9', name: 'Band', choices: {} }),
    ]);
    expect(rows.map((r) => [r.sku, r.choices, r.quantity])).toEqual([
      ['N-2', 'Size: 18", Material: Silver', 1],
      ['R-9', '', 1],
      ['R-10', 'Ring Size: 7, Material: Gold', 2],
      ['R-10', 'Ring Size: 8, Material: Gold', 1],
      [null, '', 1],
    ]);
    expect(unitTotal(rows)).toBe(6);
  });

  it('reads stored choices that are not choices as none', () => {
    expect(pickChoices({ choices: 'Material: Gold', category: 'rings' })).toBe('');
    expect(pickRows([])).toEqual([]);
  });
});

describe('unitTotal', () => {
  it('sums the quantities', () => {
    expect(unitTotal([{ quantity: 3 }, { quantity: 12 }])).toBe(15);
    expect(unitTotal([])).toBe(0);
  });
});

describe('parsePickListIds', () => {
  const ids = (value: string) => parsePickListIds(new URLSearchParams({ ids: value }));
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('takes 1 to 100 ids, each once, lower-cased', () => {
    expect(ids(` ${RING.toUpperCase()}, ${CHAIN},${RING}`)).toEqual([RING, CHAIN]);
    expect(ids(Array.from({ length: 100 }, (_, i) => uuid(i)).join(','))).toHaveLength(100);
  });

  it('refuses none, more than 100, and anything that is not an id', () => {
    expect(ids('')).toBeNull();
    expect(parsePickListIds(new URLSearchParams())).toBeNull();
    expect(ids(Array.from({ length: 101 }, (_, i) => uuid(i)).join(','))).toBeNull();
    expect(ids(`${RING},nope`)).toBeNull();
  });
});

describe('the sheets’ names', () => {
  it('names a packing slip by its order reference', () => {
    expect(packingSlipFileName('AFJ-100123')).toBe('packing-slip-AFJ-100123.pdf');
    expect(packingSlipFileName('Order-1a2b "x"')).toBe('packing-slip-Order-1a2b__x_.pdf');
    expect(PACKING_LABELS.ordersNotFound(2)).toBe('2 of the orders were not found');
  });
});
