-- The product history and search-word triggers compare the columns they need, one by one, instead of turning whole
-- rows into JSON. to_jsonb(row) also converted both search vectors to text, for the old and the new version of every
-- row, in each of the two triggers: at 20,000 rows (a bulk price change) that was most of the triggers' time. The
-- results are the same: the same events with the same changes, the same words.
--
-- The column lists come from the table's own definition, so one function serves the five tables.

create or replace function public.record_product_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_note text := nullif(current_setting('app.product_change', true), '');
  v_actor uuid := auth.uid();
  v_email text := auth.email();
  v_pairs text;
begin
  if coalesce(current_setting('app.product_history', true), '') = 'off' then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    -- Derived and bookkeeping columns are left out: they follow from the columns that are shown.
    select string_agg(format('(%L, to_jsonb(o.%I), to_jsonb(n.%I))', a.attname, a.attname, a.attname), ', ' order by a.attnum)
      into v_pairs
      from pg_catalog.pg_attribute a
     where a.attrelid = tg_relid and a.attnum > 0 and not a.attisdropped
       and a.attname not in ('updated_at', 'search_vector', 'name_vector', 'price_from');
    execute format($q$
      insert into public.product_events (product_id, category, kind, changes, note, actor_id, actor_email)
      select n.id, %L, 'updated', d.diff, $1, $2, $3
        from new_rows n
        join old_rows o on o.id = n.id
       cross join lateral (
         select jsonb_object_agg(v.k, jsonb_build_array(v.ov, v.nv)) as diff
           from (values %s) v (k, ov, nv)
          where v.nv is distinct from v.ov
       ) d
       where d.diff is not null
       order by n.id$q$, tg_table_name, v_pairs)
      using v_note, v_actor, v_email;
  elsif tg_op = 'INSERT' then
    insert into public.product_events (product_id, category, kind, changes, note, actor_id, actor_email)
    select n.id, tg_table_name, 'created', jsonb_build_object('name', n.name, 'sku', n.sku, 'status', n.status), v_note, v_actor, v_email
      from new_rows n;
  else
    insert into public.product_events (product_id, category, kind, changes, note, actor_id, actor_email)
    select o.id, tg_table_name, 'deleted', jsonb_build_object('name', o.name, 'sku', o.sku, 'status', o.status), v_note, v_actor, v_email
      from old_rows o;
  end if;
  return null;
end;
$$;
revoke execute on function public.record_product_changes() from public, anon, authenticated;

-- The words of active rows whose text changed, or that have just become active: name, material, stone, description
-- and the table's type column, if it has one (necklace_type, earring_type or jewelry_type).
create or replace function public.collect_changed_search_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_type text;
begin
  select a.attname into v_type
    from pg_catalog.pg_attribute a
   where a.attrelid = tg_relid and a.attname in ('necklace_type', 'earring_type', 'jewelry_type') and not a.attisdropped;
  execute format($q$
    insert into public.search_words (word)
    select distinct w
      from (select n.status, o.status as old_status,
                   concat_ws(' ', n.name, replace(n.material, '-', ' '), n.stone, n.description, %1$s) as words,
                   concat_ws(' ', o.name, replace(o.material, '-', ' '), o.stone, o.description, %2$s) as old_words
              from new_rows n
              join old_rows o on o.id = n.id) c,
           lateral public.search_words_of(c.words) as w
     where c.status = 'active' and (c.words is distinct from c.old_words or c.old_status <> 'active')
    on conflict (word) do nothing$q$,
    case when v_type is null then 'null' else format('n.%I', v_type) end,
    case when v_type is null then 'null' else format('o.%I', v_type) end);
  return null;
end;
$$;
revoke execute on function public.collect_changed_search_words() from public, anon, authenticated;
