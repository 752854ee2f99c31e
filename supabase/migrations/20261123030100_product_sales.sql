-- All-time sales per product (items of orders neither cancelled nor refunded), kept by triggers in the same transaction
-- as the orders and items they sum. The dashboard's All Time top products read five rows of this table instead of
-- grouping every item ever sold by product.

create table public.product_sales (
  product_id uuid primary key,
  revenue bigint not null default 0, -- cents
  quantity bigint not null default 0
);
create index product_sales_revenue_idx on public.product_sales (revenue desc, product_id);

alter table public.product_sales enable row level security;
revoke all on public.product_sales from anon, authenticated;
grant select on public.product_sales to authenticated;
create policy "admins read product sales" on public.product_sales for select to authenticated
  using ((select public.is_admin()));

-- Whether an order's money is kept (the same rule as revenue and top products on the dashboard).
create or replace function public.order_counts_as_sale(status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select status not in ('cancelled', 'refunded');
$$;

-- Adds signed sums per product; rows of several orders and items at once. Rows are locked in product order, so two
-- transactions touching the same products (concurrent payments) wait for each other instead of deadlocking.
create or replace function public.add_product_sales(p_product_ids uuid[], p_revenue bigint[], p_quantity bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.product_sales as s (product_id, revenue, quantity)
  select product_id, sum(revenue), sum(quantity)
    from unnest(p_product_ids, p_revenue, p_quantity) as u(product_id, revenue, quantity)
   group by product_id
   order by product_id
  on conflict (product_id) do update
    set revenue = s.revenue + excluded.revenue, quantity = s.quantity + excluded.quantity;
$$;
revoke execute on function public.add_product_sales(uuid[], bigint[], bigint[]) from public, anon, authenticated;

-- New items count when their order does.
create or replace function public.product_sales_items_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.add_product_sales(array_agg(n.product_id), array_agg(n.quantity::bigint * n.unit_price), array_agg(n.quantity::bigint))
     from new_rows n join public.orders o on o.id = n.order_id
    where public.order_counts_as_sale(o.status)
   having count(*) > 0;
  return null;
end;
$$;

-- Changed or removed items (only the server does this): old amounts out, new amounts in, for orders that count.
-- Items removed with their order were taken out by the order's own trigger, and their order is gone by now.
create or replace function public.product_sales_items_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.add_product_sales(array_agg(c.product_id), array_agg(c.revenue), array_agg(c.quantity))
     from (
       select d.product_id, -(d.quantity::bigint * d.unit_price) as revenue, -d.quantity::bigint as quantity, d.order_id from old_rows d
       union all
       select n.product_id, n.quantity::bigint * n.unit_price, n.quantity::bigint, n.order_id from new_rows n
     ) c join public.orders o on o.id = c.order_id
    where public.order_counts_as_sale(o.status)
   having count(*) > 0;
  return null;
end;
$$;

create or replace function public.product_sales_items_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.add_product_sales(array_agg(d.product_id), array_agg(-(d.quantity::bigint * d.unit_price)), array_agg(-d.quantity::bigint))
     from old_rows d join public.orders o on o.id = d.order_id
    where public.order_counts_as_sale(o.status)
   having count(*) > 0;
  return null;
end;
$$;

-- An order moving between kept and not kept (e.g. completed → refunded) takes its items out or puts them back.
create or replace function public.product_sales_orders_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.add_product_sales(array_agg(i.product_id), array_agg(c.sign * i.quantity::bigint * i.unit_price), array_agg(c.sign * i.quantity::bigint))
     from (
       select n.id, case when public.order_counts_as_sale(n.status) then 1 else -1 end as sign
         from new_rows n join old_rows o on o.id = n.id
        where public.order_counts_as_sale(n.status) <> public.order_counts_as_sale(o.status)
     ) c join public.order_items i on i.order_id = c.id
   having count(*) > 0;
  return null;
end;
$$;

-- An order deleted (the server only): its items leave the totals before the cascade removes them.
create or replace function public.product_sales_order_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if public.order_counts_as_sale(old.status) then
    perform public.add_product_sales(array_agg(i.product_id), array_agg(-(i.quantity::bigint * i.unit_price)), array_agg(-i.quantity::bigint))
       from public.order_items i where i.order_id = old.id
     having count(*) > 0;
  end if;
  return old;
end;
$$;

revoke execute on function public.product_sales_items_inserted() from public, anon, authenticated;
revoke execute on function public.product_sales_items_updated() from public, anon, authenticated;
revoke execute on function public.product_sales_items_deleted() from public, anon, authenticated;
revoke execute on function public.product_sales_orders_changed() from public, anon, authenticated;
revoke execute on function public.product_sales_order_deleted() from public, anon, authenticated;

create trigger order_items_product_sales_insert after insert on public.order_items
referencing new table as new_rows for each statement execute function public.product_sales_items_inserted();
create trigger order_items_product_sales_update after update on public.order_items
referencing old table as old_rows new table as new_rows for each statement execute function public.product_sales_items_updated();
create trigger order_items_product_sales_delete after delete on public.order_items
referencing old table as old_rows for each statement execute function public.product_sales_items_deleted();
create trigger orders_product_sales_update after update on public.orders
referencing old table as old_rows new table as new_rows for each statement execute function public.product_sales_orders_changed();
create trigger orders_product_sales_delete before delete on public.orders
for each row execute function public.product_sales_order_deleted();

-- The totals of the orders already there.
insert into public.product_sales (product_id, revenue, quantity)
select i.product_id, sum(i.quantity::bigint * i.unit_price), sum(i.quantity)
  from public.order_items i join public.orders o on o.id = i.order_id
 where public.order_counts_as_sale(o.status)
 group by i.product_id;
