-- One index on lower(sku) per product table instead of two. The exact-SKU lookups (search, the admin header search)
-- now compare in "C" order, as the quick order's SKU prefix index (20261127000200_quick_order_sku_indexes.sql) is
-- built: for equality the two orders agree (both compare bytes), so that index serves them, and every product
-- write maintains one index fewer (each of the 20,000 rows of a bulk price change wrote an entry into it).
drop index public.rings_sku_lower_idx;
drop index public.necklaces_sku_lower_idx;
drop index public.bracelets_sku_lower_idx;
drop index public.earrings_sku_lower_idx;
drop index public.body_jewelry_sku_lower_idx;
