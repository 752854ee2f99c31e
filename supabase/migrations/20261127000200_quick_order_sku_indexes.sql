-- Quick order looks products up by SKU: typed prefixes for the autocomplete, and a 'did you mean' for a pasted SKU
-- nobody sells (lib/quick-order/resolve.ts).
-- Both indexes are on the C collation, so `like 'rng-10%'` and `order by` use them whatever the database's own
-- collation is (a hosted database is not always C, as the local one is).
-- The second is the SKU's key: lower case, letters and digits only. 'RNG1008', 'rng 1008' and 'RNG-1008 ' share
-- the key of RNG-1008, and a mistyped last character still shares a prefix with its neighbours.

do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format('create index %I on public.%I ((lower(sku) collate "C"))', t || '_sku_prefix_idx', t);
    execute format($f$create index %I on public.%I ((regexp_replace(lower(sku), '[^a-z0-9]+', '', 'g') collate "C"))$f$,
                   t || '_sku_key_idx', t);
  end loop;
end;
$$;
