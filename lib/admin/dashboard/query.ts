import 'server-only';
// The dashboard's figures in one SQL statement per period, run as the admin under RLS: counts and sums by status,
// hours and days in the shop's time zone, payment methods, top products, recent orders and catalog counts, each an
// aggregate the database computes (no order is loaded into the server). All Time's top products come from the running
// totals per product (so they count every order up to the latest, whatever `now` says). The periods' bounds are computed in SQL from
// `now` and the time zone, so months and days start at local midnight, across daylight-saving changes.
import type { Category } from '../../catalog/categories';
import { withActor, type DbActor } from '../../core/db';
import type { Period } from './periods';

export interface DashboardRows {
  /** YYYY-MM-DD (shop time zone) of the daily chart's last bar. */
  trendLastDay: string;
  current: { status: string; orders: number }[];
  previous: { status: string; orders: number }[];
  hours: { hour: number; orders: number }[];
  days: { day: string; orders: number }[];
  /** Net money per method in the period (`amount`, `payments`) and in the previous one: their sums are the revenue. */
  methods: { method: string | null; amount: number; payments: number; previous: number }[];
  top: { product_id: string; name: string | null; category: Category | null; revenue: number; quantity: number }[];
  recent: {
    id: string;
    order_reference: string | null;
    customer_name: string | null;
    total_amount: number;
    status: string;
    created_at: string;
  }[];
  categories: Record<Category, number>;
}

export interface DashboardClock {
  now: Date;
  timeZone: string;
}

/** Every figure of one period, in one statement. */
export async function queryDashboard(actor: DbActor, period: Period, clock: DashboardClock): Promise<DashboardRows> {
  return withActor(actor, async (tx) => {
    // Sorting a few hundred thousand items by product needs more than the default 4 MB to stay in memory.
    await tx`set local work_mem = '32MB'`;
    // All Time reads the running totals per product (product_sales, kept by triggers); a period sums its items.
    const topProducts =
      period === 'all-time'
        ? tx`select product_id, revenue, quantity::int as quantity from public.product_sales
              where revenue > 0 order by revenue desc, product_id limit 5`
        : tx`select i.product_id, sum(i.quantity * i.unit_price)::bigint as revenue, sum(i.quantity)::int as quantity
               from public.order_items i, w
              where i.created_at >= w.cur_start and i.created_at < w.cur_end
                and not exists (select 1 from public.orders o
                                 where o.id = i.order_id and o.status in ('cancelled', 'refunded'))
              group by i.product_id
              order by revenue desc, i.product_id
              limit 5`;
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
      -- Revenue (labels.ts, REVENUE_DEFINITION): card payments of the orders placed in a window, less the refunds
      -- made on them, leaving out cancelled and refunded orders; one row per payment or refund, with its method, read
      -- once for both windows. A payment is written with its order, so its created_at is the order's (the index
      -- reads the windows alone); a refund counts in the window its order was placed in.
      money as (
        select t.payment_method as method, t.amount, 1 as payments, t.created_at as placed
          from w join public.transactions t
            on t.created_at >= least(w.cur_start, w.prev_start) and t.created_at < greatest(w.cur_end, w.prev_end)
         where t.kind = 'payment' and t.status = 'completed'
           and not exists (select 1 from public.orders o where o.id = t.order_id and o.status in ('cancelled', 'refunded'))
        union all
        select t.payment_method, -t.amount, 0, o.created_at
          from w, public.transactions t join public.orders o on o.id = t.order_id
         where t.kind = 'refund' and t.status in ('pending', 'succeeded') and o.status not in ('cancelled', 'refunded')
           and o.created_at >= least(w.cur_start, w.prev_start) and o.created_at < greatest(w.cur_end, w.prev_end)
      )
      select json_build_object(
        'trendLastDay', (select to_char(trend_last, 'YYYY-MM-DD') from w),
        'current', coalesce((
          select json_agg(s) from (
            select o.status, count(*)::int as orders
              from public.orders o, w where o.created_at >= w.cur_start and o.created_at < w.cur_end
             group by o.status) s), '[]'),
        'previous', coalesce((
          select json_agg(s) from (
            select o.status, count(*)::int as orders
              from public.orders o, w where o.created_at >= w.prev_start and o.created_at < w.prev_end
             group by o.status) s), '[]'),
        'hours', coalesce((
          select json_agg(h) from (
            select extract(hour from o.created_at at time zone w.tz)::int as hour, count(*)::int as orders
              from public.orders o, w where o.created_at >= w.cur_start and o.created_at < w.cur_end
             group by 1) h), '[]'),
        'days', coalesce((
          select json_agg(d) from (
            select to_char((o.created_at at time zone w.tz)::date, 'YYYY-MM-DD') as day, count(*)::int as orders
              from public.orders o, w
             where o.created_at >= w.trend_start and o.created_at < w.trend_end
             group by 1) d), '[]'),
        'methods', coalesce((
          select json_agg(x) from (
            select m.method,
                   coalesce(sum(m.amount) filter (where m.placed >= w.cur_start and m.placed < w.cur_end), 0)::bigint as amount,
                   count(*) filter (where m.payments = 1 and m.placed >= w.cur_start and m.placed < w.cur_end)::int as payments,
                   coalesce(sum(m.amount) filter (where m.placed >= w.prev_start and m.placed < w.prev_end), 0)::bigint as previous
              from money m, w
             group by 1) x), '[]'),
        'top', coalesce((
          select json_agg(p order by p.revenue desc, p.product_id) from (
            select s.product_id, c.name, c.category, s.revenue, s.quantity
              from (${topProducts}) s
              left join public.catalog_products c on c.id = s.product_id) p), '[]'),
        'recent', coalesce((
          select json_agg(r) from (
            select o.id, o.order_reference, o.customer_name, o.total_amount, o.status, o.created_at
              from public.orders o, w where o.created_at < w.cur_end
             order by o.created_at desc, o.id desc limit 5) r), '[]'),
        'categories', json_build_object(
          'rings', (select count(*) from public.rings), 'necklaces', (select count(*) from public.necklaces),
          'bracelets', (select count(*) from public.bracelets), 'earrings', (select count(*) from public.earrings),
          'body_jewelry', (select count(*) from public.body_jewelry))
      ) as figures`;
    return row.figures;
  });
}
