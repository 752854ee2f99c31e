import 'server-only';
// The dashboard of one period: the SQL figures shaped for the page. Kept for 5 minutes (the admin cache, shared
// by every admin: RLS shows them all the same orders) and dropped at once when an admin changes an order.
import { unstable_cache } from 'next/cache';
import type { Category } from '../../catalog/categories';
import type { DbActor } from '../../core/db';
import { formatDateTime } from '../../core/format/date';
import { orderReference } from '../../orders/reference';
import type { OrderStatus } from '../../orders/status';
import {
  averageOrderValue,
  busiestHours,
  cashCollected,
  categoryTiles,
  dayBars,
  hourBars,
  methodShares,
  percentChange,
  percentOf,
  periodSums,
  shortId,
  statusBars,
  type CashFigures,
  type CategoryTile,
  type DayBar,
  type HourBar,
  type MethodShare,
  type StatusBar,
} from './figures';
import type { Period } from './periods';
import { queryDashboard, type DashboardClock, type DashboardRows } from './query';
import { ADMIN_DASHBOARD_TAG } from '../../core/cache/tags';

/** Admin figures stay fresh for 5 minutes. */
export const DASHBOARD_FRESH_SECONDS = 300;

export interface Dashboard {
  period: Period;
  totals: {
    orders: number;
    revenueCents: number;
    averageOrderValueCents: number;
    /** completed / total, percent with one decimal. */
    completionRate: number;
    ordersChange: number;
    revenueChange: number;
    /** What the revenue holds: shipping and tax as charged (tax less refunded tax), goods the rest. */
    revenueParts: { goodsCents: number; shippingCents: number; taxCents: number };
  };
  /** Cash collected beside revenue: terms orders count when their invoices are paid. */
  cash: CashFigures;
  statuses: StatusBar[];
  days: DayBar[];
  hours: HourBar[];
  busiest: HourBar[];
  methods: MethodShare[];
  top: { productId: string; shortId: string; name: string | null; sku: string | null; category: Category | null; revenueCents: number; quantity: number }[];
  recent: { id: string; reference: string; customerName: string | null; totalCents: number; status: OrderStatus; dateLabel: string }[];
  categories: CategoryTile[];
}

export function shapeDashboard(period: Period, rows: DashboardRows, timeZone: string): Dashboard {
  // Revenue is the Payment Methods rows summed, so the two always agree.
  const money = rows.methods.map((m) => ({
    method: m.method,
    amount: Number(m.amount),
    payments: m.payments,
    previous: Number(m.previous),
    shipping: Number(m.shipping),
    tax: Number(m.tax),
  }));
  const current = periodSums(rows.current.map(numbers), money.reduce((s, m) => s + m.amount, 0));
  const previous = periodSums(rows.previous.map(numbers), money.reduce((s, m) => s + m.previous, 0));
  const hours = hourBars(rows.hours);
  const shippingCents = money.reduce((s, m) => s + m.shipping, 0);
  const taxCents = money.reduce((s, m) => s + m.tax, 0);
  return {
    period,
    totals: {
      orders: current.orders,
      revenueCents: current.revenue,
      averageOrderValueCents: averageOrderValue(current.revenue, current.orders),
      completionRate: percentOf(current.completed, current.orders),
      ordersChange: percentChange(current.orders, previous.orders),
      revenueChange: percentChange(current.revenue, previous.revenue),
      revenueParts: { goodsCents: current.revenue - shippingCents - taxCents, shippingCents, taxCents },
    },
    cash: cashCollected(current.revenue, money, Number(rows.invoicePaid ?? 0)),
    statuses: statusBars(current),
    days: dayBars(rows.days, rows.trendLastDay),
    hours,
    busiest: busiestHours(hours),
    methods: methodShares(money.filter((m) => m.amount !== 0 || m.payments > 0)),
    top: rows.top.map((t) => ({
      productId: t.product_id,
      shortId: shortId(t.product_id),
      name: t.name,
      sku: t.sku,
      category: t.category,
      revenueCents: Number(t.revenue),
      quantity: t.quantity,
    })),
    recent: rows.recent.map((o) => ({
      id: o.id,
      reference: orderReference(o),
      customerName: o.customer_name,
      totalCents: Number(o.total_amount),
      status: o.status as OrderStatus,
      dateLabel: formatDateTime(o.created_at, timeZone),
    })),
    categories: categoryTiles(rows.categories),
  };
}

function numbers(r: { status: string; orders: number }) {
  return { status: r.status, orders: Number(r.orders) };
}

/** The figures of `period` at `clock.now`, straight from the database. */
export async function loadDashboard(actor: DbActor, period: Period, clock: DashboardClock): Promise<Dashboard> {
  return shapeDashboard(period, await queryDashboard(actor, period, clock), clock.timeZone);
}

/** The page's figures: cached per period and time zone for DASHBOARD_FRESH_SECONDS. */
export function getDashboard(actor: DbActor, period: Period, timeZone: string): Promise<Dashboard> {
  return unstable_cache(() => loadDashboard(actor, period, { now: new Date(), timeZone }), ['admin-dashboard-v4', period, timeZone], {
    tags: [ADMIN_DASHBOARD_TAG],
    revalidate: DASHBOARD_FRESH_SECONDS,
  })();
}
