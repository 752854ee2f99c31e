-- A new order adds to its buyer's row instead of counting all their orders again.
--
-- refresh_customers() (20261128000500_customers.sql) sums every order of a buyer. Run for each new order, that cost
-- grows with the buyer's history: a wholesale buyer's 500th order read 500 orders and their refunds inside the
-- payment's fulfilment. A new order has no refund yet (a refund row needs its order first), so what it adds is known
-- from the row alone: one order, its total unless it was written cancelled or refunded, and its date. Rows of buyers
-- without a customers row yet (a guest's first order) still come from refresh_customers(); updates and deletes, which
-- can take an order away, still count again.
--
-- The same lock buckets as refresh_customers(), taken first and in bucket order: an increment and a recount of one
-- buyer never interleave, so neither loses the other's order.
create or replace function public.customers_orders_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_users uuid[];
  v_emails text[];
begin
  perform pg_advisory_xact_lock(20261128, b)
     from (select distinct abs(hashtext(coalesce(n.user_id::text, public.guest_customer_key(n.customer_email::text)))) % 256 as b
             from new_rows n
            where n.user_id is not null or coalesce(n.customer_email::text, '') <> ''
            order by 1) buckets;

  with added as (
    select n.user_id, case when n.user_id is null then lower(n.customer_email::text) end as guest_email,
           count(*)::int as orders_count,
           sum(case when n.status in ('cancelled', 'refunded') then 0 else greatest(0, n.total_amount) end)::bigint as spent_cents,
           max(n.created_at) as last_order_at,
           (array_agg(array[n.customer_email::text, n.customer_name, n.customer_phone]
                      order by n.created_at desc, n.id desc))[1:1] as latest
      from new_rows n
     where n.user_id is not null or coalesce(n.customer_email::text, '') <> ''
     group by 1, 2
  ), keyed as (
    select a.*, coalesce(a.user_id::text, public.guest_customer_key(a.guest_email)) as key from added a
  ), bumped as (
    -- A guest's e-mail, name and phone are their latest order's; an account's name and phone its profile's, else
    -- its latest order's (as refresh_customers() sets them).
    update public.customers c
       set orders_count = c.orders_count + k.orders_count,
           spent_cents = c.spent_cents + k.spent_cents,
           last_order_at = greatest(c.last_order_at, k.last_order_at),
           email = case when c.user_id is null and (c.last_order_at is null or k.last_order_at >= c.last_order_at)
                        then k.latest[1][1] else c.email end,
           name = case when c.last_order_at is null or k.last_order_at >= c.last_order_at
                       then coalesce(nullif(p.full_name, ''), k.latest[1][2]) else c.name end,
           phone = case when c.last_order_at is null or k.last_order_at >= c.last_order_at
                        then coalesce(nullif(p.phone_number, ''), k.latest[1][3]) else c.phone end
      from keyed k
      left join public.user_profiles p on p.user_id = k.user_id
     where c.key = k.key
    returning c.key
  )
  select array_agg(k.user_id) filter (where k.user_id is not null),
         array_agg(k.guest_email) filter (where k.user_id is null)
    into v_users, v_emails
    from keyed k
   where k.key not in (select b.key from bumped b);

  perform public.refresh_customers(coalesce(v_users, array[]::uuid[]), coalesce(v_emails, array[]::text[]));
  return null;
end;
$$;
revoke execute on function public.customers_orders_inserted() from public, anon, authenticated, service_role;
