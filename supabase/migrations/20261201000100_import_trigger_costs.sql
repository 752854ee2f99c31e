-- What the product tables' triggers cost a catalog import, made cheaper. Measured on 20,000 rows inserted in one
-- statement into a table of 200,000 (the scale seed's), against the same insert with the product triggers off: the
-- search vectors added 1.7–2.0 s and the search words 1.3–1.8 s.
--
-- 1. The search vectors' two functions (20261128001400_search_vectors_on_text_changes.sql) could not be inlined:
--    Postgres runs a SQL function with a SET clause as a function call of its own, with its own executor, on every
--    row. Without it the trigger's expression is planned with their bodies in place: 1.1 s instead of 2.0 s. Every
--    name in the bodies is schema-qualified, so the caller's search_path cannot change what they call.
create or replace function public.product_search_vector(
  p_sku text, p_name text, p_material text, p_stone text, p_kind text, p_description text
)
returns tsvector
language sql
immutable
parallel safe
as $$
  select pg_catalog.setweight(pg_catalog.to_tsvector('simple'::pg_catalog.regconfig, coalesce(p_sku, '')), 'A')
         operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig, coalesce(p_name, '')), 'A')
         operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig,
                                   coalesce(p_material, '') operator(pg_catalog.||) ' ' operator(pg_catalog.||) coalesce(p_stone, '')), 'B')
         operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig, p_kind), 'B')
         operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig, coalesce(p_description, '')), 'C');
$$;

create or replace function public.product_name_vector(p_sku text, p_name text)
returns tsvector
language sql
immutable
parallel safe
as $$
  select pg_catalog.to_tsvector('simple'::pg_catalog.regconfig, coalesce(p_sku, ''))
         operator(pg_catalog.||) pg_catalog.to_tsvector('english'::pg_catalog.regconfig, coalesce(p_name, ''));
$$;

revoke execute on function public.product_search_vector(text, text, text, text, text, text) from public, anon, authenticated, service_role;
revoke execute on function public.product_name_vector(text, text) from public, anon, authenticated, service_role;

-- 2. New and changed active products' words join search_words. Each row's text was split into words whole, although
--    the rows of one statement mostly share their descriptions, materials and stones: an import's 500 rows were 500
--    descriptions parsed. Each distinct field is now parsed once per statement (the 20,000 rows: no time beyond the
--    noise). The words are the same: the fields were joined with spaces, and no word of the text parser spans one.
create or replace function public.collect_search_words()
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
      from (select distinct f
              from new_rows r,
                   unnest(array[r.name, replace(r.material, '-', ' '), r.stone, r.description, %s]) as f
             where r.status = 'active' and f is not null) t,
           lateral public.search_words_of(t.f) as w
    on conflict (word) do nothing$q$,
    case when v_type is null then 'null' else format('r.%I', v_type) end);
  return null;
end;
$$;
revoke execute on function public.collect_search_words() from public, anon, authenticated;

-- The words of active rows whose text changed, or that have just become active, as before; each distinct field once.
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
      from (select distinct f
              from new_rows n
              join old_rows o on o.id = n.id,
                   unnest(array[n.name, replace(n.material, '-', ' '), n.stone, n.description, %1$s]) as f
             where n.status = 'active' and f is not null
               and (o.status <> 'active'
                    or concat_ws(' ', n.name, replace(n.material, '-', ' '), n.stone, n.description, %1$s)
                       is distinct from concat_ws(' ', o.name, replace(o.material, '-', ' '), o.stone, o.description, %2$s))) t,
           lateral public.search_words_of(t.f) as w
    on conflict (word) do nothing$q$,
    case when v_type is null then 'null' else format('n.%I', v_type) end,
    case when v_type is null then 'null' else format('o.%I', v_type) end);
  return null;
end;
$$;
revoke execute on function public.collect_changed_search_words() from public, anon, authenticated;
