-- The dashboard's revenue in its parts: the money totals (20261129000300_dashboard_totals.sql) carry beside each
-- transaction's amount its shipping and sales tax, kept by the same triggers under the same slot and status rules, so
-- a period's shipping and tax are read as its revenue is and always belong to the same payments:
--   - a completed payment carries its order's shipping_cents and tax_cents (one payment per order);
--   - a pending or succeeded refund carries minus its share of tax (transactions.tax_cents), and no shipping: what it
--     gave back of the shipping is not recorded, so it lowers the goods;
--   - goods = revenue − shipping − tax (lib/admin/dashboard/load.ts).
-- An order's status, time or charges changing move its payments' charges (orders_charges_update), as its status
-- moves their money (count_order_quarters).

-- Writes wait while the totals change shape and the charges already taken are counted: none is missed or doubled.
lock table public.orders, public.transactions in share mode;

alter table public.payment_quarters
  add column shipping bigint not null default 0,
  add column tax bigint not null default 0;
alter table public.payment_totals
  add column shipping bigint not null default 0,
  add column tax bigint not null default 0;
drop index public.payment_quarters_slot_idx;
create index payment_quarters_slot_idx on public.payment_quarters (slot) include (status, method, amount, payments, shipping, tax);

-- What a transaction adds to the shipping and to the tax of its order's slot (payment_money's rule for the amount).
create or replace function public.payment_shipping(p_kind text, p_status text, p_order_shipping bigint)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_kind = 'payment' and p_status = 'completed' then coalesce(p_order_shipping, 0) else 0 end;
$$;

create or replace function public.payment_tax(p_kind text, p_status text, p_order_tax bigint, p_refund_tax bigint)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_kind = 'payment' and p_status = 'completed' then coalesce(p_order_tax, 0)
              when p_kind = 'refund' and p_status in ('pending', 'succeeded') then -coalesce(p_refund_tax, 0)
              else 0 end;
$$;

-- As before, with the charges: a row is kept while any of its figures is not zero. The charges' arrays may be left
-- out (count_order_quarters moves money alone; orders_charges_update moves the charges).
drop function public.add_payment_money(timestamptz[], text[], text[], bigint[], bigint[]);
create function public.add_payment_money(
  p_slots timestamptz[], p_statuses text[], p_methods text[], p_amounts bigint[], p_payments bigint[],
  p_shipping bigint[] default null, p_tax bigint[] default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  with d as (
    select u.slot, u.status, u.method, u.amount, u.payments, coalesce(u.shipping, 0) as shipping, coalesce(u.tax, 0) as tax
      from unnest(p_slots, p_statuses, p_methods, p_amounts, p_payments, coalesce(p_shipping, '{}'), coalesce(p_tax, '{}'))
        as u(slot, status, method, amount, payments, shipping, tax)
  ),
  q as (
    insert into public.payment_quarters (slot, status, method, amount, payments, shipping, tax)
    select slot, status, method, sum(amount), sum(payments), sum(shipping), sum(tax) from d group by 1, 2, 3
    having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0
  )
  insert into public.payment_totals (status, method, amount, payments, shipping, tax)
  select status, method, sum(amount), sum(payments), sum(shipping), sum(tax) from d group by 1, 2
  having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0;
  if random() < 0.1 then
    with taken as (
      delete from public.payment_quarters q
       where q.id in (select id from public.payment_quarters for update skip locked)
      returning q.slot, q.status, q.method, q.amount, q.payments, q.shipping, q.tax
    )
    insert into public.payment_quarters (slot, status, method, amount, payments, shipping, tax)
    select slot, status, method, sum(amount), sum(payments), sum(shipping), sum(tax) from taken group by 1, 2, 3
    having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0;
    with taken as (
      delete from public.payment_totals t
       where t.id in (select id from public.payment_totals for update skip locked)
      returning t.status, t.method, t.amount, t.payments, t.shipping, t.tax
    )
    insert into public.payment_totals (status, method, amount, payments, shipping, tax)
    select status, method, sum(amount), sum(payments), sum(shipping), sum(tax) from taken group by 1, 2
    having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0;
  end if;
end;
$$;

-- Transactions written, changed or removed: their old money and charges out, their new ones in, under their order's
-- status. (Transactions removed with their order were taken out by the order's own trigger.)
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
  shipping bigint[];
  tax bigint[];
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
           array_agg(case when c.kind = 'payment' and c.status = 'completed' then c.sign else 0 end),
           array_agg(c.sign * public.payment_shipping(c.kind, c.status, o.shipping_cents)),
           array_agg(c.sign * public.payment_tax(c.kind, c.status, o.tax_cents, c.tax_cents))
      from (%s) c join public.orders o on o.id = c.order_id
     where public.payment_money(c.kind, c.status, c.amount) <> 0$q$, changed)
    into slots, statuses, methods, amounts, payments, shipping, tax;
  if slots is not null then
    perform public.add_payment_money(slots, statuses, methods, amounts, payments, shipping, tax);
  end if;
  return null;
end;
$$;

-- Orders whose status, time or charges changed: their payments' charges move from the old slot and status (and
-- amounts) to the new. Their money moves in count_order_quarters.
create or replace function public.move_payment_charges()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  slots timestamptz[];
  statuses text[];
  methods text[];
  zeros bigint[];
  shipping bigint[];
  tax bigint[];
