-- Catalog: the five product tables (kept separate, as in the shop's existing data), their images,
-- and one cross-category view for listings and search.

create extension if not exists pgcrypto with schema extensions;

create table public.rings (
  id uuid primary key default gen_random_uuid(),
  name text not null default 'Untitled Product',
  sku text unique,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2) check (weight >= 0),
  moq integer not null default 1 check (moq >= 1),
  is_new_arrival boolean not null default false,
  is_mens_jewelry boolean not null default false,
  created_at timestamptz not null default now(),
  image_url text,
  is_adjustable boolean not null default false,
  price_stone1 numeric(10,2) check (price_stone1 >= 0),
  price_stone2 numeric(10,2) check (price_stone2 >= 0),
  -- Lowest positive price of the row: the card's 'From' price and the price sort key.
  price_from numeric(10,2) generated always as (least(case when price_stone1 > 0 then price_stone1 end, case when price_stone2 > 0 then price_stone2 end)) stored,
  search_vector tsvector generated always as (
    setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
  ) stored
);
create index rings_created_idx on public.rings (created_at desc, id desc);
create index rings_price_idx on public.rings (price_from, id);
create index rings_material_created_idx on public.rings (material, created_at desc, id desc);
create index rings_new_idx on public.rings (created_at desc, id desc) where is_new_arrival;
create index rings_mens_idx on public.rings (created_at desc, id desc) where is_mens_jewelry;
create index rings_sku_lower_idx on public.rings (lower(sku));
create index rings_search_idx on public.rings using gin (search_vector);

create table public.necklaces (
  id uuid primary key default gen_random_uuid(),
  name text not null default 'Untitled Product',
  sku text unique,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2) check (weight >= 0),
  moq integer not null default 1 check (moq >= 1),
  is_new_arrival boolean not null default false,
  is_mens_jewelry boolean not null default false,
  created_at timestamptz not null default now(),
  image_url text,
  necklace_type text check (necklace_type in ('Chain', 'Pendant')),
  chain_length text,
  clasp_type text,
  is_adjustable boolean not null default false,
  is_bracelet boolean not null default false,
  n_price_16_stone1 numeric(10,2) check (n_price_16_stone1 >= 0),
  n_price_16_stone2 numeric(10,2) check (n_price_16_stone2 >= 0),
  n_price_18_stone1 numeric(10,2) check (n_price_18_stone1 >= 0),
  n_price_18_stone2 numeric(10,2) check (n_price_18_stone2 >= 0),
  n_price_20_stone1 numeric(10,2) check (n_price_20_stone1 >= 0),
  n_price_20_stone2 numeric(10,2) check (n_price_20_stone2 >= 0),
  n_price_22_stone1 numeric(10,2) check (n_price_22_stone1 >= 0),
  n_price_22_stone2 numeric(10,2) check (n_price_22_stone2 >= 0),
  n_price_24_stone1 numeric(10,2) check (n_price_24_stone1 >= 0),
  n_price_24_stone2 numeric(10,2) check (n_price_24_stone2 >= 0),
  n_price_26_stone1 numeric(10,2) check (n_price_26_stone1 >= 0),
  n_price_26_stone2 numeric(10,2) check (n_price_26_stone2 >= 0),
  n_price_28_stone1 numeric(10,2) check (n_price_28_stone1 >= 0),
  n_price_28_stone2 numeric(10,2) check (n_price_28_stone2 >= 0),
  n_price_30_stone1 numeric(10,2) check (n_price_30_stone1 >= 0),
  n_price_30_stone2 numeric(10,2) check (n_price_30_stone2 >= 0),
  b_price_6_stone1 numeric(10,2) check (b_price_6_stone1 >= 0),
  b_price_6_stone2 numeric(10,2) check (b_price_6_stone2 >= 0),
  b_price_6_5_stone1 numeric(10,2) check (b_price_6_5_stone1 >= 0),
  b_price_6_5_stone2 numeric(10,2) check (b_price_6_5_stone2 >= 0),
  b_price_7_stone1 numeric(10,2) check (b_price_7_stone1 >= 0),
  b_price_7_stone2 numeric(10,2) check (b_price_7_stone2 >= 0),
  b_price_7_5_stone1 numeric(10,2) check (b_price_7_5_stone1 >= 0),
  b_price_7_5_stone2 numeric(10,2) check (b_price_7_5_stone2 >= 0),
  b_price_8_stone1 numeric(10,2) check (b_price_8_stone1 >= 0),
  b_price_8_stone2 numeric(10,2) check (b_price_8_stone2 >= 0),
  b_price_8_5_stone1 numeric(10,2) check (b_price_8_5_stone1 >= 0),
  b_price_8_5_stone2 numeric(10,2) check (b_price_8_5_stone2 >= 0),
  -- Lowest positive price of the row: the card's 'From' price and the price sort key.
  price_from numeric(10,2) generated always as (least(case when n_price_16_stone1 > 0 then n_price_16_stone1 end, case when n_price_16_stone2 > 0 then n_price_16_stone2 end, case when n_price_18_stone1 > 0 then n_price_18_stone1 end, case when n_price_18_stone2 > 0 then n_price_18_stone2 end, case when n_price_20_stone1 > 0 then n_price_20_stone1 end, case when n_price_20_stone2 > 0 then n_price_20_stone2 end, case when n_price_22_stone1 > 0 then n_price_22_stone1 end, case when n_price_22_stone2 > 0 then n_price_22_stone2 end, case when n_price_24_stone1 > 0 then n_price_24_stone1 end, case when n_price_24_stone2 > 0 then n_price_24_stone2 end, case when n_price_26_stone1 > 0 then n_price_26_stone1 end, case when n_price_26_stone2 > 0 then n_price_26_stone2 end, case when n_price_28_stone1 > 0 then n_price_28_stone1 end, case when n_price_28_stone2 > 0 then n_price_28_stone2 end, case when n_price_30_stone1 > 0 then n_price_30_stone1 end, case when n_price_30_stone2 > 0 then n_price_30_stone2 end, case when b_price_6_stone1 > 0 then b_price_6_stone1 end, case when b_price_6_stone2 > 0 then b_price_6_stone2 end, case when b_price_6_5_stone1 > 0 then b_price_6_5_stone1 end, case when b_price_6_5_stone2 > 0 then b_price_6_5_stone2 end, case when b_price_7_stone1 > 0 then b_price_7_stone1 end, case when b_price_7_stone2 > 0 then b_price_7_stone2 end, case when b_price_7_5_stone1 > 0 then b_price_7_5_stone1 end, case when b_price_7_5_stone2 > 0 then b_price_7_5_stone2 end, case when b_price_8_stone1 > 0 then b_price_8_stone1 end, case when b_price_8_stone2 > 0 then b_price_8_stone2 end, case when b_price_8_5_stone1 > 0 then b_price_8_5_stone1 end, case when b_price_8_5_stone2 > 0 then b_price_8_5_stone2 end)) stored,
  search_vector tsvector generated always as (
    setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
  ) stored
);
create index necklaces_created_idx on public.necklaces (created_at desc, id desc);
create index necklaces_price_idx on public.necklaces (price_from, id);
create index necklaces_material_created_idx on public.necklaces (material, created_at desc, id desc);
create index necklaces_new_idx on public.necklaces (created_at desc, id desc) where is_new_arrival;
create index necklaces_mens_idx on public.necklaces (created_at desc, id desc) where is_mens_jewelry;
create index necklaces_sku_lower_idx on public.necklaces (lower(sku));
create index necklaces_search_idx on public.necklaces using gin (search_vector);

