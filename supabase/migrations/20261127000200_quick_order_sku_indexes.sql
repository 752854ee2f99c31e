-- Quick order looks products up by SKU: typed prefixes for the autocomplete, and the nearest SKUs for a 'did you
-- mean' when a pasted SKU is unknown (lib/quick-order/resolve.ts).
-- The prefix index is on the C collation, so `like 'rng-10%'` and `order by` use it whatever the database's own
-- collation is (a hosted database is not always C, as the local one is).
-- The trigram index answers `order by lower(sku) <-> 'rng-1o05' limit 3` without reading the table.

do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format('create index %I on public.%I ((lower(sku) collate "C"))', t || '_sku_prefix_idx', t);
    execute format('create index %I on public.%I using gist (lower(sku) extensions.gist_trgm_ops)', t || '_sku_trgm_idx', t);
  end loop;
end;
$$;
