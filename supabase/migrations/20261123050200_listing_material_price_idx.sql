-- Listings filtered by material and sorted by price (and their counts) read one index instead of the table: at
-- 100,000 products a gold-only price page deep in the list went from a filtered scan of the price index with a
-- table visit per row to an index-only range scan.
create index rings_material_price_idx on public.rings (material, price_from, id);
create index necklaces_material_price_idx on public.necklaces (material, price_from, id);
create index bracelets_material_price_idx on public.bracelets (material, price_from, id);
create index earrings_material_price_idx on public.earrings (material, price_from, id);
create index body_jewelry_material_price_idx on public.body_jewelry (material, price_from, id);