create table public.bracelets (
  id uuid primary key default gen_random_uuid(),
  name text not null default 'Untitled Product',
  sku text unique,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2) check (weight >= 0),
  moq integer not null default 1 check (moq >= 1),
  is_new_arrival boolean not null default false,
  is_mens_jewelry boolean not null default false,
  created_at timestamptz not null default now(),
  image_url text,
  clasp_type text,
  is_adjustable boolean not null default false,
  is_necklace boolean not null default false,
  n_price_16_stone1 numeric(10,2) check (n_price_16_stone1 >= 0),
  n_price_16_stone2 numeric(10,2) check (n_price_16_stone2 >= 0),
  n_price_18_stone1 numeric(10,2) check (n_price_18_stone1 >= 0),
  n_price_18_stone2 numeric(10,2) check (n_price_18_stone2 >= 0),
  n_price_20_stone1 numeric(10,2) check (n_price_20_stone1 >= 0),
  n_price_20_stone2 numeric(10,2) check (n_price_20_stone2 >= 0),
  n_price_22_stone1 numeric(10,2) check (n_price_22_stone1 >= 0),
  n_price_22_stone2 numeric(10,2) check (n_price_22_stone2 >= 0),
  n_price_24_stone1 numeric(10,2) check (n_price_24_stone1 >= 0),
  n_price_24_stone2 numeric(10,2) check (n_price_24_stone2 >= 0),
  n_price_26_stone1 numeric(10,2) check (n_price_26_stone1 >= 0),
  n_price_26_stone2 numeric(10,2) check (n_price_26_stone2 >= 0),
  n_price_28_stone1 numeric(10,2) check (n_price_28_stone1 >= 0),
  n_price_28_stone2 numeric(10,2) check (n_price_28_stone2 >= 0),
  n_price_30_stone1 numeric(10,2) check (n_price_30_stone1 >= 0),
  n_price_30_stone2 numeric(10,2) check (n_price_30_stone2 >= 0),
  b_price_6_stone1 numeric(10,2) check (b_price_6_stone1 >= 0),
  b_price_6_stone2 numeric(10,2) check (b_price_6_stone2 >= 0),
  b_price_6_5_stone1 numeric(10,2) check (b_price_6_5_stone1 >= 0),
  b_price_6_5_stone2 numeric(10,2) check (b_price_6_5_stone2 >= 0),
  b_price_7_stone1 numeric(10,2) check (b_price_7_stone1 >= 0),
  b_price_7_stone2 numeric(10,2) check (b_price_7_stone2 >= 0),
  b_price_7_5_stone1 numeric(10,2) check (b_price_7_5_stone1 >= 0),
  b_price_7_5_stone2 numeric(10,2) check (b_price_7_5_stone2 >= 0),
  b_price_8_stone1 numeric(10,2) check (b_price_8_stone1 >= 0),
  b_price_8_stone2 numeric(10,2) check (b_price_8_stone2 >= 0),
  b_price_8_5_stone1 numeric(10,2) check (b_price_8_5_stone1 >= 0),
  b_price_8_5_stone2 numeric(10,2) check (b_price_8_5_stone2 >= 0),
  -- Lowest positive price of the row: the card's 'From' price and the price sort key.
  price_from numeric(10,2) generated always as (least(case when n_price_16_stone1 > 0 then n_price_16_stone1 end, case when n_price_16_stone2 > 0 then n_price_16_stone2 end, case when n_price_18_stone1 > 0 then n_price_18_stone1 end, case when n_price_18_stone2 > 0 then n_price_18_stone2 end, case when n_price_20_stone1 > 0 then n_price_20_stone1 end, case when n_price_20_stone2 > 0 then n_price_20_stone2 end, case when n_price_22_stone1 > 0 then n_price_22_stone1 end, case when n_price_22_stone2 > 0 then n_price_22_stone2 end, case when n_price_24_stone1 > 0 then n_price_24_stone1 end, case when n_price_24_stone2 > 0 then n_price_24_stone2 end, case when n_price_26_stone1 > 0 then n_price_26_stone1 end, case when n_price_26_stone2 > 0 then n_price_26_stone2 end, case when n_price_28_stone1 > 0 then n_price_28_stone1 end, case when n_price_28_stone2 > 0 then n_price_28_stone2 end, case when n_price_30_stone1 > 0 then n_price_30_stone1 end, case when n_price_30_stone2 > 0 then n_price_30_stone2 end, case when b_price_6_stone1 > 0 then b_price_6_stone1 end, case when b_price_6_stone2 > 0 then b_price_6_stone2 end, case when b_price_6_5_stone1 > 0 then b_price_6_5_stone1 end, case when b_price_6_5_stone2 > 0 then b_price_6_5_stone2 end, case when b_price_7_stone1 > 0 then b_price_7_stone1 end, case when b_price_7_stone2 > 0 then b_price_7_stone2 end, case when b_price_7_5_stone1 > 0 then b_price_7_5_stone1 end, case when b_price_7_5_stone2 > 0 then b_price_7_5_stone2 end, case when b_price_8_stone1 > 0 then b_price_8_stone1 end, case when b_price_8_stone2 > 0 then b_price_8_stone2 end, case when b_price_8_5_stone1 > 0 then b_price_8_5_stone1 end, case when b_price_8_5_stone2 > 0 then b_price_8_5_stone2 end)) stored,
  search_vector tsvector generated always as (
    setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
  ) stored
);
create index bracelets_created_idx on public.bracelets (created_at desc, id desc);
create index bracelets_price_idx on public.bracelets (price_from, id);
create index bracelets_material_created_idx on public.bracelets (material, created_at desc, id desc);
create index bracelets_new_idx on public.bracelets (created_at desc, id desc) where is_new_arrival;
create index bracelets_mens_idx on public.bracelets (created_at desc, id desc) where is_mens_jewelry;
create index bracelets_sku_lower_idx on public.bracelets (lower(sku));
create index bracelets_search_idx on public.bracelets using gin (search_vector);