begin
  select array_agg(public.quarter_of(case when t.kind = 'refund' then c.created_at else t.created_at end)), array_agg(c.status),
         array_agg(t.payment_method), array_agg(0::bigint),
         array_agg(c.sign * public.payment_shipping(t.kind, t.status, c.shipping_cents)),
         array_agg(c.sign * public.payment_tax(t.kind, t.status, c.tax_cents, t.tax_cents))
    into slots, statuses, methods, zeros, shipping, tax
    from (
      select n.id, n.status, n.created_at, n.shipping_cents, n.tax_cents, 1 as sign
        from new_rows n join old_rows o on o.id = n.id
       where (n.status, n.created_at, n.shipping_cents, n.tax_cents) is distinct from (o.status, o.created_at, o.shipping_cents, o.tax_cents)
      union all
      select o.id, o.status, o.created_at, o.shipping_cents, o.tax_cents, -1
        from new_rows n join old_rows o on o.id = n.id
       where (n.status, n.created_at, n.shipping_cents, n.tax_cents) is distinct from (o.status, o.created_at, o.shipping_cents, o.tax_cents)
    ) c
    join public.transactions t on t.order_id = c.id
   where public.payment_money(t.kind, t.status, t.amount) <> 0;
  if slots is not null then
    perform public.add_payment_money(slots, statuses, methods, zeros, zeros, shipping, tax);
  end if;
  return null;
end;
$$;
create trigger orders_charges_update after update on public.orders
  referencing old table as old_rows new table as new_rows for each statement execute function public.move_payment_charges();

-- An order deleted (the server only): its transactions' money and charges leave the totals before the cascade.
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
  shipping bigint[];
  tax bigint[];
begin
  select array_agg(public.quarter_of(case when t.kind = 'refund' then old.created_at else t.created_at end)), array_agg(old.status),
         array_agg(t.payment_method), array_agg(-public.payment_money(t.kind, t.status, t.amount)),
         array_agg(case when t.kind = 'payment' and t.status = 'completed' then -1 else 0 end),
         array_agg(-public.payment_shipping(t.kind, t.status, old.shipping_cents)),
         array_agg(-public.payment_tax(t.kind, t.status, old.tax_cents, t.tax_cents))
    into slots, statuses, methods, amounts, payments, shipping, tax
    from public.transactions t
   where t.order_id = old.id and public.payment_money(t.kind, t.status, t.amount) <> 0;
  if slots is not null then
    perform public.add_payment_money(slots, statuses, methods, amounts, payments, shipping, tax);
  end if;
  return old;
end;
$$;

