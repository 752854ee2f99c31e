-- The header search over orders and customers, in a function that checks the admin itself and then reads the tables
-- with its owner's rights. Under the tables' row-level policies Postgres must apply the policy before any condition
-- whose operator is not leakproof, and LIKE is not: the trigram indexes (orders_search_idx, customers_search_idx) could
-- not serve a typed word, so a rare word read every order.
--
-- Two steps. Postgres judges each word's share of rows on its own, so two common words that never meet ('hopper
-- grace') looked common together and it walked every order from the newest. So the newest 1,000 rows are searched
-- first: when they hold enough matches those are the answer, as every other match is older. Otherwise every match is
-- collected (a rare set of words through the trigram index) and the newest are taken from them.
--
-- p_kind is 'orders' or 'customers'; p_patterns are LIKE patterns (the caller escapes the typed words), all of which
-- must match, at most 8. Each row comes back as one JSON object.
create or replace function public.admin_people_search(p_kind text, p_patterns text[], p_limit integer)
returns setof jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_text text := case p_kind
    when 'orders' then $t$lower(coalesce(r.order_reference, '') || ' ' || coalesce(r.customer_email::text, '') || ' ' || coalesce(r.customer_name, ''))$t$
    when 'customers' then 'r.search_text' end;
  v_from text := case p_kind when 'orders' then 'public.orders' when 'customers' then 'public.customers' end;
  v_order text := case p_kind when 'orders' then 'created_at desc, id desc' when 'customers' then 'sort_last_order desc, key desc' end;
  v_row text := case p_kind
    when 'orders' then 'jsonb_build_object(''id'', r.id, ''order_reference'', r.order_reference, ''customer_name'', r.customer_name, ''customer_email'', r.customer_email::text, ''status'', r.status, ''total_amount'', r.total_amount)'
    when 'customers' then 'jsonb_build_object(''key'', r.key, ''user_id'', r.user_id, ''name'', r.name, ''email'', r.email, ''orders_count'', r.orders_count)' end;
  v_where text;
  v_limit integer := greatest(1, least(p_limit, 50));
  v_newest jsonb[];
begin
  if v_from is null or not (select public.is_admin()) or coalesce(cardinality(p_patterns), 0) not between 1 and 8 then
    return;
  end if;
  -- The words as literals: each search is planned for its own words (EXECUTE plans every call).
  select string_agg(format('%s like %L', v_text, p), ' and ') into v_where from unnest(p_patterns) p;
  execute format(
    'select coalesce(array_agg(s.x order by s.n), ''{}'') from (
       select %s as x, row_number() over (order by %s) as n from (select * from %s order by %s limit 1000) r where %s) s',
    v_row, v_order, v_from, v_order, v_where) into v_newest;
  if cardinality(v_newest) >= v_limit then
    return query select unnest(v_newest[1:v_limit]);
    return;
  end if;
  -- A materialized set is planned for all its matches, not for the first few: the index for rare words.
  return query execute format(
    'with m as materialized (select * from %s r where %s) select %s from m r order by %s limit %s',
    v_from, v_where, v_row, v_order, v_limit);
end;
$$;
revoke execute on function public.admin_people_search(text, text[], integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_people_search(text, text[], integer) to authenticated;
