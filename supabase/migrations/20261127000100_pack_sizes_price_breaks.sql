-- Wholesale buying: pack sizes (order increments) and volume price breaks, per product.
-- pack_size: quantities are multiples of it, and at least the MOQ rounded up to one (lib/purchase/pack-size.ts).
-- price_breaks: [{"minQuantity": 10, "percentOff": 5}, …], ascending quantities each giving more off, 0 < percent
-- <= 90 (lib/purchase/volume-pricing.ts). The database checks the shape too, so a write that skips the app's
-- checks cannot store a list the checkout would misprice.

create or replace function public.price_breaks_valid(breaks jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(breaks) = 'array'
     and jsonb_array_length(breaks) <= 20
     and coalesce((
       select bool_and(
                jsonb_typeof(b.value->'minQuantity') = 'number' and jsonb_typeof(b.value->'percentOff') = 'number'
                and (b.value->>'minQuantity')::numeric = trunc((b.value->>'minQuantity')::numeric)
                and (b.value->>'minQuantity')::numeric between 2 and 1000000
                and (b.value->>'percentOff')::numeric > 0 and (b.value->>'percentOff')::numeric <= 90
                and (b.ordinality = 1 or (
                  (b.value->>'minQuantity')::numeric > (breaks->(b.ordinality::int - 2)->>'minQuantity')::numeric
                  and (b.value->>'percentOff')::numeric > (breaks->(b.ordinality::int - 2)->>'percentOff')::numeric)))
         from jsonb_array_elements(breaks) with ordinality b), true);
$$;
-- Runs with the caller's rights and reads nothing: PUBLIC keeps EXECUTE, as the admins' writes check it.

alter table public.rings
  add column pack_size integer not null default 1 check (pack_size between 1 and 10000),
  add column price_breaks jsonb not null default '[]'::jsonb check (public.price_breaks_valid(price_breaks));
alter table public.necklaces
  add column pack_size integer not null default 1 check (pack_size between 1 and 10000),
  add column price_breaks jsonb not null default '[]'::jsonb check (public.price_breaks_valid(price_breaks));
alter table public.bracelets
  add column pack_size integer not null default 1 check (pack_size between 1 and 10000),
  add column price_breaks jsonb not null default '[]'::jsonb check (public.price_breaks_valid(price_breaks));
alter table public.earrings
  add column pack_size integer not null default 1 check (pack_size between 1 and 10000),
  add column price_breaks jsonb not null default '[]'::jsonb check (public.price_breaks_valid(price_breaks));
alter table public.body_jewelry
  add column pack_size integer not null default 1 check (pack_size between 1 and 10000),
  add column price_breaks jsonb not null default '[]'::jsonb check (public.price_breaks_valid(price_breaks));

-- Appended as the view's last columns (create or replace view may only add columns at the end).
create or replace view public.catalog_products with (security_invoker = true) as
  select id, 'rings'::text as category, name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null::text as necklace_type, is_adjustable, false as is_bracelet, false as is_necklace,
         null::text as product_type,
         case when price_stone1 > 0 then price_stone1 end as default_price
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), '') as stone_name, name_vector, pack_size, price_breaks
    from public.rings
  union all
  select id, 'necklaces', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         necklace_type, is_adjustable, is_bracelet, false, necklace_type,
         case when is_adjustable then case when n_price_16_stone1 > 0 then n_price_16_stone1 end else case when n_price_18_stone1 > 0 then n_price_18_stone1 end end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
    from public.necklaces
  union all
  select id, 'bracelets', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, is_adjustable, false, is_necklace, null,
         case when b_price_7_stone1 > 0 then b_price_7_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
    from public.bracelets
  union all
  select id, 'earrings', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, earring_type,
         case when price_stone1 > 0 then price_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
    from public.earrings
  union all
  select id, 'body_jewelry', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, jewelry_type,
         case when price_stone1 > 0 then price_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
    from public.body_jewelry;