create table public.earrings (
  id uuid primary key default gen_random_uuid(),
  name text not null default 'Untitled Product',
  sku text unique,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2) check (weight >= 0),
  moq integer not null default 1 check (moq >= 1),
  is_new_arrival boolean not null default false,
  is_mens_jewelry boolean not null default false,
  created_at timestamptz not null default now(),
  image_url text,
  earring_type text,
  closure_type text,
  price_stone1 numeric(10,2) check (price_stone1 >= 0),
  price_stone2 numeric(10,2) check (price_stone2 >= 0),
  -- Lowest positive price of the row: the card's 'From' price and the price sort key.
  price_from numeric(10,2) generated always as (least(case when price_stone1 > 0 then price_stone1 end, case when price_stone2 > 0 then price_stone2 end)) stored,
  search_vector tsvector generated always as (
    setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
  ) stored
);
create index earrings_created_idx on public.earrings (created_at desc, id desc);
create index earrings_price_idx on public.earrings (price_from, id);
create index earrings_material_created_idx on public.earrings (material, created_at desc, id desc);
create index earrings_new_idx on public.earrings (created_at desc, id desc) where is_new_arrival;
create index earrings_mens_idx on public.earrings (created_at desc, id desc) where is_mens_jewelry;
create index earrings_sku_lower_idx on public.earrings (lower(sku));
create index earrings_search_idx on public.earrings using gin (search_vector);

