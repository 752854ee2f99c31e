-- Rings are sold by US size: each ring offers a set of whole and half sizes (none for an adjustable ring), with an
-- optional surcharge from a size up (lib/catalog/ring-sizes.ts holds the same rules for the forms and the cart).
-- Sizes are stored canonical, ascending and once each, so the set reads the same wherever it is shown.
create or replace function public.ring_sizes_valid(sizes text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(s ~ '^([3-9]|1[0-5])(\.5)?$|^16$'), true)
     and sizes = coalesce((select array_agg(d order by case when d ~ '^[0-9]+(\.[0-9]+)?$' then d::numeric end) from (select distinct unnest(sizes) as d) x), '{}')
    from unnest(sizes) s
$$;

alter table public.rings
  add column sizes text[] not null default '{}' check (public.ring_sizes_valid(sizes)),
  add column size_surcharge numeric(10,2) check (size_surcharge > 0),
  add column size_surcharge_from text,
  add constraint rings_adjustable_has_no_sizes check (not (is_adjustable and cardinality(sizes) > 0)),
  add constraint rings_surcharge_from_offered check (
    (size_surcharge is null) = (size_surcharge_from is null)
    and (size_surcharge_from is null or size_surcharge_from = any (sizes)));

-- Rings that are not adjustable get the run boutiques stock most: US 5 to 9, whole and half sizes. Kept in each
-- ring's history with the reason.
select set_config('app.product_change', 'Ring sizes added: US 5 to 9, whole and half sizes', true);
update public.rings set sizes = '{5,5.5,6,6.5,7,7.5,8,8.5,9}' where not is_adjustable;
select set_config('app.product_change', '', true);

-- The listing card's one-click add picks a ring's size as the product page does (lib/catalog/ring-sizes.ts), so
-- the view carries the sizes and the surcharge. Appended as the view's last columns.
create or replace view public.catalog_products with (security_invoker = true) as
  select id, 'rings'::text as category, name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null::text as necklace_type, is_adjustable, false as is_bracelet, false as is_necklace,
         null::text as product_type,
         case when price_stone1 > 0 then price_stone1 end as default_price
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), '') as stone_name, name_vector, pack_size, price_breaks
      , status, updated_at
      , sizes as ring_sizes, size_surcharge as ring_size_surcharge, size_surcharge_from as ring_size_surcharge_from
    from public.rings
  union all
  select id, 'necklaces', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         necklace_type, is_adjustable, is_bracelet, false, necklace_type,
         case when is_adjustable then case when n_price_16_stone1 > 0 then n_price_16_stone1 end else case when n_price_18_stone1 > 0 then n_price_18_stone1 end end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
      , status, updated_at
      , null::text[], null::numeric(10,2), null::text
    from public.necklaces
  union all
  select id, 'bracelets', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, is_adjustable, false, is_necklace, null,
         case when b_price_7_stone1 > 0 then b_price_7_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
      , status, updated_at
      , null::text[], null::numeric(10,2), null::text
    from public.bracelets
  union all
  select id, 'earrings', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, earring_type,
         case when price_stone1 > 0 then price_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
      , status, updated_at
      , null::text[], null::numeric(10,2), null::text
    from public.earrings
  union all
  select id, 'body_jewelry', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, jewelry_type,
         case when price_stone1 > 0 then price_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
      , status, updated_at
      , null::text[], null::numeric(10,2), null::text
    from public.body_jewelry;
