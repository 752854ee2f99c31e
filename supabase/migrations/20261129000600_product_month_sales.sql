-- Sales per product per calendar month in each time zone the dashboard counts in (order_hour_zones), kept by the
-- writes to order_items in their own transaction. This Month's and Last Month's top products read the five best rows
-- of a month instead of grouping its 100,000 items by product (150–180 ms at a million orders, most of those periods'
-- time). An item counts while its order is a sale (order_items.counts_as_sale, 20261129000300_dashboard_totals.sql,
-- which flips it with a statement of its own when the order's status moves), so items inserted, updated (quantity,
-- price, the flag) and deleted (with their order too) are the only changes to follow.

create table public.product_month_sales (
  time_zone text not null,
  month date not null,
  product_id uuid not null,
  revenue bigint not null default 0, -- cents
  quantity bigint not null default 0,
  primary key (time_zone, month, product_id)
);
create index product_month_sales_top_idx on public.product_month_sales (time_zone, month, revenue desc, product_id);

alter table public.product_month_sales enable row level security;
revoke all on public.product_month_sales from anon, authenticated, service_role;
grant select on public.product_month_sales to authenticated;
create policy "admins read product month sales" on public.product_month_sales for select to authenticated
  using ((select public.is_admin()));

-- Adds signed sums per product and month, in every counted zone. Rows are written in key order, so two transactions
-- touching the same products wait for each other instead of deadlocking.
create or replace function public.add_product_month_sales(p_created_at timestamptz[], p_product_ids uuid[], p_revenue bigint[], p_quantity bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.product_month_sales as s (time_zone, month, product_id, revenue, quantity)
  select z.time_zone, date_trunc('month', u.created_at at time zone z.time_zone)::date, u.product_id, sum(u.revenue), sum(u.quantity)
    from unnest(p_created_at, p_product_ids, p_revenue, p_quantity) as u(created_at, product_id, revenue, quantity)
   cross join public.order_hour_zones z
   group by 1, 2, 3
   order by 1, 2, 3
  on conflict (time_zone, month, product_id) do update
    set revenue = s.revenue + excluded.revenue, quantity = s.quantity + excluded.quantity;
$$;
revoke execute on function public.add_product_month_sales(timestamptz[], uuid[], bigint[], bigint[]) from public, anon, authenticated, service_role;

create or replace function public.product_month_sales_items_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.add_product_month_sales(array_agg(n.created_at), array_agg(n.product_id),
                                           array_agg(n.quantity::bigint * n.unit_price), array_agg(n.quantity::bigint))
       from new_rows n where n.counts_as_sale having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform public.add_product_month_sales(array_agg(d.created_at), array_agg(d.product_id),
                                           array_agg(-(d.quantity::bigint * d.unit_price)), array_agg(-d.quantity::bigint))
       from old_rows d where d.counts_as_sale having count(*) > 0;
  else
    perform public.add_product_month_sales(array_agg(c.created_at), array_agg(c.product_id), array_agg(c.revenue), array_agg(c.quantity))
       from (
         select d.created_at, d.product_id, -(d.quantity::bigint * d.unit_price) as revenue, -d.quantity::bigint as quantity
           from old_rows d where d.counts_as_sale
         union all
         select n.created_at, n.product_id, n.quantity::bigint * n.unit_price, n.quantity::bigint
           from new_rows n where n.counts_as_sale
       ) c
     having count(*) > 0;
  end if;
  return null;
end;
$$;
revoke execute on function public.product_month_sales_items_changed() from public, anon, authenticated, service_role;

-- Named to fire after order_items_product_sales_* (triggers on one event fire in name order): every writer then locks
-- product_sales rows before product_month_sales rows, as an order's status change does (orders_product_sales_update
-- before orders_quarters_update flips its items' flag), so two writers never wait for each other in a circle.
create trigger order_items_sales_by_month_insert after insert on public.order_items
referencing new table as new_rows for each statement execute function public.product_month_sales_items_changed();
create trigger order_items_sales_by_month_update after update on public.order_items
referencing old table as old_rows new table as new_rows for each statement execute function public.product_month_sales_items_changed();
create trigger order_items_sales_by_month_delete after delete on public.order_items
referencing old table as old_rows for each statement execute function public.product_month_sales_items_changed();

-- A zone's hours and now its months are counted on its first use. Order and item writes wait while they are counted
-- (SHARE mode lets none start): one that started before would add nothing for a zone it did not see.
create or replace function public.ensure_order_hours(p_time_zone text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'only an admin reads the dashboard' using errcode = '42501';
  end if;
  if exists (select 1 from public.order_hour_zones where time_zone = p_time_zone) then
    return;
  end if;
  perform now() at time zone p_time_zone; -- an unknown zone fails here, before anything is locked
  lock table public.orders, public.order_items in share mode;
  insert into public.order_hour_zones (time_zone) values (p_time_zone) on conflict do nothing;
  if found then
    insert into public.order_hours (time_zone, hour, orders)
    select p_time_zone, extract(hour from q.slot at time zone p_time_zone), sum(q.orders)
      from public.order_quarters q group by 2 having sum(q.orders) <> 0;
    insert into public.product_month_sales (time_zone, month, product_id, revenue, quantity)
    select p_time_zone, date_trunc('month', i.created_at at time zone p_time_zone)::date, i.product_id,
           sum(i.quantity::bigint * i.unit_price), sum(i.quantity)
      from public.order_items i where i.counts_as_sale group by 2, 3;
  end if;
end;
$$;

-- The zones already counted get their months.
insert into public.product_month_sales (time_zone, month, product_id, revenue, quantity)
select z.time_zone, date_trunc('month', i.created_at at time zone z.time_zone)::date, i.product_id,
       sum(i.quantity::bigint * i.unit_price), sum(i.quantity)
  from public.order_items i cross join public.order_hour_zones z
 where i.counts_as_sale
 group by 1, 2, 3;
