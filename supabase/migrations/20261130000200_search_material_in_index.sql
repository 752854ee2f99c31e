-- Search: a material filter is answered inside the full-text index. Each product table's GIN indexes on
-- search_vector and name_vector also hold the material (btree_gin gives GIN a plain column), so a search with a
-- material filter gets from the index only the rows of that material, and the words and the material are intersected
-- there. Before, the index returned a word's rows of every material and each was read from the table to test its
-- material: 'rose gold hoop' among gold earrings read every rose gold hoop to keep none. A search without a filter
-- uses the same indexes on their vector alone (a GIN index serves any subset of its columns).

create extension if not exists btree_gin with schema extensions;

do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format('drop index public.%I', t || '_search_idx');
    execute format('create index %I on public.%I using gin (material, search_vector)', t || '_search_idx', t);
    execute format('drop index public.%I', t || '_name_search_idx');
    execute format('create index %I on public.%I using gin (material, name_vector)', t || '_name_search_idx', t);
  end loop;
end;
$$;
