import 'server-only';
// The dashboard's figures in one SQL statement per period, run as the admin under RLS: counts and sums by status,
// hours and days in the shop's time zone, payment methods, top products, recent orders and catalog counts, each an
// aggregate the database computes (no order is loaded into the server). Orders per slot, money per slot and over all
// time (with its shipping and tax), orders per status over all time and catalog counts come from running totals kept
// by the writes (20261210000400_orders.sql); top products from the totals per product over all time and per month
// (topProductsOf). The periods' bounds are computed in SQL from `now`
// and the time zone, so months and days start at local midnight, across daylight-saving changes. Payments received on
// terms invoices in the period are summed from the index on paid_at (20261210000600_documents.sql).
import { CATEGORIES, type Category } from '../../catalog/categories';
import { withActor, type DbActor, type Tx } from '../../core/db';
import type { Period } from './periods';

export interface DashboardRows {
  /** YYYY-MM-DD (shop time zone) of the daily chart's last bar. */
  trendLastDay: string;
  current: { status: string; orders: number }[];
  previous: { status: string; orders: number }[];
  hours: { hour: number; orders: number }[];
  days: { day: string; orders: number }[];
  /**
   * Net money per method in the period (`amount`, `payments`) and in the previous one: their sums are the revenue.
   * `shipping` and `tax`: the period's part of `amount` that was shipping and sales tax (less refunded tax).
   */
  methods: { method: string | null; amount: number; payments: number; previous: number; shipping: number; tax: number }[];
  top: { product_id: string; name: string | null; sku: string | null; category: Category | null; revenue: number; quantity: number }[];
  recent: {
    id: string;
    order_reference: string | null;
    customer_name: string | null;
    total_amount: number;
    status: string;
    created_at: string;
  }[];
  categories: Record<Category, number>;
  /** Cents paid on terms invoices in the period, whenever their orders were placed (cash, not revenue). */
  invoicePaid: number;
}

export interface DashboardClock {
  now: Date;
  timeZone: string;
}

/**
 * The five best-selling products of the period, by revenue, reading as little as each period allows: All Time, the
 * totals per product (product_sales); Last Month, its month's totals (product_month_sales); This Month, its month's
 * totals unless an item is dated after `now` (a clock set in the past), else its items, as Last 30 Days always does.
 * Uses the statement's `w` (the period's bounds).
 */
function topProductsOf(tx: Tx, period: Period, clock: DashboardClock) {
  const items = tx`
    select i.product_id, sum(i.quantity * i.unit_price)::bigint as revenue, sum(i.quantity)::int as quantity
      from public.order_items i, w
     where i.counts_as_sale and i.created_at >= w.cur_start and i.created_at < w.cur_end
     group by i.product_id`;
  // The month's key from the parameters themselves, not from the statement's CTEs: known when the statement is
  // planned, it makes the read five entries of product_month_sales_top_idx.
  const month = (shift: string) => tx`
    select m.product_id, m.revenue, m.quantity::int as quantity
      from public.product_month_sales m
     where m.time_zone = ${clock.timeZone}
       and m.month = (date_trunc('month', ${clock.now}::timestamptz at time zone ${clock.timeZone}::text) - ${shift}::interval)::date
       and m.revenue > 0
     order by m.revenue desc, m.product_id limit 5`;
  switch (period) {
    case 'all-time':
      return tx`select product_id, revenue, quantity::int as quantity from public.product_sales
                 where revenue > 0 order by revenue desc, product_id limit 5`;
    case 'last-month':
      return month('1 month');
    case 'this-month':
      return tx`
        with future as (select coalesce(max(i.created_at) >= (select cur_end from w), false) as dated from public.order_items i)
        select m.* from (${month('0 months')}) m, future where not future.dated
        union all
        select i.* from (${items}) i, future where future.dated`;
    default:
      return items;
  }
}

