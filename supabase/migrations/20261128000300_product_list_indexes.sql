-- The back office's list view sorts a category by any of its columns, 20 rows a page: one (column, id) index per
-- sort and table, so a page is an index range (read backwards for a descending sort) and never a sort of the table.
-- price_from already has (price_from, id) from the catalog's first migration.
do $$
declare
  t text;
  c text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    foreach c in array array['updated_at', 'name', 'sku', 'moq', 'status'] loop
      execute format('create index %I on public.%I (%I, id)', t || '_list_' || c || '_idx', t, c);
    end loop;
  end loop;
end;
$$;
