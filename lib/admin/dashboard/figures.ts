// The dashboard's arithmetic on the sums SQL returns: percentages with one decimal, the change against the
// previous period (0 when that was 0), average order value, the busiest hours and the chart series. Pure.
import { CATEGORIES, CATEGORY_INFO, type Category } from '../../catalog/categories';
import { DASHBOARD_STATUSES, type OrderStatus } from '../../orders/status';

/** Rounded to one decimal: 12.345 → 12.3. */
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** part / whole as a percentage with one decimal; 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? oneDecimal((part / whole) * 100) : 0;
}

/** (current − previous) / previous × 100 with one decimal; 0 when previous is 0. */
export function percentChange(current: number, previous: number): number {
  return previous === 0 ? 0 : oneDecimal(((current - previous) / previous) * 100);
}

/** '+12.5%' (zero and growth carry a plus sign), '-3.0%'. */
export function formatChange(change: number): string {
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
}

/** Revenue per order in cents (rounded); 0 without orders. */
export function averageOrderValue(revenueCents: number, orders: number): number {
  return orders > 0 ? Math.round(revenueCents / orders) : 0;
}

/** The method the booked payment of an order placed on payment terms carries: revenue, but not yet cash. */
export const INVOICE_METHOD = 'invoice';

export interface CashFigures {
  /** Revenue less what was ordered on terms, plus what terms invoices were paid in the period; never below 0. */
  collectedCents: number;
  /** The period's net money of orders placed on terms (the 'invoice' method). */
  invoicedCents: number;
  /** Paid on terms invoices in the period, whenever their orders were placed. */
  invoicePaymentsCents: number;
}

/** Cash collected in a period, from its revenue, the net 'invoice' money among it and the invoice payments received. */
export function cashCollected(revenueCents: number, methods: readonly { method: string | null; amount: number }[], invoicePaidCents: number): CashFigures {
  const invoicedCents = methods.filter((m) => m.method === INVOICE_METHOD).reduce((s, m) => s + m.amount, 0);
  return {
    collectedCents: Math.max(0, revenueCents - invoicedCents + invoicePaidCents),
    invoicedCents,
    invoicePaymentsCents: invoicePaidCents,
  };
}

/** Hour of the day (0–23) in 12-hour form: 0 → '12 AM', 13 → '1 PM'. */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`;
}

export interface StatusRow {
  status: string;
  orders: number;
}

export interface PeriodSums {
  orders: number;
  /** Cents: paid less refunded, cancelled and refunded orders left out (labels.ts, REVENUE_DEFINITION). */
  revenue: number;
  completed: number;
  byStatus: Map<string, number>;
}

/** The period's orders by status, and its revenue as SQL summed it from the same rows as Payment Methods. */
export function periodSums(rows: readonly StatusRow[], revenueCents: number): PeriodSums {
  const byStatus = new Map<string, number>();
  let orders = 0;
  for (const r of rows) {
    byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + r.orders);
    orders += r.orders;
  }
  return { orders, revenue: Math.max(0, revenueCents), completed: byStatus.get('completed') ?? 0, byStatus };
}

export interface StatusBar {
  status: OrderStatus;
  orders: number;
  /** Share of the period's orders, one decimal. */
  percent: number;
}

export function statusBars(sums: PeriodSums): StatusBar[] {
  return DASHBOARD_STATUSES.map((status) => {
    const orders = sums.byStatus.get(status) ?? 0;
    return { status, orders, percent: percentOf(orders, sums.orders) };
  });
}

export interface HourBar {
  hour: number;
  label: string;
  orders: number;
  /** One of the three busiest hours. */
  busiest: boolean;
}

/** 24 bars (hours without orders are 0) with the 3 busiest marked; on a tie the earlier hour wins. */
export function hourBars(rows: readonly { hour: number; orders: number }[], top = 3): HourBar[] {
  const counts = Array.from({ length: 24 }, () => 0);
  for (const r of rows) if (r.hour >= 0 && r.hour < 24) counts[r.hour]! += r.orders;
  const busiest = new Set(
    counts
      .map((orders, hour) => ({ hour, orders }))
      .filter((h) => h.orders > 0)
      .sort((a, b) => b.orders - a.orders || a.hour - b.hour)
      .slice(0, top)
      .map((h) => h.hour),
  );
  return counts.map((orders, hour) => ({ hour, label: hourLabel(hour), orders, busiest: busiest.has(hour) }));
}

/** The busiest hours, busiest first. */
export function busiestHours(bars: readonly HourBar[]): HourBar[] {
  return bars.filter((b) => b.busiest).sort((a, b) => b.orders - a.orders || a.hour - b.hour);
}

export interface DayBar {
  /** YYYY-MM-DD in the shop's time zone. */
  date: string;
  /** 'Nov 5'. */
  label: string;
  orders: number;
  /** Every 5th bar carries its date under the chart. */
  showLabel: boolean;
}

const dayLabelFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `days` consecutive days ending on `lastDay` (YYYY-MM-DD), oldest first, with the orders of each. */
export function dayBars(rows: readonly { day: string; orders: number }[], lastDay: string, days = 30): DayBar[] {
  const counts = new Map(rows.map((r) => [r.day, r.orders]));
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000);
    const key = date.toISOString().slice(0, 10);
    return { date: key, label: dayLabelFormat.format(date), orders: counts.get(key) ?? 0, showLabel: i % 5 === 0 };
  });
}

export interface MethodShare {
  method: string;
  amountCents: number;
  payments: number;
  /** Share of the amount, one decimal. */
  percent: number;
}

/** Payment methods by amount (largest first), 'unknown' where none was recorded. */
export function methodShares(rows: readonly { method: string | null; amount: number; payments: number }[]): MethodShare[] {
  const merged = new Map<string, { amount: number; payments: number }>();
  for (const r of rows) {
    const key = r.method?.trim() || 'unknown';
    const m = merged.get(key) ?? { amount: 0, payments: 0 };
    merged.set(key, { amount: m.amount + r.amount, payments: m.payments + r.payments });
  }
  const total = [...merged.values()].reduce((s, m) => s + m.amount, 0);
  return [...merged]
    .map(([method, m]) => ({ method, amountCents: m.amount, payments: m.payments, percent: percentOf(m.amount, total) }))
    .sort((a, b) => b.amountCents - a.amountCents || a.method.localeCompare(b.method));
}

/** A product id as the dashboard shows it: its first 8 characters and '...'. */
export function shortId(id: string): string {
  return `${id.slice(0, 8)}...`;
}

export interface CategoryTile {
  category: Category;
  label: string;
  count: number;
  href: string;
}

export function categoryTiles(counts: Partial<Record<Category, number>>): CategoryTile[] {
  return CATEGORIES.map((category) => ({
    category,
    label: CATEGORY_INFO[category].label,
    count: counts[category] ?? 0,
    href: `/admin/${CATEGORY_INFO[category].route}`,
  }));
}