/** Every figure of one period, in one statement. */
export async function queryDashboard(actor: DbActor, period: Period, clock: DashboardClock): Promise<DashboardRows> {
  return withActor(actor, async (tx) => {
    // Sorting a few hundred thousand items by product needs more than the default 4 MB to stay in memory.
    await tx`set local work_mem = '32MB'`;
    // Hours and months are kept per time zone: this one's are counted on an admin's first use (anyone else reads
    // nothing of them: RLS).
    await tx`select public.ensure_order_hours(${clock.timeZone}) where (select public.is_admin())`;
    const topProducts = tx`
      select s.product_id, s.revenue, s.quantity from (${topProductsOf(tx, period, clock)}) s order by s.revenue desc, s.product_id limit 5`;
    const [row] = await tx<[{ figures: DashboardRows }]>`
      with l as (
        select ${clock.now}::timestamptz as now, ${clock.timeZone}::text as tz, ${period}::text as period,
               date_trunc('month', ${clock.now}::timestamptz at time zone ${clock.timeZone}::text) as month0,
               date_trunc('day', ${clock.now}::timestamptz at time zone ${clock.timeZone}::text) as day0
      ),
      w as materialized (
        select now, tz,
               case period when 'this-month' then month0 at time zone tz
                           when 'last-month' then (month0 - interval '1 month') at time zone tz
                           when 'last-30-days' then (day0 - interval '29 days') at time zone tz
                           else '-infinity'::timestamptz end as cur_start,
               case period when 'last-month' then month0 at time zone tz
                           else now + interval '1 microsecond' end as cur_end,
               case period when 'this-month' then (month0 - interval '1 month') at time zone tz
                           when 'last-month' then (month0 - interval '2 months') at time zone tz
                           when 'last-30-days' then (day0 - interval '59 days') at time zone tz
                           else '-infinity'::timestamptz end as prev_start,
               case period when 'last-month' then (month0 - interval '1 month') at time zone tz
                           when 'last-30-days' then (day0 - interval '29 days') at time zone tz
                           else month0 at time zone tz end as prev_end,
               (case period when 'last-month' then month0 - interval '1 day' else day0 end)::date as trend_last,
               (case period when 'last-month' then month0 - interval '30 days' else day0 - interval '29 days' end) at time zone tz as trend_start,
               case period when 'last-month' then month0 at time zone tz else now + interval '1 microsecond' end as trend_end
          from l
      ),
      cur_money as (select m.* from w, public.dashboard_money(w.cur_start, w.cur_end) m),
      prev_money as (select m.* from w, public.dashboard_money(w.prev_start, w.prev_end) m)
      select json_build_object(
        'trendLastDay', (select to_char(trend_last, 'YYYY-MM-DD') from w),
        'current', coalesce((
          select json_agg(s) from (select o.status, o.orders::int from w, public.dashboard_orders(w.cur_start, w.cur_end) o) s), '[]'),
        'previous', coalesce((
          select json_agg(s) from (select o.status, o.orders::int from w, public.dashboard_orders(w.prev_start, w.prev_end) o) s), '[]'),
        'hours', coalesce((
          select json_agg(h) from (
            select q.hour, q.orders::int as orders from w, public.dashboard_hours(w.cur_start, w.cur_end, w.tz) q) h), '[]'),
        'days', coalesce((
          select json_agg(d) from (
            select to_char((q.slot at time zone w.tz)::date, 'YYYY-MM-DD') as day, sum(q.orders)::int as orders
              from w, public.dashboard_quarters(w.trend_start, w.trend_end) q
             group by 1) d), '[]'),
        'methods', coalesce((
          select json_agg(x) from (
            select m.method, coalesce(sum(m.amount) filter (where m.cur), 0)::bigint as amount,
                   coalesce(sum(m.payments) filter (where m.cur), 0)::int as payments,
                   coalesce(sum(m.amount) filter (where not m.cur), 0)::bigint as previous,
                   coalesce(sum(m.shipping) filter (where m.cur), 0)::bigint as shipping,
                   coalesce(sum(m.tax) filter (where m.cur), 0)::bigint as tax
              from (select c.*, true as cur from cur_money c union all select p.*, false from prev_money p) m
             group by m.method) x), '[]'),
        'top', coalesce((
          select json_agg(p order by p.revenue desc, p.product_id) from (
            select s.product_id, c.name, c.sku, c.category, s.revenue, s.quantity
              from (${topProducts}) s
              left join public.catalog_products c on c.id = s.product_id) p), '[]'),
        'recent', coalesce((
          select json_agg(r) from (
            select o.id, o.order_reference, o.customer_name, o.total_amount, o.status, o.created_at
              from public.orders o where o.created_at < (select cur_end from w)
             order by o.created_at desc, o.id desc limit 5) r), '[]'),
        -- Products of every status per category, from the counters the catalog's writes keep (product_counts).
        'categories', (
          select json_object_agg(c.category, coalesce(n.total, 0))
            from unnest(${[...CATEGORIES]}::text[]) as c(category)
            left join (select category, sum(total)::int as total from public.product_counts group by category) n using (category)),
        'invoicePaid', (
          select coalesce(sum(t.paid_cents), 0)::bigint from w, public.terms_invoices t
           where t.paid_at is not null and t.paid_at >= w.cur_start and t.paid_at < w.cur_end)
      ) as figures`;
    return row.figures;
  });
}
