-- Search: typo tolerance. Every word used in a product's name, material, stone or description is kept once in
-- search_words; a search term that starts no known word is matched against its neighbours there (same length ±1,
-- ranked by trigram similarity) and the close ones are searched instead. The table stays small (the catalog's
-- vocabulary, not its products), so the lookup costs well under a millisecond at any catalog size.

create extension if not exists pg_trgm with schema extensions;

-- Relevance: matches in the SKU or the name rank first. search_vector's GIN index cannot tell weights apart (a
-- weight-A query rechecks every row holding the word), so the SKU and name get a small vector and index of their
-- own: the first tier of a common word is found without reading its thousands of other matches.
do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format(
      'alter table public.%I add column name_vector tsvector generated always as (to_tsvector(''simple''::regconfig, coalesce(sku, '''')) || to_tsvector(''english''::regconfig, coalesce(name, ''''))) stored',
      t);
    execute format('create index %I on public.%I using gin (name_vector)', t || '_name_search_idx', t);
  end loop;
end;
$$;

create table public.search_words (
  word text primary key check (length(word) between 3 and 40)
);
-- The length band of the typo lookup.
create index search_words_length_idx on public.search_words (length(word));

alter table public.search_words enable row level security;
create policy "search words are public" on public.search_words for select to anon, authenticated using (true);
revoke insert, update, delete, truncate on public.search_words from anon, authenticated;

-- Lower-case letter runs of 3 to 40 characters (digits belong to SKUs and sizes, which are matched as typed).
create or replace function public.search_words_of(p_text text)
returns setof text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select distinct w from regexp_split_to_table(lower(coalesce(p_text, '')), '[^[:alpha:]]+') as w
   where length(w) between 3 and 40;
$$;

-- Statement-level with a transition table: a bulk insert adds its new words in one set-based statement. Words of
-- renamed or deleted products stay; they match nothing and only cost a row.
create or replace function public.collect_search_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.search_words (word)
  select distinct w
    from new_rows r,
         lateral public.search_words_of(concat_ws(' ', r.name, replace(r.material, '-', ' '), r.stone, r.description)) as w
  on conflict (word) do nothing;
  return null;
end;
$$;
revoke execute on function public.collect_search_words() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format(
      'create trigger %I after insert on public.%I referencing new table as new_rows for each statement execute function public.collect_search_words()',
      t || '_search_words_insert', t);
    execute format(
      'create trigger %I after update on public.%I referencing new table as new_rows for each statement execute function public.collect_search_words()',
      t || '_search_words_update', t);
    execute format(
      'insert into public.search_words (word) select distinct w from public.%I r, lateral public.search_words_of(concat_ws('' '', r.name, replace(r.material, ''-'', '' ''), r.stone, r.description)) as w on conflict (word) do nothing',
      t);
  end loop;
end;
$$;
