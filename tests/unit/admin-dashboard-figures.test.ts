import { describe, expect, it } from 'vitest';
import {
  averageOrderValue,
  busiestHours,
  categoryTiles,
  dayBars,
  formatChange,
  hourBars,
  hourLabel,
  methodShares,
  oneDecimal,
  percentChange,
  percentOf,
  periodSums,
  shortId,
  statusBars,
} from '@/lib/admin/dashboard/figures';
import { DEFAULT_PERIOD, parsePeriod, periodHref, periodLabel, PERIODS } from '@/lib/admin/dashboard/periods';

describe('percentages (one decimal)', () => {
  it('rounds to one decimal', () => {
    expect(oneDecimal(12.34)).toBe(12.3);
    expect(oneDecimal(12.35)).toBe(12.4);
    expect(oneDecimal(-3.26)).toBe(-3.3);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('change vs last month = (current − previous) / previous × 100, and 0 when previous is 0', () => {
    expect(percentChange(120, 100)).toBe(20);
    expect(percentChange(90, 120)).toBe(-25);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(7, 0)).toBe(0);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(0, 5)).toBe(-100);
  });

  it('shows growth and zero with a plus sign, decline with a minus', () => {
    expect(formatChange(12.5)).toBe('+12.5%');
    expect(formatChange(0)).toBe('+0.0%');
    expect(formatChange(-3)).toBe('-3.0%');
  });

  it('average order value = revenue / order count, 0 without orders', () => {
    expect(averageOrderValue(10_000, 3)).toBe(3333);
    expect(averageOrderValue(10_001, 2)).toBe(5001);
    expect(averageOrderValue(0, 0)).toBe(0);
  });
});

describe('period sums', () => {
  const rows = [
    { status: 'completed', orders: 6 },
    { status: 'pending', orders: 2 },
    { status: 'cancelled', orders: 1 },
    { status: 'refunded', orders: 1 },
  ];

  it('counts every order and takes the revenue SQL summed from the Payment Methods rows (never below 0)', () => {
    const sums = periodSums(rows, 63_500);
    expect(sums.orders).toBe(10);
    expect(sums.revenue).toBe(63_500);
    expect(sums.completed).toBe(6);
    expect(periodSums(rows, -1).revenue).toBe(0);
  });

  it('gives the five dashboard statuses with their share (refunded is shown only in the orders screen)', () => {
    expect(statusBars(periodSums(rows, 0))).toEqual([
      { status: 'pending', orders: 2, percent: 20 },
      { status: 'processing', orders: 0, percent: 0 },
      { status: 'dispatched', orders: 0, percent: 0 },
      { status: 'completed', orders: 6, percent: 60 },
      { status: 'cancelled', orders: 1, percent: 10 },
    ]);
  });
});

describe('hours', () => {
  it('labels hours in 12-hour AM/PM', () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual(['12 AM', '1 AM', '11 AM', '12 PM', '1 PM', '11 PM']);
  });

  it('makes 24 bars and marks the 3 busiest, the earlier hour winning a tie', () => {
    const bars = hourBars([
      { hour: 9, orders: 5 },
      { hour: 14, orders: 8 },
      { hour: 15, orders: 5 },
      { hour: 3, orders: 5 },
      { hour: 20, orders: 1 },
    ]);
    expect(bars).toHaveLength(24);
    expect(bars[10]).toEqual({ hour: 10, label: '10 AM', orders: 0, busiest: false });
    expect(bars.filter((b) => b.busiest).map((b) => b.hour)).toEqual([3, 9, 14]);
    expect(busiestHours(bars).map((b) => b.label)).toEqual(['2 PM', '3 AM', '9 AM']);
  });

  it('marks no hour when there were no orders', () => {
    expect(hourBars([]).some((b) => b.busiest)).toBe(false);
  });
});

describe('days', () => {
  it('makes 30 days ending on the last day, zero where nothing was ordered, a label on every 5th bar', () => {
    const bars = dayBars(
      [
        { day: '2026-03-01', orders: 4 },
        { day: '2026-02-28', orders: 2 },
        { day: '2026-01-01', orders: 99 },
      ],
      '2026-03-01',
    );
    expect(bars).toHaveLength(30);
    expect(bars[0]!.date).toBe('2026-01-31');
    expect(bars.at(-1)).toEqual({ date: '2026-03-01', label: 'Mar 1', orders: 4, showLabel: false });
    expect(bars.at(-2)!.orders).toBe(2);
    expect(bars.filter((b) => b.showLabel).map((b) => b.label)).toEqual(['Jan 31', 'Feb 5', 'Feb 10', 'Feb 15', 'Feb 20', 'Feb 25']);
    expect(bars.reduce((s, b) => s + b.orders, 0)).toBe(6);
  });
});

describe('payment methods, products and categories', () => {
  it('shares by amount, largest first, unknown where no method was recorded', () => {
    expect(
      methodShares([
        { method: 'card', amount: 7_500, payments: 3 },
        { method: null, amount: 1_500, payments: 1 },
        { method: ' ', amount: 1_000, payments: 1 },
      ]),
    ).toEqual([
      { method: 'card', amountCents: 7_500, payments: 3, percent: 75 },
      { method: 'unknown', amountCents: 2_500, payments: 2, percent: 25 },
    ]);
    expect(methodShares([])).toEqual([]);
  });

  it('cuts a product id to 8 characters and ...', () => {
    expect(shortId('0b6f2c1e-4d1a-4f7e-9a55-1f0e8c7d6b5a')).toBe('0b6f2c1e...');
  });

  it('gives every category a tile linking to its screen', () => {
    expect(categoryTiles({ rings: 4, body_jewelry: 2 })).toEqual([
      { category: 'rings', label: 'Rings', count: 4, href: '/admin/rings' },
      { category: 'necklaces', label: 'Necklaces', count: 0, href: '/admin/necklaces' },
      { category: 'bracelets', label: 'Bracelets', count: 0, href: '/admin/bracelets' },
      { category: 'earrings', label: 'Earrings', count: 0, href: '/admin/earrings' },
      { category: 'body_jewelry', label: 'Body Jewelry', count: 2, href: '/admin/body-jewelry' },
    ]);
  });
});

describe('periods', () => {
  it('offers This Month (default), Last Month, Last 30 Days and All Time', () => {
    expect(PERIODS.map((p) => p.label)).toEqual(['This Month', 'Last Month', 'Last 30 Days', 'All Time']);
    expect(DEFAULT_PERIOD).toBe('this-month');
    expect(periodLabel('all-time')).toBe('All Time');
  });

  it('reads the period from the URL; anything else is this month', () => {
    expect(parsePeriod('last-month')).toBe('last-month');
    expect(parsePeriod(['all-time', 'x'])).toBe('all-time');
    for (const bad of [undefined, null, '', 'yesterday', 'LAST-MONTH']) expect(parsePeriod(bad)).toBe('this-month');
    expect(periodHref('this-month')).toBe('/admin/dashboard');
    expect(periodHref('last-30-days')).toBe('/admin/dashboard?period=last-30-days');
  });
});
