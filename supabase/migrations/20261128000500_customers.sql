-- Back office: the shop's buyers. One row per account (every one, with or without orders) and one per guest e-mail
-- (orders placed without an account, grouped by their lower-cased e-mail), with their order count, total spent and
-- last order, kept by triggers in the same transaction as the orders, refunds, profiles and accounts they sum (as
-- product_sales is). The Customers screen sorts and pages these rows through one index per sort instead of grouping
-- every order on each request.
--
-- Total spent: per order, what was paid less what was refunded (refunds pending or succeeded), leaving out cancelled
-- orders and orders marked refunded, never below zero; the dashboard's revenue rule.

create table public.customers (
  -- An account's user id, or 'g-' and the md5 of a guest's lower-cased e-mail (the URL of their page names no
  -- e-mail address).
  key text primary key,
  user_id uuid unique references auth.users (id) on delete cascade,
  email text not null default '',
  name text,
  phone text,
  orders_count integer not null default 0,
  spent_cents bigint not null default 0,
  last_order_at timestamptz,
  -- Sort keys without nulls, so one index serves each sort in both directions.
  sort_name text generated always as (lower(coalesce(nullif(name, ''), email))) stored,
  sort_phone text generated always as (coalesce(phone, '')) stored,
  sort_last_order timestamptz generated always as (coalesce(last_order_at, '-infinity'::timestamptz)) stored,
  -- What the search box matches: name, e-mail and phone, the phone also as digits alone.
  search_text text generated always as (
    lower(coalesce(name, '') || ' ' || email || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))
  ) stored
);
create index customers_name_idx on public.customers (sort_name, key);
create index customers_email_idx on public.customers (lower(email), key);
create index customers_phone_idx on public.customers (sort_phone, key);
create index customers_orders_idx on public.customers (orders_count, key);
create index customers_spent_idx on public.customers (spent_cents, key);
create index customers_last_order_idx on public.customers (sort_last_order, key);
create index customers_search_idx on public.customers using gin (search_text extensions.gin_trgm_ops);

alter table public.customers enable row level security;
revoke all on public.customers from public, anon, authenticated, service_role;
grant select on public.customers to authenticated;
create policy "admins read customers" on public.customers for select to authenticated
  using ((select public.is_admin()));

-- A customer's page shows their saved addresses: admins read every address book (customers still only their own).
create policy "admins read addresses" on public.user_addresses for select to authenticated
  using ((select public.is_admin()));

-- A guest's key from their e-mail.
create or replace function public.guest_customer_key(p_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'g-' || md5(lower(p_email));
$$;
revoke execute on function public.guest_customer_key(text) from public, anon, authenticated, service_role;

-- Guest orders are found by their e-mail; header search finds orders by reference, e-mail or name.
create index orders_guest_email_idx on public.orders (lower(customer_email::text)) where user_id is null;
create index orders_search_idx on public.orders using gin (
  lower(coalesce(order_reference, '') || ' ' || coalesce(customer_email::text, '') || ' ' || coalesce(customer_name, ''))
  extensions.gin_trgm_ops);
-- Whether a word is common (walk the newest orders) or rare (the trigram index) is learnt from these statistics.
alter index public.orders_search_idx alter column 1 set statistics 1000;

-- What one order adds to its buyer's total spent (see the top of this file).
create or replace function public.order_kept_cents(p_order_id uuid, p_status text, p_total bigint)
returns bigint
language sql
stable
set search_path = ''
as $$
  select case when p_status in ('cancelled', 'refunded') then 0
              else greatest(0, p_total - coalesce((
                select sum(t.amount) from public.transactions t
                 where t.order_id = p_order_id and t.kind = 'refund' and t.status in ('pending', 'succeeded')), 0))
         end::bigint;
$$;
revoke execute on function public.order_kept_cents(uuid, text, bigint) from public, anon, authenticated, service_role;
-- The customer's page shows each order's share, as the admin (security invoker: RLS as for any read).
grant execute on function public.order_kept_cents(uuid, text, bigint) to authenticated;

-- Computes again the rows of these accounts and guest e-mails from their orders. Each key's lock bucket is taken for
-- the rest of the transaction first (in bucket order, so two writers never deadlock), and the sums read after the
-- lock: a second order of the same buyer written at the same time waits, then counts the first one.
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
     and not exists (select 1 from public.orders o where o.user_id is null and lower(o.customer_email::text) = e);

  insert into public.customers as c (key, user_id, email, name, phone, orders_count, spent_cents, last_order_at)
  select public.guest_customer_key(e), null, agg.latest[1][1], agg.latest[1][2], agg.latest[1][3],
         agg.orders_count, agg.spent_cents, agg.last_order_at
    from unnest(v_emails) e
    cross join lateral (
      select count(*)::int as orders_count, coalesce(sum(public.order_kept_cents(o.id, o.status, o.total_amount)), 0)::bigint as spent_cents,
             max(o.created_at) as last_order_at,
             array_agg(array[o.customer_email::text, o.customer_name, o.customer_phone] order by o.created_at desc, o.id desc) as latest
        from public.orders o where o.user_id is null and lower(o.customer_email::text) = e) agg
   where agg.orders_count > 0
  on conflict (key) do update
    set email = excluded.email, name = excluded.name, phone = excluded.phone, orders_count = excluded.orders_count,
        spent_cents = excluded.spent_cents, last_order_at = excluded.last_order_at;
end;
$$;
revoke execute on function public.refresh_customers(uuid[], text[]) from public, anon, authenticated, service_role;


-- --- Triggers: every write that changes a buyer's figures refreshes their row in the same transaction -------------

-- Orders written, changed or removed (statement-level: a bulk write refreshes each buyer once). A change moves an
-- order between buyers too (an account deleted leaves its orders to their guest e-mail).
create or replace function public.customers_orders_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array(select n.user_id from new_rows n where n.user_id is not null),
                                   array(select n.customer_email::text from new_rows n where n.user_id is null));
  return null;
