-- The dashboard's running totals, kept in the transactions that write orders and payments (as product_sales keeps
-- the all-time top products), so a period's figures read a few thousand rows, not every order it holds:
--   - order_quarters: orders placed per 15-minute slot (UTC). Every time zone in use today is a whole number of
--     quarter hours from UTC, so a slot lies within one local hour and day: the hours and days charts group slots.
--   - payment_quarters: net card money per slot, order status and payment method: completed payments in the slot
--     they were taken, refunds (pending or succeeded) in their order's slot, as the revenue rule counts them.
--   - payment_totals: the same money over all time, per order status and method (All Time reads a few rows).
--   - order_items.counts_as_sale: whether the item's order counts as a sale (neither cancelled nor refunded), kept on
--     the item, so a period's top products read that period's items alone.
--   - order_hours: orders over all time per hour of the day, in each time zone a dashboard has asked for (the shop's
--     own, as a rule). A time zone is added on its first use, counted once from order_quarters, while order writes
--     wait (a moment, once per time zone).
-- Each is kept as public.product_counts is: a statement adds its changes as new rows, and one statement in ten folds
-- a table's rows per key, skipping rows another transaction holds, so no writer waits for another on a total.
-- Order counts per status over all time are public.order_counts.

create or replace function public.quarter_of(p_at timestamptz)
returns timestamptz
language sql
immutable
parallel safe
set search_path = ''
as $$
  select to_timestamp(floor(extract(epoch from p_at) / 900) * 900);
$$;

alter table public.order_items add column counts_as_sale boolean not null default true;
update public.order_items i set counts_as_sale = false
  from public.orders o where o.id = i.order_id and not public.order_counts_as_sale(o.status);
-- order_id too: the items' row-level policy reads it.
create index order_items_sales_created_idx on public.order_items (created_at) include (product_id, quantity, unit_price, order_id)
  where counts_as_sale;

-- Items written for an order that does not count (rare: the server writes items with the order it fulfils).
create or replace function public.flag_items_of_unsold_orders()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.order_items i set counts_as_sale = false
    from new_rows n join public.orders o on o.id = n.order_id
   where i.id = n.id and not public.order_counts_as_sale(o.status);
  return null;
end;
$$;
revoke execute on function public.flag_items_of_unsold_orders() from public, anon, authenticated, service_role;
create trigger order_items_sale_flag after insert on public.order_items
  referencing new table as new_rows for each statement execute function public.flag_items_of_unsold_orders();

create table public.order_quarters (
  id bigint generated always as identity primary key,
  slot timestamptz not null,
  -- A change, so it may be negative on a row; the sum per slot is not.
  orders bigint not null
);
create index order_quarters_slot_idx on public.order_quarters (slot) include (orders);

create table public.payment_quarters (
  id bigint generated always as identity primary key,
  slot timestamptz not null,
  status text not null,
  method text,
  amount bigint not null,
  payments bigint not null
);
create index payment_quarters_slot_idx on public.payment_quarters (slot) include (status, method, amount, payments);

create table public.payment_totals (
  id bigint generated always as identity primary key,
  status text not null,
  method text,
  amount bigint not null,
  payments bigint not null
);

create table public.order_hour_zones (
  time_zone text primary key
);

create table public.order_hours (
  id bigint generated always as identity primary key,
  time_zone text not null,
  hour smallint not null check (hour between 0 and 23),
  orders bigint not null
);
create index order_hours_zone_idx on public.order_hours (time_zone) include (hour, orders);

do $$
declare
  t text;
