-- The header search over orders and customers, as two functions that check the admin themselves and then read the
-- tables with their owner's rights. Under the tables' row-level policies Postgres must apply the policy before any
-- condition whose operator is not leakproof, and LIKE is not: the trigram indexes (orders_search_idx,
-- customers_search_idx) could not serve a typed word, so a rare word read every order. Here the words are conditions
-- of their own: a rare word is found through the index, a common one by walking the newest rows.
--
-- p_patterns are LIKE patterns (the caller escapes the typed words), all of which must match; at most 8.
create or replace function public.admin_search_orders(p_patterns text[], p_limit integer)
returns table (id uuid, order_reference text, customer_name text, customer_email text, status text, total_amount bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) or coalesce(cardinality(p_patterns), 0) not between 1 and 8 then
    return;
  end if;
  -- Built with the words as literals, so each search is planned for its own words (EXECUTE plans every call).
  return query execute format(
    'select o.id, o.order_reference, o.customer_name, o.customer_email::text, o.status, o.total_amount
       from public.orders o
      where %s
      order by o.created_at desc, o.id desc
      limit %s',
    (select string_agg(
              format($f$lower(coalesce(o.order_reference, '') || ' ' || coalesce(o.customer_email::text, '') || ' ' || coalesce(o.customer_name, '')) like %L$f$, p),
              ' and ')
       from unnest(p_patterns) p),
    greatest(1, least(p_limit, 50)));
end;
$$;
revoke execute on function public.admin_search_orders(text[], integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_search_orders(text[], integer) to authenticated;

create or replace function public.admin_search_customers(p_patterns text[], p_limit integer)
returns table (key text, user_id uuid, name text, email text, orders_count integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) or coalesce(cardinality(p_patterns), 0) not between 1 and 8 then
    return;
  end if;
  return query execute format(
    'select c.key, c.user_id, c.name, c.email, c.orders_count
       from public.customers c
      where %s
      order by c.sort_last_order desc, c.key desc
      limit %s',
    (select string_agg(format('c.search_text like %L', p), ' and ') from unnest(p_patterns) p),
    greatest(1, least(p_limit, 50)));
end;
$$;
revoke execute on function public.admin_search_customers(text[], integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_search_customers(text[], integer) to authenticated;
