-- A guest's orders are found by a plain column, guest_email, compared with = . The customer page reads them as the
-- admin under the orders' row policies, and there a condition on lower(customer_email) could not use its index
-- (lower() is not leakproof, so Postgres applies the policy first): a guest's page read every order, p95 249 ms at
-- 100,000 orders. An account's orders (user_id) were never affected.
alter table public.orders
  add column guest_email text generated always as (case when user_id is null then lower(customer_email::text) end) stored;
drop index public.orders_guest_email_idx;
create index orders_guest_email_idx on public.orders (guest_email, created_at, id) where guest_email is not null;

-- As in …128000500_customers, with the guest's orders found through the new column.
create or replace function public.refresh_customers(p_user_ids uuid[], p_guest_emails text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_users uuid[] := array(select distinct u from unnest(p_user_ids) u where u is not null);
  v_emails text[] := array(select distinct lower(e) from unnest(p_guest_emails) e where e is not null and e <> '');
begin
  if cardinality(v_users) = 0 and cardinality(v_emails) = 0 then
    return;
  end if;
  -- 256 lock buckets: a bulk write refreshing 20,000 buyers holds 256 locks, not 20,000 (the lock table is shared).
  perform pg_advisory_xact_lock(20261128, b)
     from (select distinct abs(hashtext(k)) % 256 as b
             from (select u::text as k from unnest(v_users) u
                   union all select public.guest_customer_key(e) from unnest(v_emails) e) keys
            order by 1) buckets;

  delete from public.customers c
   where c.user_id = any(v_users) and not exists (select 1 from auth.users u where u.id = c.user_id);

  -- The latest order's name and phone come from the same pass over the buyer's orders (an ORDER BY … LIMIT 1 could
  -- be planned as a walk of every order by date).
  insert into public.customers as c (key, user_id, email, name, phone, orders_count, spent_cents, last_order_at)
  select u.id::text, u.id, coalesce(u.email, ''),
         coalesce(nullif(p.full_name, ''), agg.latest[1][1]), coalesce(nullif(p.phone_number, ''), agg.latest[1][2]),
         agg.orders_count, agg.spent_cents, agg.last_order_at
    from auth.users u
    left join public.user_profiles p on p.user_id = u.id
    cross join lateral (
      select count(*)::int as orders_count, coalesce(sum(public.order_kept_cents(o.id, o.status, o.total_amount)), 0)::bigint as spent_cents,
             max(o.created_at) as last_order_at,
             array_agg(array[o.customer_name, o.customer_phone] order by o.created_at desc, o.id desc) as latest
        from public.orders o where o.user_id = u.id) agg
   where u.id = any(v_users)
  on conflict (key) do update
    set email = excluded.email, name = excluded.name, phone = excluded.phone, orders_count = excluded.orders_count,
        spent_cents = excluded.spent_cents, last_order_at = excluded.last_order_at;

  delete from public.customers c
   using unnest(v_emails) e
   where c.key = public.guest_customer_key(e)
     and not exists (select 1 from public.orders o where o.guest_email = e);

  insert into public.customers as c (key, user_id, email, name, phone, orders_count, spent_cents, last_order_at)
  select public.guest_customer_key(e), null, agg.latest[1][1], agg.latest[1][2], agg.latest[1][3],
         agg.orders_count, agg.spent_cents, agg.last_order_at
    from unnest(v_emails) e
    cross join lateral (
      select count(*)::int as orders_count, coalesce(sum(public.order_kept_cents(o.id, o.status, o.total_amount)), 0)::bigint as spent_cents,
             max(o.created_at) as last_order_at,
             array_agg(array[o.customer_email::text, o.customer_name, o.customer_phone] order by o.created_at desc, o.id desc) as latest
        from public.orders o where o.guest_email = e) agg
   where agg.orders_count > 0
  on conflict (key) do update
    set email = excluded.email, name = excluded.name, phone = excluded.phone, orders_count = excluded.orders_count,
        spent_cents = excluded.spent_cents, last_order_at = excluded.last_order_at;
end;
$$;
revoke execute on function public.refresh_customers(uuid[], text[]) from public, anon, authenticated, service_role;
