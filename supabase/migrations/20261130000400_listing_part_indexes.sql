-- The orders of the listings that show part of a table: the cross-flagged products (necklaces flagged as
-- bracelets, bracelets flagged as necklaces, which the necklaces and chains listings show) and the necklace types
-- (chains, pendants). Their newest order has had indexes of its own since 20261128000200_storefront_active_products.sql;
-- their price orders walked the table's whole (status, price_from, id) index and tested each row it reached. At a
-- million products, page 256 of the necklaces by price read 4,562 bracelets to find the 660 flagged ones, and the
-- chains by price took up to 54 ms. Each index below holds only its part's rows, so only their writes pay for it.
create index bracelets_status_is_necklace_price_idx on public.bracelets (status, price_from, id) where is_necklace;
create index necklaces_status_is_bracelet_price_idx on public.necklaces (status, price_from, id) where is_bracelet;
create index necklaces_status_chain_price_idx on public.necklaces (status, price_from, id) where necklace_type = 'Chain';
create index necklaces_status_pendant_price_idx on public.necklaces (status, price_from, id) where necklace_type = 'Pendant';
-- The chains' newest order: Postgres read the necklaces' (status, created_at) index and tested each row's type
-- rather than use (status, necklace_type, created_at); this index holds the chains only (a third of the necklaces).
create index necklaces_status_chain_created_idx on public.necklaces (status, created_at desc, id desc) where necklace_type = 'Chain';