begin
  foreach t in array array['order_quarters', 'payment_quarters', 'payment_totals', 'order_hour_zones', 'order_hours'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('create policy "admins read %s" on public.%I for select to authenticated using ((select public.is_admin()))', t, t);
    execute format('grant select on public.%I to authenticated', t);
  end loop;
end;
$$;

-- What a transaction adds to the money of its order's slot: a completed payment its amount and one payment, a
-- pending or succeeded refund minus its amount; anything else nothing.
create or replace function public.payment_money(p_kind text, p_status text, p_amount bigint)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_kind = 'payment' and p_status = 'completed' then p_amount
              when p_kind = 'refund' and p_status in ('pending', 'succeeded') then -p_amount
              else 0 end;
$$;

-- Adds money changes (one element per transaction and sign, in parallel arrays) to the slots and the totals, then
-- sometimes folds both.
create or replace function public.add_payment_money(
  p_slots timestamptz[], p_statuses text[], p_methods text[], p_amounts bigint[], p_payments bigint[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  with d as (
    select * from unnest(p_slots, p_statuses, p_methods, p_amounts, p_payments) as u(slot, status, method, amount, payments)
  ),
  q as (
    insert into public.payment_quarters (slot, status, method, amount, payments)
    select slot, status, method, sum(amount), sum(payments) from d group by 1, 2, 3
    having sum(amount) <> 0 or sum(payments) <> 0
  )
  insert into public.payment_totals (status, method, amount, payments)
  select status, method, sum(amount), sum(payments) from d group by 1, 2
  having sum(amount) <> 0 or sum(payments) <> 0;
  if random() < 0.1 then
    with taken as (
      delete from public.payment_quarters q
       where q.id in (select id from public.payment_quarters for update skip locked)
      returning q.slot, q.status, q.method, q.amount, q.payments
    )
    insert into public.payment_quarters (slot, status, method, amount, payments)
    select slot, status, method, sum(amount), sum(payments) from taken group by 1, 2, 3
    having sum(amount) <> 0 or sum(payments) <> 0;
    with taken as (
      delete from public.payment_totals t
       where t.id in (select id from public.payment_totals for update skip locked)
      returning t.status, t.method, t.amount, t.payments
    )
    insert into public.payment_totals (status, method, amount, payments)
    select status, method, sum(amount), sum(payments) from taken group by 1, 2
    having sum(amount) <> 0 or sum(payments) <> 0;
  end if;
end;
$$;

-- Transactions written, changed or removed: their old money out, their new money in, under their order's status.
-- (Transactions removed with their order were taken out by the order's own trigger, and the order is gone by now.)
create or replace function public.count_payment_money()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed text;
  slots timestamptz[];
  statuses text[];
  methods text[];
  amounts bigint[];
  payments bigint[];
begin
  if tg_op = 'TRUNCATE' then
    delete from public.payment_quarters;
    delete from public.payment_totals;
    return null;
  end if;
  -- A trigger's transition tables exist only for its own event, so the query names those of this one.
  changed := case tg_op
    when 'INSERT' then 'select n.*, 1 as sign from new_rows n'
    when 'DELETE' then 'select d.*, -1 as sign from old_rows d'
    else 'select n.*, 1 as sign from new_rows n union all select d.*, -1 from old_rows d' end;
  execute format($q$
    select array_agg(public.quarter_of(case when c.kind = 'refund' then o.created_at else c.created_at end)), array_agg(o.status),
           array_agg(c.payment_method), array_agg(c.sign * public.payment_money(c.kind, c.status, c.amount)),
           array_agg(case when c.kind = 'payment' and c.status = 'completed' then c.sign else 0 end)
      from (%s) c join public.orders o on o.id = c.order_id
     where public.payment_money(c.kind, c.status, c.amount) <> 0$q$, changed)
    into slots, statuses, methods, amounts, payments;
  if slots is not null then
    perform public.add_payment_money(slots, statuses, methods, amounts, payments);
  end if;
  return null;
end;
$$;

-- Orders placed, moved in time or removed: their slots' counts. An order's status moving moves its money between
-- statuses (cancelled and refunded orders' money is left out of revenue by the dashboard, per status).
create or replace function public.count_order_quarters()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  slots timestamptz[];
  statuses text[];
  methods text[];
  amounts bigint[];
  payments bigint[];
begin
  if tg_op = 'TRUNCATE' then
    delete from public.order_quarters;
    delete from public.order_hours;
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.order_quarters (slot, orders) select public.quarter_of(created_at), count(*) from new_rows group by 1;
    insert into public.order_hours (time_zone, hour, orders)
    select z.time_zone, extract(hour from n.created_at at time zone z.time_zone), count(*)
      from new_rows n cross join public.order_hour_zones z group by 1, 2;
  elsif tg_op = 'DELETE' then
    insert into public.order_quarters (slot, orders) select public.quarter_of(created_at), -count(*) from old_rows group by 1;
    insert into public.order_hours (time_zone, hour, orders)
    select z.time_zone, extract(hour from d.created_at at time zone z.time_zone), -count(*)
      from old_rows d cross join public.order_hour_zones z group by 1, 2;
  else
    insert into public.order_quarters (slot, orders)
    select slot, sum(n)
      from (select public.quarter_of(created_at) as slot, 1 as n from new_rows
            union all
            select public.quarter_of(created_at), -1 from old_rows) d
     group by slot
    having sum(n) <> 0;
    insert into public.order_hours (time_zone, hour, orders)
    select z.time_zone, extract(hour from d.created_at at time zone z.time_zone), sum(d.n)
      from (select created_at, 1 as n from new_rows union all select created_at, -1 from old_rows) d
     cross join public.order_hour_zones z
     group by 1, 2
    having sum(d.n) <> 0;
  end if;
  if tg_op = 'UPDATE' then
    update public.order_items i set counts_as_sale = public.order_counts_as_sale(n.status)
      from new_rows n join old_rows o on o.id = n.id
     where i.order_id = n.id and public.order_counts_as_sale(n.status) <> public.order_counts_as_sale(o.status);
    select array_agg(public.quarter_of(case when t.kind = 'refund' then c.created_at else t.created_at end)), array_agg(c.status),
           array_agg(t.payment_method), array_agg(c.sign * public.payment_money(t.kind, t.status, t.amount)),
           array_agg(case when t.kind = 'payment' and t.status = 'completed' then c.sign else 0 end)
      into slots, statuses, methods, amounts, payments
      from (
        select n.id, n.status, n.created_at, 1 as sign
          from new_rows n join old_rows o on o.id = n.id
         where n.status <> o.status or n.created_at <> o.created_at
        union all
        select o.id, o.status, o.created_at, -1
          from new_rows n join old_rows o on o.id = n.id
         where n.status <> o.status or n.created_at <> o.created_at
      ) c
      join public.transactions t on t.order_id = c.id
     where public.payment_money(t.kind, t.status, t.amount) <> 0;
    if slots is not null then
      perform public.add_payment_money(slots, statuses, methods, amounts, payments);
    end if;
  end if;
  if random() < 0.1 then
    with taken as (
      delete from public.order_quarters q
       where q.id in (select id from public.order_quarters for update skip locked)
      returning q.slot, q.orders
    )
    insert into public.order_quarters (slot, orders)
    select slot, sum(orders) from taken group by slot having sum(orders) <> 0;
    with taken as (
      delete from public.order_hours h
       where h.id in (select id from public.order_hours for update skip locked)
      returning h.time_zone, h.hour, h.orders
    )
    insert into public.order_hours (time_zone, hour, orders)
    select time_zone, hour, sum(orders) from taken group by 1, 2 having sum(orders) <> 0;
  end if;
  return null;
end;
$$;

-- An order deleted (the server only): its transactions' money leaves the totals before the cascade removes them.
create or replace function public.payment_money_order_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  slots timestamptz[];
  statuses text[];
  methods text[];
  amounts bigint[];
  payments bigint[];
begin
  select array_agg(public.quarter_of(case when t.kind = 'refund' then old.created_at else t.created_at end)), array_agg(old.status),
         array_agg(t.payment_method), array_agg(-public.payment_money(t.kind, t.status, t.amount)),
         array_agg(case when t.kind = 'payment' and t.status = 'completed' then -1 else 0 end)
    into slots, statuses, methods, amounts, payments
    from public.transactions t
   where t.order_id = old.id and public.payment_money(t.kind, t.status, t.amount) <> 0;
  if slots is not null then
    perform public.add_payment_money(slots, statuses, methods, amounts, payments);
  end if;
  return old;
end;
$$;

revoke execute on function public.add_payment_money(timestamptz[], text[], text[], bigint[], bigint[]) from public, anon, authenticated, service_role;
revoke execute on function public.payment_money(text, text, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.quarter_of(timestamptz) from public, anon, service_role;
grant execute on function public.quarter_of(timestamptz) to authenticated;
revoke execute on function public.count_payment_money() from public, anon, authenticated, service_role;
revoke execute on function public.count_order_quarters() from public, anon, authenticated, service_role;
revoke execute on function public.payment_money_order_deleted() from public, anon, authenticated, service_role;

create trigger transactions_money_insert after insert on public.transactions
  referencing new table as new_rows for each statement execute function public.count_payment_money();
create trigger transactions_money_update after update on public.transactions
  referencing old table as old_rows new table as new_rows for each statement execute function public.count_payment_money();
create trigger transactions_money_delete after delete on public.transactions
  referencing old table as old_rows for each statement execute function public.count_payment_money();
create trigger transactions_money_truncate after truncate on public.transactions
  for each statement execute function public.count_payment_money();

create trigger orders_quarters_insert after insert on public.orders
  referencing new table as new_rows for each statement execute function public.count_order_quarters();
create trigger orders_quarters_update after update on public.orders
  referencing old table as old_rows new table as new_rows for each statement execute function public.count_order_quarters();
create trigger orders_quarters_delete after delete on public.orders
  referencing old table as old_rows for each statement execute function public.count_order_quarters();
create trigger orders_quarters_truncate after truncate on public.orders
  for each statement execute function public.count_order_quarters();
create trigger orders_money_delete before delete on public.orders
  for each row execute function public.payment_money_order_deleted();

-- The totals of what is already there.
insert into public.order_quarters (slot, orders)
select public.quarter_of(created_at), count(*) from public.orders group by 1;

insert into public.payment_quarters (slot, status, method, amount, payments)
select public.quarter_of(case when t.kind = 'refund' then o.created_at else t.created_at end), o.status, t.payment_method,
       sum(public.payment_money(t.kind, t.status, t.amount)), count(*) filter (where t.kind = 'payment' and t.status = 'completed')
  from public.transactions t join public.orders o on o.id = t.order_id
 where public.payment_money(t.kind, t.status, t.amount) <> 0
 group by 1, 2, 3;

insert into public.payment_totals (status, method, amount, payments)
select status, method, sum(amount), sum(payments) from public.payment_quarters group by 1, 2;

-- Reading the totals. A window [p_from, p_to) is its whole slots from the totals plus the orders of its part slots
-- (at most a quarter hour at each end, such as the one running now) counted one by one; an open start
-- ('-infinity') is everything up to p_to. Security invoker: the tables' policies let admins alone read them. Each
-- query is planned for its own bounds (a plan for any bounds reads whole tables).

create or replace function public.quarter_ceil(p_at timestamptz)
returns timestamptz
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_at = '-infinity' then p_at
              when public.quarter_of(p_at) = p_at then p_at
              else public.quarter_of(p_at) + interval '15 minutes' end;
$$;

-- Orders placed in the window, per status.
create or replace function public.dashboard_orders(p_from timestamptz, p_to timestamptz)
returns table (status text, orders bigint)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
begin
  if p_from = '-infinity' then
    return query
      select s.status, sum(s.n)::bigint
        from (select c.status, c.orders as n from public.order_counts c
              union all
              select o.status, -count(*) from public.orders o where o.created_at >= p_to group by o.status) s
       group by s.status
      having sum(s.n) <> 0;
  else
    return query
      select o.status, count(*) from public.orders o where o.created_at >= p_from and o.created_at < p_to group by o.status;
  end if;
end;
$$;

-- Orders placed in the window, per slot (for the hours and days charts).
create or replace function public.dashboard_quarters(p_from timestamptz, p_to timestamptz)
returns table (slot timestamptz, orders bigint)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  lo timestamptz := public.quarter_ceil(p_from);
  hi timestamptz := greatest(public.quarter_ceil(p_from), public.quarter_of(p_to));
begin
  return query
    select s.slot, sum(s.n)::bigint
      from (select q.slot, q.orders as n from public.order_quarters q where q.slot >= lo and q.slot < hi
            union all
            select public.quarter_of(o.created_at), 1 from public.orders o
             where o.created_at >= p_from and o.created_at < p_to and (o.created_at < lo or o.created_at >= hi)) s
     group by s.slot
    having sum(s.n) <> 0;
end;
$$;

-- Net card money of the window's orders that count as sales (labels.ts, REVENUE_DEFINITION), per method, one by one.
create or replace function public.dashboard_money_between(p_from timestamptz, p_to timestamptz)
returns table (method text, amount bigint, payments bigint)
language sql
stable
set search_path = ''
as $$
  select m.method, sum(m.amount)::bigint, sum(m.payments)::bigint
    from (select t.payment_method as method, t.amount, 1 as payments
            from public.transactions t join public.orders o on o.id = t.order_id
           where t.kind = 'payment' and t.status = 'completed' and t.created_at >= p_from and t.created_at < p_to
             and o.status not in ('cancelled', 'refunded')
          union all
          select t.payment_method, -t.amount, 0
            from public.orders o join public.transactions t on t.order_id = o.id
           where t.kind = 'refund' and t.status in ('pending', 'succeeded') and o.created_at >= p_from and o.created_at < p_to
             and o.status not in ('cancelled', 'refunded')) m
   group by m.method;
$$;

-- The same, from the totals.
create or replace function public.dashboard_money(p_from timestamptz, p_to timestamptz)
returns table (method text, amount bigint, payments bigint)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  lo timestamptz := public.quarter_ceil(p_from);
  hi timestamptz := greatest(public.quarter_ceil(p_from), public.quarter_of(p_to));
  later timestamptz := public.quarter_ceil(p_to);
begin
  if p_from = '-infinity' then
    -- Everything up to p_to: all of it, less what came later.
    return query
      select m.method, sum(m.amount)::bigint, sum(m.payments)::bigint
        from (select t.method, t.amount, t.payments from public.payment_totals t where t.status not in ('cancelled', 'refunded')
              union all
              select q.method, -q.amount, -q.payments from public.payment_quarters q
               where q.slot >= later and q.status not in ('cancelled', 'refunded')
              union all
              select l.method, -l.amount, -l.payments from public.dashboard_money_between(p_to, later) l) m
       group by m.method
      having sum(m.amount) <> 0 or sum(m.payments) <> 0;
  else
    -- A window: its whole slots, and its part slots one by one.
    return query
      select m.method, sum(m.amount)::bigint, sum(m.payments)::bigint
        from (select q.method, q.amount, q.payments from public.payment_quarters q
               where q.slot >= lo and q.slot < hi and q.status not in ('cancelled', 'refunded')
              union all
              select l.method, l.amount, l.payments from public.dashboard_money_between(p_from, lo) l
              union all
              select l.method, l.amount, l.payments from public.dashboard_money_between(hi, p_to) l) m
       group by m.method
      having sum(m.amount) <> 0 or sum(m.payments) <> 0;
  end if;
end;
$$;

revoke execute on function public.quarter_ceil(timestamptz) from public, anon, service_role;
grant execute on function public.quarter_ceil(timestamptz) to authenticated;
revoke execute on function public.dashboard_orders(timestamptz, timestamptz) from public, anon, service_role;
revoke execute on function public.dashboard_quarters(timestamptz, timestamptz) from public, anon, service_role;
revoke execute on function public.dashboard_money_between(timestamptz, timestamptz) from public, anon, service_role;
revoke execute on function public.dashboard_money(timestamptz, timestamptz) from public, anon, service_role;
grant execute on function public.dashboard_orders(timestamptz, timestamptz) to authenticated;
grant execute on function public.dashboard_quarters(timestamptz, timestamptz) to authenticated;
grant execute on function public.dashboard_money_between(timestamptz, timestamptz) to authenticated;
grant execute on function public.dashboard_money(timestamptz, timestamptz) to authenticated;

-- The hours of a time zone over all time, counted from order_quarters on its first use. Order writes wait while it is
-- counted (SHARE mode lets none start): one that started before would add no hours for a zone it did not see.
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
  lock table public.orders in share mode;
  insert into public.order_hour_zones (time_zone) values (p_time_zone) on conflict do nothing;
  if found then
    insert into public.order_hours (time_zone, hour, orders)
    select p_time_zone, extract(hour from q.slot at time zone p_time_zone), sum(q.orders)
      from public.order_quarters q group by 2 having sum(q.orders) <> 0;
  end if;
end;
$$;
revoke execute on function public.ensure_order_hours(text) from public, anon, service_role;
grant execute on function public.ensure_order_hours(text) to authenticated;

-- Orders placed in the window per hour of the day in p_time_zone (registered by ensure_order_hours for an open start).
create or replace function public.dashboard_hours(p_from timestamptz, p_to timestamptz, p_time_zone text)
returns table (hour int, orders bigint)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
begin
  if p_from = '-infinity' then
    return query
      select s.hour, sum(s.n)::bigint
        from (select h.hour::int as hour, h.orders as n from public.order_hours h where h.time_zone = p_time_zone
              union all
              select extract(hour from o.created_at at time zone p_time_zone)::int, -1 from public.orders o where o.created_at >= p_to) s
       group by s.hour
      having sum(s.n) <> 0;
  else
    return query
      select extract(hour from q.slot at time zone p_time_zone)::int, sum(q.orders)::bigint
        from public.dashboard_quarters(p_from, p_to) q group by 1;
  end if;
end;
$$;
revoke execute on function public.dashboard_hours(timestamptz, timestamptz, text) from public, anon, service_role;
grant execute on function public.dashboard_hours(timestamptz, timestamptz, text) to authenticated;
