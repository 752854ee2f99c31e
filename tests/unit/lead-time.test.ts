import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEAD_TIME,
  formatLeadTimeCell,
  LEAD_DAYS_PROBLEM,
  LEAD_TIME_CELL_PROBLEM,
  LEAD_WEEKS_ORDER_PROBLEM,
  LEAD_WEEKS_PROBLEM,
  leadTimeLabel,
  leadTimeProblem,
  leadTimeShort,
  parseLeadTimeCell,
  readLeadTime,
} from '@/lib/catalog/lead-time';
import { estimatedShipDay, formatShipDay, lineShipDay } from '@/lib/orders/ship-date';

const inStock = (n: number) => ({ kind: 'in_stock' as const, min: n, max: n });
const made = (min: number, max: number) => ({ kind: 'made_to_order' as const, min, max });

describe('lead time words', () => {
  it('says when an in-stock product ships, in days', () => {
    expect(leadTimeLabel(inStock(2))).toBe('Ships in 2 days');
    expect(leadTimeLabel(inStock(1))).toBe('Ships in 1 day');
    expect(leadTimeShort(inStock(2))).toBe('Ships in 2 days');
  });

  it('says when a made-to-order product ships, in weeks', () => {
    expect(leadTimeLabel(made(3, 4))).toBe('Made to order: ships in 3–4 weeks');
    expect(leadTimeShort(made(3, 4))).toBe('Made to order, 3–4 weeks');
    expect(leadTimeShort(made(1, 1))).toBe('Made to order, 1 week');
    expect(leadTimeLabel(made(2, 2))).toBe('Made to order: ships in 2 weeks');
  });

  it('reads stored columns, and nothing from a row without them or with broken ones', () => {
    expect(readLeadTime({ lead_time_kind: 'made_to_order', lead_time_min: 3, lead_time_max: '4' })).toEqual(made(3, 4));
    expect(readLeadTime({ lead_time_kind: 'in_stock', lead_time_min: 5, lead_time_max: 9 })).toEqual(inStock(5));
    expect(readLeadTime({})).toBeNull();
    expect(readLeadTime({ lead_time_kind: 'made_to_order', lead_time_min: 4, lead_time_max: 3 })).toBeNull();
  });

  it('checks the limits', () => {
    expect(leadTimeProblem(inStock(30))).toBeNull();
    expect(leadTimeProblem(inStock(0))).toBe(LEAD_DAYS_PROBLEM);
    expect(leadTimeProblem(inStock(31))).toBe(LEAD_DAYS_PROBLEM);
    expect(leadTimeProblem(inStock(1.5))).toBe(LEAD_DAYS_PROBLEM);
    expect(leadTimeProblem(made(1, 52))).toBeNull();
    expect(leadTimeProblem(made(0, 2))).toBe(LEAD_WEEKS_PROBLEM);
    expect(leadTimeProblem(made(2, 53))).toBe(LEAD_WEEKS_PROBLEM);
    expect(leadTimeProblem(made(4, 3))).toBe(LEAD_WEEKS_ORDER_PROBLEM);
  });
});

describe('lead time CSV cell', () => {
  it('reads days as in stock and weeks as made to order, and writes them back the same', () => {
    for (const cell of ['2 days', '1 day', '3-4 weeks', '2 weeks', '1 week']) {
      const parsed = parseLeadTimeCell(cell);
      expect(parsed.ok && formatLeadTimeCell(parsed.leadTime)).toBe(cell);
    }
    expect(parseLeadTimeCell(' 5 ')).toEqual({ ok: true, leadTime: inStock(5) });
    expect(parseLeadTimeCell('3 to 4 Weeks')).toEqual({ ok: true, leadTime: made(3, 4) });
    expect(parseLeadTimeCell('3–4 weeks')).toEqual({ ok: true, leadTime: made(3, 4) });
    expect(parseLeadTimeCell('')).toEqual({ ok: true, leadTime: DEFAULT_LEAD_TIME });
  });

  it('refuses anything else with the reason', () => {
    expect(parseLeadTimeCell('soon')).toEqual({ ok: false, error: LEAD_TIME_CELL_PROBLEM });
    expect(parseLeadTimeCell('2 months')).toEqual({ ok: false, error: LEAD_TIME_CELL_PROBLEM });
    expect(parseLeadTimeCell('-2 days')).toEqual({ ok: false, error: LEAD_TIME_CELL_PROBLEM });
    expect(parseLeadTimeCell('0 days')).toEqual({ ok: false, error: LEAD_DAYS_PROBLEM });
    expect(parseLeadTimeCell('5-3 weeks')).toEqual({ ok: false, error: LEAD_WEEKS_ORDER_PROBLEM });
    expect(parseLeadTimeCell('60 weeks')).toEqual({ ok: false, error: LEAD_WEEKS_PROBLEM });
  });
});

describe('estimated ship date', () => {
  // 2026-12-02 is a Wednesday; 2026-12-04 a Friday; 2026-12-05 a Saturday.
  it('counts business days for in-stock lines, skipping the weekend', () => {
    expect(lineShipDay('2026-12-02', inStock(2))).toBe('2026-12-04');
    expect(lineShipDay('2026-12-04', inStock(1))).toBe('2026-12-07');
    expect(lineShipDay('2026-12-04', inStock(2))).toBe('2026-12-08');
    expect(lineShipDay('2026-12-05', inStock(2))).toBe('2026-12-08');
    expect(lineShipDay('2026-12-02', inStock(10))).toBe('2026-12-16');
  });

  it('counts the longest number of weeks for made-to-order lines, moving a weekend to the Monday', () => {
    expect(lineShipDay('2026-12-02', made(3, 4))).toBe('2026-12-30');
    expect(lineShipDay('2026-12-05', made(1, 1))).toBe('2026-12-14');
  });

  it('takes the slowest line, and has none without lead times', () => {
    expect(estimatedShipDay('2026-12-02', [inStock(2), made(2, 3), inStock(5)])).toBe('2026-12-23');
    expect(estimatedShipDay('2026-12-02', [inStock(2), null])).toBe('2026-12-04');
    expect(estimatedShipDay('2026-12-02', [null])).toBeNull();
    expect(estimatedShipDay('2026-12-02', [])).toBeNull();
  });

  it('writes the day out', () => {
    expect(formatShipDay('2026-12-04')).toBe('Friday, December 4, 2026');
  });
});
