-- The header search's second step reads the trigram index with each word's rarest-looking part only.
--
-- A trigram index answers a LIKE by reading the list of rows of every trigram in the pattern, so a word that joins
-- a rare part to a common one ('guest15008@bench', 'BEN-0023447-d86f') read the lists of its common trigrams ('ben',
-- 'enc', 'nch': every order's e-mail domain or reference) in full: 50 ms for 5 rows, where '%guest15008%' alone takes 6.
-- So each word's index condition is its longest run of letters and digits with the most digits (at least 4
-- characters, one of them a digit), when it has such a run; the whole word is still required of every row found, so
-- the answer is the same. Words without such a run ('lovelace', 'ada', '555-0') keep the whole word.
create or replace function public.admin_search_index_pattern(p_pattern text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce((
    select '%' || m.run[1] || '%'
      from regexp_matches(p_pattern, '[[:alnum:]]+', 'g') as m(run)
     where length(m.run[1]) >= 4 and m.run[1] ~ '[0-9]'
     order by length(regexp_replace(m.run[1], '[^0-9]', '', 'g')) desc, length(m.run[1]) desc
     limit 1), p_pattern);
$$;
revoke execute on function public.admin_search_index_pattern(text) from public, anon, authenticated, service_role;

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
  v_index_where text;
  v_limit integer := greatest(1, least(p_limit, 50));
  v_newest jsonb[];
begin
  if v_from is null or not (select public.is_admin()) or coalesce(cardinality(p_patterns), 0) not between 1 and 8 then
    return;
  end if;
  -- The words as literals: each search is planned for its own words (EXECUTE plans every call).
  select string_agg(format('%s like %L', v_text, p), ' and '),
         string_agg(format('%s like %L', v_text, public.admin_search_index_pattern(p)), ' and ')
    into v_where, v_index_where
    from unnest(p_patterns) p;
  -- First the newest 1,000 rows: when they hold enough matches those are the answer, as every other match is older.
  execute format(
    'select coalesce(array_agg(s.x order by s.n), ''{}'') from (
       select %s as x, row_number() over (order by %s) as n from (select * from %s order by %s limit 1000) r where %s) s',
    v_row, v_order, v_from, v_order, v_where) into v_newest;
  if cardinality(v_newest) >= v_limit then
    return query select unnest(v_newest[1:v_limit]);
    return;
  end if;
  -- Then every match: the rows the index finds for the words' rare parts, each checked against the whole words. A
  -- materialized set is planned for all its rows, not for the first few: the index, not a walk by date.
  return query execute format(
    'with m as materialized (select * from %s r where %s) select %s from m r where %s order by %s limit %s',
    v_from, v_index_where, v_row, v_where, v_order, v_limit);
end;
$$;
revoke execute on function public.admin_people_search(text, text[], integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_people_search(text, text[], integer) to authenticated;