end;
$$;

create or replace function public.customers_orders_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array_agg(x.user_id), array_agg(x.email))
     from (
       select unnest(array[o.user_id, n.user_id]) as user_id,
              unnest(array[case when o.user_id is null then o.customer_email::text end,
                           case when n.user_id is null then n.customer_email::text end]) as email
         from old_rows o join new_rows n on n.id = o.id
        where (o.user_id, o.customer_email::text, o.customer_name, o.customer_phone, o.status, o.total_amount, o.created_at)
              is distinct from
              (n.user_id, n.customer_email::text, n.customer_name, n.customer_phone, n.status, n.total_amount, n.created_at)
     ) x
   having count(*) > 0;
  return null;
end;
$$;

create or replace function public.customers_orders_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array(select d.user_id from old_rows d where d.user_id is not null),
                                   array(select d.customer_email::text from old_rows d where d.user_id is null));
  return null;
end;
$$;

-- Refunds recorded, or their status moving (pending → succeeded or failed), change what the buyer kept.
create or replace function public.customers_refunds_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array_agg(o.user_id) filter (where o.user_id is not null),
                                   array_agg(o.customer_email::text) filter (where o.user_id is null))
     from public.orders o
    where o.id in (select r.order_id from changed_rows r where r.kind = 'refund')
   having count(*) > 0;
  return null;
end;
$$;

-- An account's name and phone come from its profile; its e-mail from the account itself.
create or replace function public.customers_profiles_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array(select n.user_id from changed_rows n), array[]::text[]);
  return null;
end;
$$;

create or replace function public.customers_account_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array[new.id], array[]::text[]);
  return null;
end;
$$;

revoke execute on function public.customers_orders_inserted() from public, anon, authenticated, service_role;
revoke execute on function public.customers_orders_updated() from public, anon, authenticated, service_role;
revoke execute on function public.customers_orders_deleted() from public, anon, authenticated, service_role;
revoke execute on function public.customers_refunds_changed() from public, anon, authenticated, service_role;
revoke execute on function public.customers_profiles_changed() from public, anon, authenticated, service_role;
revoke execute on function public.customers_account_changed() from public, anon, authenticated, service_role;

create trigger orders_customers_insert after insert on public.orders
referencing new table as new_rows for each statement execute function public.customers_orders_inserted();
create trigger orders_customers_update after update on public.orders
referencing old table as old_rows new table as new_rows for each statement execute function public.customers_orders_updated();
create trigger orders_customers_delete after delete on public.orders
referencing old table as old_rows for each statement execute function public.customers_orders_deleted();
create trigger transactions_customers_insert after insert on public.transactions
referencing new table as changed_rows for each statement execute function public.customers_refunds_changed();
create trigger transactions_customers_update after update on public.transactions
referencing new table as changed_rows for each statement execute function public.customers_refunds_changed();
create trigger transactions_customers_delete after delete on public.transactions
referencing old table as changed_rows for each statement execute function public.customers_refunds_changed();
create trigger user_profiles_customers_insert after insert on public.user_profiles
referencing new table as changed_rows for each statement execute function public.customers_profiles_changed();
create trigger user_profiles_customers_update after update on public.user_profiles
referencing new table as changed_rows for each statement execute function public.customers_profiles_changed();
create trigger customers_account_changed after insert or update of email on auth.users
for each row execute function public.customers_account_changed();

-- The buyers already there.
select public.refresh_customers(array(select id from auth.users),
                                array(select distinct customer_email::text from public.orders where user_id is null and customer_email is not null));
