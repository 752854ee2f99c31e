-- A category screen's search word matches a product's name or SKU anywhere in it (ILIKE '%word%',
-- lib/admin/catalog/list.ts). A trigram index of the two, joined by a tab, chr(9) (a control character, which the
-- screen refuses in a search word, so no match can span both), finds a word of three letters or more without reading
-- the whole table.
do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format(
      'create index %I on public.%I using gin ((name || chr(9) || coalesce(sku, '''')) extensions.gin_trgm_ops)',
      t || '_list_search_idx', t);
  end loop;
end;
$$;
