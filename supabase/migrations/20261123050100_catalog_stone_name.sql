-- The card's stone: a listing's quick add puts the same stone name in the cart line as the product page and the
-- checkout do (Stone1 of stone_details, else the stone column), so every place labels the line alike. And the SKU
-- and name vector that search ranks by. Appended as the view's last columns (create or replace view may only add
-- columns at the end).

create or replace view public.catalog_products with (security_invoker = true) as
  select id, 'rings'::text as category, name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null::text as necklace_type, is_adjustable, false as is_bracelet, false as is_necklace,
         null::text as product_type,
         case when price_stone1 > 0 then price_stone1 end as default_price
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), '') as stone_name, name_vector
    from public.rings
  union all
  select id, 'necklaces', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         necklace_type, is_adjustable, is_bracelet, false, necklace_type,
         case when is_adjustable then case when n_price_16_stone1 > 0 then n_price_16_stone1 end else case when n_price_18_stone1 > 0 then n_price_18_stone1 end end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector
    from public.necklaces
  union all
  select id, 'bracelets', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, is_adjustable, false, is_necklace, null,
         case when b_price_7_stone1 > 0 then b_price_7_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector
    from public.bracelets
  union all
  select id, 'earrings', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, earring_type,
         case when price_stone1 > 0 then price_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector
    from public.earrings
  union all
  select id, 'body_jewelry', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, jewelry_type,
         case when price_stone1 > 0 then price_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector
    from public.body_jewelry;
