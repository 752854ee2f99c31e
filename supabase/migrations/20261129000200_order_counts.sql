-- The orders screen's count ('of N', per status filter) from counters, not from counting the orders, as
-- public.product_counts does for the catalog: the orders table's statement triggers add each statement's changes
-- per status as new rows, in the writing transaction; a count is the sum of the rows a reader's snapshot sees. The
-- rows are folded into one per status by one statement in ten (a payment's fulfilment writes one order, so folding
-- every time would cost each payment more than its count), skipping rows another transaction holds: no writer
-- waits for another on a counter.

create table public.order_counts (
  id bigint generated always as identity primary key,
  status text not null,
  -- A change, so it may be negative on a row; the sum per status is not.
  orders bigint not null
);

alter table public.order_counts enable row level security;
create policy "admins read order counts" on public.order_counts for select to authenticated
  using ((select public.is_admin()));
grant select on public.order_counts to authenticated;

create or replace function public.count_order_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.order_counts;
    return null;
  elsif tg_op = 'INSERT' then
    insert into public.order_counts (status, orders) select status, count(*) from new_rows group by status;
  elsif tg_op = 'DELETE' then
    insert into public.order_counts (status, orders) select status, -count(*) from old_rows group by status;
  else
    insert into public.order_counts (status, orders)
    select status, sum(n)
      from (select status, 1 as n from new_rows union all select status, -1 from old_rows) d
     group by status
    having sum(n) <> 0;
  end if;
  if random() < 0.1 then
    with taken as (
      delete from public.order_counts c
       where c.id in (select id from public.order_counts for update skip locked)
      returning c.status, c.orders
    )
    insert into public.order_counts (status, orders)
    select status, sum(orders) from taken group by status having sum(orders) <> 0;
  end if;
  return null;
end;
$$;
revoke execute on function public.count_order_rows() from public, anon, authenticated, service_role;

create trigger orders_counts_insert after insert on public.orders
  referencing new table as new_rows for each statement execute function public.count_order_rows();
create trigger orders_counts_update after update on public.orders
  referencing old table as old_rows new table as new_rows for each statement execute function public.count_order_rows();
create trigger orders_counts_delete after delete on public.orders
  referencing old table as old_rows for each statement execute function public.count_order_rows();
create trigger orders_counts_truncate after truncate on public.orders
  for each statement execute function public.count_order_rows();

insert into public.order_counts (status, orders) select status, count(*) from public.orders group by status;