revoke execute on function public.payment_shipping(text, text, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.payment_tax(text, text, bigint, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.add_payment_money(timestamptz[], text[], text[], bigint[], bigint[], bigint[], bigint[])
  from public, anon, authenticated, service_role;
revoke execute on function public.move_payment_charges() from public, anon, authenticated, service_role;

-- The charges already taken (orders paid since 20261205000100), per slot and over all time.
with taken as (
  select public.quarter_of(case when t.kind = 'refund' then o.created_at else t.created_at end) as slot, o.status,
         t.payment_method as method, sum(public.payment_shipping(t.kind, t.status, o.shipping_cents)) as shipping,
         sum(public.payment_tax(t.kind, t.status, o.tax_cents, t.tax_cents)) as tax
    from public.transactions t join public.orders o on o.id = t.order_id
   where public.payment_money(t.kind, t.status, t.amount) <> 0
     and (o.shipping_cents <> 0 or o.tax_cents <> 0 or coalesce(t.tax_cents, 0) <> 0)
   group by 1, 2, 3
),
q as (
  insert into public.payment_quarters (slot, status, method, amount, payments, shipping, tax)
  select slot, status, method, 0, 0, shipping, tax from taken where shipping <> 0 or tax <> 0
)
insert into public.payment_totals (status, method, amount, payments, shipping, tax)
select status, method, 0, 0, sum(shipping), sum(tax) from taken group by 1, 2 having sum(shipping) <> 0 or sum(tax) <> 0;

-- Reading them: the functions of 20261129000300_dashboard_totals.sql, answering the charges beside the money.
drop function public.dashboard_money(timestamptz, timestamptz);
drop function public.dashboard_money_between(timestamptz, timestamptz);

-- Net card money, shipping and tax of the window's orders that count as sales, per method, one by one.
create function public.dashboard_money_between(p_from timestamptz, p_to timestamptz)
returns table (method text, amount bigint, payments bigint, shipping bigint, tax bigint)
language sql
stable
set search_path = ''
as $$
  select m.method, sum(m.amount)::bigint, sum(m.payments)::bigint, sum(m.shipping)::bigint, sum(m.tax)::bigint
    from (select t.payment_method as method, t.amount, 1 as payments, o.shipping_cents as shipping, o.tax_cents as tax
            from public.transactions t join public.orders o on o.id = t.order_id
           where t.kind = 'payment' and t.status = 'completed' and t.created_at >= p_from and t.created_at < p_to
             and o.status not in ('cancelled', 'refunded')
          union all
          select t.payment_method, -t.amount, 0, 0, -coalesce(t.tax_cents, 0)
            from public.orders o join public.transactions t on t.order_id = o.id
           where t.kind = 'refund' and t.status in ('pending', 'succeeded') and o.created_at >= p_from and o.created_at < p_to
             and o.status not in ('cancelled', 'refunded')) m
   group by m.method;
$$;

-- The same, from the totals: whole slots from payment_quarters, part slots one by one, an open start from
-- payment_totals less what came later.
create function public.dashboard_money(p_from timestamptz, p_to timestamptz)
returns table (method text, amount bigint, payments bigint, shipping bigint, tax bigint)
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
    return query
      select m.method, sum(m.amount)::bigint, sum(m.payments)::bigint, sum(m.shipping)::bigint, sum(m.tax)::bigint
        from (select t.method, t.amount, t.payments, t.shipping, t.tax from public.payment_totals t
               where t.status not in ('cancelled', 'refunded')
              union all
              select q.method, -q.amount, -q.payments, -q.shipping, -q.tax from public.payment_quarters q
               where q.slot >= later and q.status not in ('cancelled', 'refunded')
              union all
              select l.method, -l.amount, -l.payments, -l.shipping, -l.tax from public.dashboard_money_between(p_to, later) l) m
       group by m.method
      having sum(m.amount) <> 0 or sum(m.payments) <> 0 or sum(m.shipping) <> 0 or sum(m.tax) <> 0;
  else
    return query
      select m.method, sum(m.amount)::bigint, sum(m.payments)::bigint, sum(m.shipping)::bigint, sum(m.tax)::bigint
        from (select q.method, q.amount, q.payments, q.shipping, q.tax from public.payment_quarters q
               where q.slot >= lo and q.slot < hi and q.status not in ('cancelled', 'refunded')
              union all
              select l.method, l.amount, l.payments, l.shipping, l.tax from public.dashboard_money_between(p_from, lo) l
              union all
              select l.method, l.amount, l.payments, l.shipping, l.tax from public.dashboard_money_between(hi, p_to) l) m
       group by m.method
      having sum(m.amount) <> 0 or sum(m.payments) <> 0 or sum(m.shipping) <> 0 or sum(m.tax) <> 0;
  end if;
end;
$$;

revoke execute on function public.dashboard_money_between(timestamptz, timestamptz) from public, anon, service_role;
revoke execute on function public.dashboard_money(timestamptz, timestamptz) from public, anon, service_role;
grant execute on function public.dashboard_money_between(timestamptz, timestamptz) to authenticated;
grant execute on function public.dashboard_money(timestamptz, timestamptz) to authenticated;