create table public.body_jewelry (
  id uuid primary key default gen_random_uuid(),
  name text not null default 'Untitled Product',
  sku text unique,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2) check (weight >= 0),
  moq integer not null default 1 check (moq >= 1),
  is_new_arrival boolean not null default false,
  is_mens_jewelry boolean not null default false,
  created_at timestamptz not null default now(),
  image_url text,
  jewelry_type text,
  size text,
  gauge text,
  price_stone1 numeric(10,2) check (price_stone1 >= 0),
  price_stone2 numeric(10,2) check (price_stone2 >= 0),
  -- Lowest positive price of the row: the card's 'From' price and the price sort key.
  price_from numeric(10,2) generated always as (least(case when price_stone1 > 0 then price_stone1 end, case when price_stone2 > 0 then price_stone2 end)) stored,
  search_vector tsvector generated always as (
    setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
  ) stored
);
create index body_jewelry_created_idx on public.body_jewelry (created_at desc, id desc);
create index body_jewelry_price_idx on public.body_jewelry (price_from, id);
create index body_jewelry_material_created_idx on public.body_jewelry (material, created_at desc, id desc);
create index body_jewelry_new_idx on public.body_jewelry (created_at desc, id desc) where is_new_arrival;
create index body_jewelry_mens_idx on public.body_jewelry (created_at desc, id desc) where is_mens_jewelry;
create index body_jewelry_sku_lower_idx on public.body_jewelry (lower(sku));
create index body_jewelry_search_idx on public.body_jewelry using gin (search_vector);

create index necklaces_type_idx on public.necklaces (necklace_type, created_at desc, id desc);
create index necklaces_is_bracelet_idx on public.necklaces (created_at desc, id desc) where is_bracelet;
create index bracelets_is_necklace_idx on public.bracelets (created_at desc, id desc) where is_necklace;

create table public.product_images (
  id uuid primary key default gen_random_uuid(),
  image_url text not null,
  is_primary boolean not null default false,
  display_order integer not null default 0,
  ring_id uuid references public.rings (id) on delete cascade,
  necklace_id uuid references public.necklaces (id) on delete cascade,
  bracelet_id uuid references public.bracelets (id) on delete cascade,
  earring_id uuid references public.earrings (id) on delete cascade,
  body_jewelry_id uuid references public.body_jewelry (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint product_images_one_owner check (
    num_nonnulls(ring_id, necklace_id, bracelet_id, earring_id, body_jewelry_id) = 1
  )
);
create index product_images_ring_idx on public.product_images (ring_id, is_primary desc, display_order) where ring_id is not null;
create index product_images_necklace_idx on public.product_images (necklace_id, is_primary desc, display_order) where necklace_id is not null;
create index product_images_bracelet_idx on public.product_images (bracelet_id, is_primary desc, display_order) where bracelet_id is not null;
create index product_images_earring_idx on public.product_images (earring_id, is_primary desc, display_order) where earring_id is not null;
create index product_images_body_jewelry_idx on public.product_images (body_jewelry_id, is_primary desc, display_order) where body_jewelry_id is not null;

-- Keep each product's image_url equal to its primary image (primary first, then display order), so listings
-- read one column instead of joining images for every card. Statement-level with transition tables: a bulk insert
-- of images costs one set-based update per product table, not one per row.
create or replace function public.refresh_product_image_urls()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ids record;
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct ring_id) filter (where ring_id is not null) as ring_id, array_agg(distinct necklace_id) filter (where necklace_id is not null) as necklace_id, array_agg(distinct bracelet_id) filter (where bracelet_id is not null) as bracelet_id, array_agg(distinct earring_id) filter (where earring_id is not null) as earring_id, array_agg(distinct body_jewelry_id) filter (where body_jewelry_id is not null) as body_jewelry_id into ids from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct ring_id) filter (where ring_id is not null) as ring_id, array_agg(distinct necklace_id) filter (where necklace_id is not null) as necklace_id, array_agg(distinct bracelet_id) filter (where bracelet_id is not null) as bracelet_id, array_agg(distinct earring_id) filter (where earring_id is not null) as earring_id, array_agg(distinct body_jewelry_id) filter (where body_jewelry_id is not null) as body_jewelry_id into ids from old_rows;
  else
    select array_agg(distinct ring_id) filter (where ring_id is not null) as ring_id, array_agg(distinct necklace_id) filter (where necklace_id is not null) as necklace_id, array_agg(distinct bracelet_id) filter (where bracelet_id is not null) as bracelet_id, array_agg(distinct earring_id) filter (where earring_id is not null) as earring_id, array_agg(distinct body_jewelry_id) filter (where body_jewelry_id is not null) as body_jewelry_id into ids from (select * from new_rows union all select * from old_rows) r;
  end if;
  update public.rings p set image_url = f.url
    from (select x.id, (select i.image_url from public.product_images i where i.ring_id = x.id
                        order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
          from unnest(ids.ring_id) as x(id)) f
   where p.id = f.id and p.image_url is distinct from f.url;
  update public.necklaces p set image_url = f.url
    from (select x.id, (select i.image_url from public.product_images i where i.necklace_id = x.id
                        order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
          from unnest(ids.necklace_id) as x(id)) f
   where p.id = f.id and p.image_url is distinct from f.url;
  update public.bracelets p set image_url = f.url
    from (select x.id, (select i.image_url from public.product_images i where i.bracelet_id = x.id
                        order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
          from unnest(ids.bracelet_id) as x(id)) f
   where p.id = f.id and p.image_url is distinct from f.url;
  update public.earrings p set image_url = f.url
    from (select x.id, (select i.image_url from public.product_images i where i.earring_id = x.id
                        order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
          from unnest(ids.earring_id) as x(id)) f
   where p.id = f.id and p.image_url is distinct from f.url;
  update public.body_jewelry p set image_url = f.url
    from (select x.id, (select i.image_url from public.product_images i where i.body_jewelry_id = x.id
                        order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
          from unnest(ids.body_jewelry_id) as x(id)) f
   where p.id = f.id and p.image_url is distinct from f.url;
  return null;
end;
$$;

create trigger product_images_sync_url_insert after insert on public.product_images
referencing new table as new_rows for each statement execute function public.refresh_product_image_urls();
create trigger product_images_sync_url_update after update on public.product_images
referencing new table as new_rows old table as old_rows for each statement execute function public.refresh_product_image_urls();
create trigger product_images_sync_url_delete after delete on public.product_images
referencing old table as old_rows for each statement execute function public.refresh_product_image_urls();

-- One row per product across the five tables, with normalised columns. security_invoker keeps the
-- callers' RLS in force. default_price is the price of the product page's opening selection (stone 1; necklaces
-- 18 in, or 16 in when adjustable; bracelets 7 in), the same rule as unitPrice() in lib/catalog/pricing.ts.
create view public.catalog_products with (security_invoker = true) as
  select id, 'rings'::text as category, name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null::text as necklace_type, is_adjustable, false as is_bracelet, false as is_necklace,
         null::text as product_type,
         case when price_stone1 > 0 then price_stone1 end as default_price
    from public.rings
  union all
  select id, 'necklaces', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         necklace_type, is_adjustable, is_bracelet, false, necklace_type,
         case when is_adjustable then case when n_price_16_stone1 > 0 then n_price_16_stone1 end else case when n_price_18_stone1 > 0 then n_price_18_stone1 end end
    from public.necklaces
  union all
  select id, 'bracelets', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, is_adjustable, false, is_necklace, null,
         case when b_price_7_stone1 > 0 then b_price_7_stone1 end
    from public.bracelets
  union all
  select id, 'earrings', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, earring_type,
         case when price_stone1 > 0 then price_stone1 end
    from public.earrings
  union all
  select id, 'body_jewelry', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, jewelry_type,
         case when price_stone1 > 0 then price_stone1 end
    from public.body_jewelry;
