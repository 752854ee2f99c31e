-- Catalog: the five product tables (kept separate, as in the shop's existing data), their images, the listing view
-- across them, search vectors and words, product history, counts and sales totals, home merchandising and the
-- content pages.

set local check_function_bodies = off;

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

create table public.rings (
  id uuid default gen_random_uuid() not null,
  name text default 'Untitled Product'::text not null,
  sku text,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2),
  moq integer default 1 not null,
  is_new_arrival boolean default false not null,
  is_mens_jewelry boolean default false not null,
  created_at timestamptz default now() not null,
  image_url text,
  is_adjustable boolean default false not null,
  price_stone1 numeric(10,2),
  price_stone2 numeric(10,2),
  price_from numeric(10,2) generated always as (LEAST( CASE WHEN (price_stone1 > (0)::numeric) THEN price_stone1 ELSE NULL::numeric END, CASE WHEN (price_stone2 > (0)::numeric) THEN price_stone2 ELSE NULL::numeric END)) stored,
  search_vector tsvector,
  name_vector tsvector,
  pack_size integer default 1 not null,
  price_breaks jsonb default '[]'::jsonb not null,
  status text default 'active'::text not null,
  updated_at timestamptz default now() not null,
  sizes text[] default '{}'::text[] not null,
  size_surcharge numeric(10,2),
  size_surcharge_from text,
  lead_time_kind text default 'in_stock'::text not null,
  lead_time_min smallint default 2 not null,
  lead_time_max smallint default 2 not null,
  constraint rings_pkey primary key (id),
  constraint rings_sku_key unique (sku),
  constraint rings_adjustable_has_no_sizes check ((NOT (is_adjustable AND (cardinality(sizes) > 0)))),
  constraint rings_lead_time_valid check ((((lead_time_kind = 'in_stock'::text) AND (lead_time_min BETWEEN 1 AND 30) AND (lead_time_max = lead_time_min)) OR ((lead_time_kind = 'made_to_order'::text) AND (lead_time_min BETWEEN 1 AND 52) AND (lead_time_max BETWEEN lead_time_min AND 52)))),
  constraint rings_moq_check check ((moq >= 1)),
  constraint rings_pack_size_check check ((pack_size BETWEEN 1 AND 10000)),
  constraint rings_price_breaks_check check (price_breaks_valid(price_breaks)),
  constraint rings_price_stone1_check check ((price_stone1 >= (0)::numeric)),
  constraint rings_price_stone2_check check ((price_stone2 >= (0)::numeric)),
  constraint rings_size_surcharge_check check ((size_surcharge > (0)::numeric)),
  constraint rings_sizes_check check (ring_sizes_valid(sizes)),
  constraint rings_status_check check ((status = ANY (ARRAY['draft'::text, 'active'::text, 'archived'::text]))),
  constraint rings_surcharge_from_offered check ((((size_surcharge IS NULL) = (size_surcharge_from IS NULL)) AND ((size_surcharge_from IS NULL) OR (size_surcharge_from = ANY (sizes))))),
  constraint rings_weight_check check ((weight >= (0)::numeric))
);
alter table public.rings alter column search_vector set statistics 1000;
create index rings_created_idx on public.rings (created_at desc, id desc);
create index rings_list_moq_idx on public.rings (moq, id);
create index rings_list_name_idx on public.rings (name, id);
create index rings_list_search_idx on public.rings using gin ((((name || chr(9)) || COALESCE(sku, ''::text))) extensions.gin_trgm_ops);
create index rings_list_sku_idx on public.rings (sku, id);
create index rings_list_status_idx on public.rings (status, id);
create index rings_list_updated_at_idx on public.rings (updated_at, id);
create index rings_name_search_idx on public.rings using gin (material, name_vector);
create index rings_price_idx on public.rings (price_from, id);
create index rings_search_idx on public.rings using gin (material, search_vector);
create index rings_sku_key_idx on public.rings (regexp_replace(lower(sku), '[^a-z0-9]+'::text, ''::text, 'g'::text) COLLATE "C");
create index rings_sku_prefix_idx on public.rings (lower(sku) COLLATE "C");
create index rings_status_created_idx on public.rings (status, created_at desc, id desc);
create index rings_status_material_created_idx on public.rings (status, material, created_at desc, id desc);
create index rings_status_material_price_idx on public.rings (status, material, price_from, id);
create index rings_status_mens_idx on public.rings (status, created_at desc, id desc) where is_mens_jewelry;
create index rings_status_new_idx on public.rings (status, created_at desc, id desc) where is_new_arrival;
create index rings_status_price_idx on public.rings (status, price_from, id);
alter table public.rings enable row level security;
revoke all on table public.rings from public;
grant insert, select, update, delete on table public.rings to authenticated;
grant select on table public.rings to service_role, shop_anon, shop_authenticated, anon;

create table public.necklaces (
  id uuid default gen_random_uuid() not null,
  name text default 'Untitled Product'::text not null,
  sku text,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2),
  moq integer default 1 not null,
  is_new_arrival boolean default false not null,
  is_mens_jewelry boolean default false not null,
  created_at timestamptz default now() not null,
  image_url text,
  necklace_type text,
  chain_length text,
  clasp_type text,
  is_adjustable boolean default false not null,
  is_bracelet boolean default false not null,
  n_price_16_stone1 numeric(10,2),
  n_price_16_stone2 numeric(10,2),
  n_price_18_stone1 numeric(10,2),
  n_price_18_stone2 numeric(10,2),
  n_price_20_stone1 numeric(10,2),
  n_price_20_stone2 numeric(10,2),
  n_price_22_stone1 numeric(10,2),
  n_price_22_stone2 numeric(10,2),
  n_price_24_stone1 numeric(10,2),
  n_price_24_stone2 numeric(10,2),
  n_price_26_stone1 numeric(10,2),
  n_price_26_stone2 numeric(10,2),
  n_price_28_stone1 numeric(10,2),
  n_price_28_stone2 numeric(10,2),
  n_price_30_stone1 numeric(10,2),
  n_price_30_stone2 numeric(10,2),
  b_price_6_stone1 numeric(10,2),
  b_price_6_stone2 numeric(10,2),
  b_price_6_5_stone1 numeric(10,2),
  b_price_6_5_stone2 numeric(10,2),
  b_price_7_stone1 numeric(10,2),
  b_price_7_stone2 numeric(10,2),
  b_price_7_5_stone1 numeric(10,2),
  b_price_7_5_stone2 numeric(10,2),
  b_price_8_stone1 numeric(10,2),
  b_price_8_stone2 numeric(10,2),
  b_price_8_5_stone1 numeric(10,2),
  b_price_8_5_stone2 numeric(10,2),
  price_from numeric(10,2) generated always as (LEAST( CASE WHEN (n_price_16_stone1 > (0)::numeric) THEN n_price_16_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_16_stone2 > (0)::numeric) THEN n_price_16_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_18_stone1 > (0)::numeric) THEN n_price_18_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_18_stone2 > (0)::numeric) THEN n_price_18_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_20_stone1 > (0)::numeric) THEN n_price_20_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_20_stone2 > (0)::numeric) THEN n_price_20_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_22_stone1 > (0)::numeric) THEN n_price_22_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_22_stone2 > (0)::numeric) THEN n_price_22_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_24_stone1 > (0)::numeric) THEN n_price_24_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_24_stone2 > (0)::numeric) THEN n_price_24_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_26_stone1 > (0)::numeric) THEN n_price_26_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_26_stone2 > (0)::numeric) THEN n_price_26_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_28_stone1 > (0)::numeric) THEN n_price_28_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_28_stone2 > (0)::numeric) THEN n_price_28_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_30_stone1 > (0)::numeric) THEN n_price_30_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_30_stone2 > (0)::numeric) THEN n_price_30_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_6_stone1 > (0)::numeric) THEN b_price_6_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_6_stone2 > (0)::numeric) THEN b_price_6_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_6_5_stone1 > (0)::numeric) THEN b_price_6_5_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_6_5_stone2 > (0)::numeric) THEN b_price_6_5_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_7_stone1 > (0)::numeric) THEN b_price_7_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_7_stone2 > (0)::numeric) THEN b_price_7_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_7_5_stone1 > (0)::numeric) THEN b_price_7_5_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_7_5_stone2 > (0)::numeric) THEN b_price_7_5_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_8_stone1 > (0)::numeric) THEN b_price_8_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_8_stone2 > (0)::numeric) THEN b_price_8_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_8_5_stone1 > (0)::numeric) THEN b_price_8_5_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_8_5_stone2 > (0)::numeric) THEN b_price_8_5_stone2 ELSE NULL::numeric END)) stored,
  search_vector tsvector,
  name_vector tsvector,
  pack_size integer default 1 not null,
  price_breaks jsonb default '[]'::jsonb not null,
  status text default 'active'::text not null,
  updated_at timestamptz default now() not null,
  lead_time_kind text default 'in_stock'::text not null,
  lead_time_min smallint default 2 not null,
  lead_time_max smallint default 2 not null,
  constraint necklaces_pkey primary key (id),
  constraint necklaces_sku_key unique (sku),
  constraint necklaces_b_price_6_5_stone1_check check ((b_price_6_5_stone1 >= (0)::numeric)),
  constraint necklaces_b_price_6_5_stone2_check check ((b_price_6_5_stone2 >= (0)::numeric)),
  constraint necklaces_b_price_6_stone1_check check ((b_price_6_stone1 >= (0)::numeric)),
  constraint necklaces_b_price_6_stone2_check check ((b_price_6_stone2 >= (0)::numeric)),
  constraint necklaces_b_price_7_5_stone1_check check ((b_price_7_5_stone1 >= (0)::numeric)),
  constraint necklaces_b_price_7_5_stone2_check check ((b_price_7_5_stone2 >= (0)::numeric)),
  constraint necklaces_b_price_7_stone1_check check ((b_price_7_stone1 >= (0)::numeric)),
  constraint necklaces_b_price_7_stone2_check check ((b_price_7_stone2 >= (0)::numeric)),
  constraint necklaces_b_price_8_5_stone1_check check ((b_price_8_5_stone1 >= (0)::numeric)),
  constraint necklaces_b_price_8_5_stone2_check check ((b_price_8_5_stone2 >= (0)::numeric)),
  constraint necklaces_b_price_8_stone1_check check ((b_price_8_stone1 >= (0)::numeric)),
  constraint necklaces_b_price_8_stone2_check check ((b_price_8_stone2 >= (0)::numeric)),
  constraint necklaces_lead_time_valid check ((((lead_time_kind = 'in_stock'::text) AND (lead_time_min BETWEEN 1 AND 30) AND (lead_time_max = lead_time_min)) OR ((lead_time_kind = 'made_to_order'::text) AND (lead_time_min BETWEEN 1 AND 52) AND (lead_time_max BETWEEN lead_time_min AND 52)))),
  constraint necklaces_moq_check check ((moq >= 1)),
  constraint necklaces_n_price_16_stone1_check check ((n_price_16_stone1 >= (0)::numeric)),
  constraint necklaces_n_price_16_stone2_check check ((n_price_16_stone2 >= (0)::numeric)),
  constraint necklaces_n_price_18_stone1_check check ((n_price_18_stone1 >= (0)::numeric)),
  constraint necklaces_n_price_18_stone2_check check ((n_price_18_stone2 >= (0)::numeric)),
  constraint necklaces_n_price_20_stone1_check check ((n_price_20_stone1 >= (0)::numeric)),
  constraint necklaces_n_price_20_stone2_check check ((n_price_20_stone2 >= (0)::numeric)),
  constraint necklaces_n_price_22_stone1_check check ((n_price_22_stone1 >= (0)::numeric)),
  constraint necklaces_n_price_22_stone2_check check ((n_price_22_stone2 >= (0)::numeric)),
  constraint necklaces_n_price_24_stone1_check check ((n_price_24_stone1 >= (0)::numeric)),
  constraint necklaces_n_price_24_stone2_check check ((n_price_24_stone2 >= (0)::numeric)),
  constraint necklaces_n_price_26_stone1_check check ((n_price_26_stone1 >= (0)::numeric)),
  constraint necklaces_n_price_26_stone2_check check ((n_price_26_stone2 >= (0)::numeric)),
  constraint necklaces_n_price_28_stone1_check check ((n_price_28_stone1 >= (0)::numeric)),
  constraint necklaces_n_price_28_stone2_check check ((n_price_28_stone2 >= (0)::numeric)),
  constraint necklaces_n_price_30_stone1_check check ((n_price_30_stone1 >= (0)::numeric)),
  constraint necklaces_n_price_30_stone2_check check ((n_price_30_stone2 >= (0)::numeric)),
  constraint necklaces_necklace_type_check check ((necklace_type = ANY (ARRAY['Chain'::text, 'Pendant'::text]))),
  constraint necklaces_pack_size_check check ((pack_size BETWEEN 1 AND 10000)),
  constraint necklaces_price_breaks_check check (price_breaks_valid(price_breaks)),
  constraint necklaces_status_check check ((status = ANY (ARRAY['draft'::text, 'active'::text, 'archived'::text]))),
  constraint necklaces_weight_check check ((weight >= (0)::numeric))
);
alter table public.necklaces alter column search_vector set statistics 1000;
create index necklaces_created_idx on public.necklaces (created_at desc, id desc);
create index necklaces_list_moq_idx on public.necklaces (moq, id);
create index necklaces_list_name_idx on public.necklaces (name, id);
create index necklaces_list_search_idx on public.necklaces using gin ((((name || chr(9)) || COALESCE(sku, ''::text))) extensions.gin_trgm_ops);
create index necklaces_list_sku_idx on public.necklaces (sku, id);
create index necklaces_list_status_idx on public.necklaces (status, id);
create index necklaces_list_updated_at_idx on public.necklaces (updated_at, id);
create index necklaces_name_search_idx on public.necklaces using gin (material, name_vector);
create index necklaces_price_idx on public.necklaces (price_from, id);
create index necklaces_search_idx on public.necklaces using gin (material, search_vector);
create index necklaces_sku_key_idx on public.necklaces (regexp_replace(lower(sku), '[^a-z0-9]+'::text, ''::text, 'g'::text) COLLATE "C");
create index necklaces_sku_prefix_idx on public.necklaces (lower(sku) COLLATE "C");
-- Partial indexes for the listings that show part of a table: the necklace types (chains, pendants) and the
-- cross-flagged products (necklaces flagged as bracelets, bracelets flagged as necklaces). Each holds only its part's
-- rows, in the listing's newest or price order, so Postgres does not walk the whole table's index testing each row,
-- and only that part's writes pay for it.
create index necklaces_status_chain_created_idx on public.necklaces (status, created_at desc, id desc) where necklace_type = 'Chain';
create index necklaces_status_chain_price_idx on public.necklaces (status, price_from, id) where necklace_type = 'Chain';
create index necklaces_status_created_idx on public.necklaces (status, created_at desc, id desc);
create index necklaces_status_is_bracelet_idx on public.necklaces (status, created_at desc, id desc) where is_bracelet;
create index necklaces_status_is_bracelet_price_idx on public.necklaces (status, price_from, id) where is_bracelet;
create index necklaces_status_material_created_idx on public.necklaces (status, material, created_at desc, id desc);
create index necklaces_status_material_price_idx on public.necklaces (status, material, price_from, id);
create index necklaces_status_mens_idx on public.necklaces (status, created_at desc, id desc) where is_mens_jewelry;
create index necklaces_status_new_idx on public.necklaces (status, created_at desc, id desc) where is_new_arrival;
create index necklaces_status_pendant_price_idx on public.necklaces (status, price_from, id) where necklace_type = 'Pendant';
create index necklaces_status_price_idx on public.necklaces (status, price_from, id);
create index necklaces_status_type_idx on public.necklaces (status, necklace_type, created_at desc, id desc);
alter table public.necklaces enable row level security;
revoke all on table public.necklaces from public;
grant insert, select, update, delete on table public.necklaces to authenticated;
grant select on table public.necklaces to service_role, shop_anon, shop_authenticated, anon;

create table public.bracelets (
  id uuid default gen_random_uuid() not null,
  name text default 'Untitled Product'::text not null,
  sku text,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2),
  moq integer default 1 not null,
  is_new_arrival boolean default false not null,
  is_mens_jewelry boolean default false not null,
  created_at timestamptz default now() not null,
  image_url text,
  clasp_type text,
  is_adjustable boolean default false not null,
  is_necklace boolean default false not null,
  n_price_16_stone1 numeric(10,2),
  n_price_16_stone2 numeric(10,2),
  n_price_18_stone1 numeric(10,2),
  n_price_18_stone2 numeric(10,2),
  n_price_20_stone1 numeric(10,2),
  n_price_20_stone2 numeric(10,2),
  n_price_22_stone1 numeric(10,2),
  n_price_22_stone2 numeric(10,2),
  n_price_24_stone1 numeric(10,2),
  n_price_24_stone2 numeric(10,2),
  n_price_26_stone1 numeric(10,2),
  n_price_26_stone2 numeric(10,2),
  n_price_28_stone1 numeric(10,2),
  n_price_28_stone2 numeric(10,2),
  n_price_30_stone1 numeric(10,2),
  n_price_30_stone2 numeric(10,2),
  b_price_6_stone1 numeric(10,2),
  b_price_6_stone2 numeric(10,2),
  b_price_6_5_stone1 numeric(10,2),
  b_price_6_5_stone2 numeric(10,2),
  b_price_7_stone1 numeric(10,2),
  b_price_7_stone2 numeric(10,2),
  b_price_7_5_stone1 numeric(10,2),
  b_price_7_5_stone2 numeric(10,2),
  b_price_8_stone1 numeric(10,2),
  b_price_8_stone2 numeric(10,2),
  b_price_8_5_stone1 numeric(10,2),
  b_price_8_5_stone2 numeric(10,2),
  price_from numeric(10,2) generated always as (LEAST( CASE WHEN (n_price_16_stone1 > (0)::numeric) THEN n_price_16_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_16_stone2 > (0)::numeric) THEN n_price_16_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_18_stone1 > (0)::numeric) THEN n_price_18_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_18_stone2 > (0)::numeric) THEN n_price_18_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_20_stone1 > (0)::numeric) THEN n_price_20_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_20_stone2 > (0)::numeric) THEN n_price_20_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_22_stone1 > (0)::numeric) THEN n_price_22_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_22_stone2 > (0)::numeric) THEN n_price_22_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_24_stone1 > (0)::numeric) THEN n_price_24_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_24_stone2 > (0)::numeric) THEN n_price_24_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_26_stone1 > (0)::numeric) THEN n_price_26_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_26_stone2 > (0)::numeric) THEN n_price_26_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_28_stone1 > (0)::numeric) THEN n_price_28_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_28_stone2 > (0)::numeric) THEN n_price_28_stone2 ELSE NULL::numeric END, CASE WHEN (n_price_30_stone1 > (0)::numeric) THEN n_price_30_stone1 ELSE NULL::numeric END, CASE WHEN (n_price_30_stone2 > (0)::numeric) THEN n_price_30_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_6_stone1 > (0)::numeric) THEN b_price_6_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_6_stone2 > (0)::numeric) THEN b_price_6_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_6_5_stone1 > (0)::numeric) THEN b_price_6_5_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_6_5_stone2 > (0)::numeric) THEN b_price_6_5_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_7_stone1 > (0)::numeric) THEN b_price_7_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_7_stone2 > (0)::numeric) THEN b_price_7_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_7_5_stone1 > (0)::numeric) THEN b_price_7_5_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_7_5_stone2 > (0)::numeric) THEN b_price_7_5_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_8_stone1 > (0)::numeric) THEN b_price_8_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_8_stone2 > (0)::numeric) THEN b_price_8_stone2 ELSE NULL::numeric END, CASE WHEN (b_price_8_5_stone1 > (0)::numeric) THEN b_price_8_5_stone1 ELSE NULL::numeric END, CASE WHEN (b_price_8_5_stone2 > (0)::numeric) THEN b_price_8_5_stone2 ELSE NULL::numeric END)) stored,
  search_vector tsvector,
  name_vector tsvector,
  pack_size integer default 1 not null,
  price_breaks jsonb default '[]'::jsonb not null,
  status text default 'active'::text not null,
  updated_at timestamptz default now() not null,
  lead_time_kind text default 'in_stock'::text not null,
  lead_time_min smallint default 2 not null,
  lead_time_max smallint default 2 not null,
  constraint bracelets_pkey primary key (id),
  constraint bracelets_sku_key unique (sku),
  constraint bracelets_b_price_6_5_stone1_check check ((b_price_6_5_stone1 >= (0)::numeric)),
  constraint bracelets_b_price_6_5_stone2_check check ((b_price_6_5_stone2 >= (0)::numeric)),
  constraint bracelets_b_price_6_stone1_check check ((b_price_6_stone1 >= (0)::numeric)),
  constraint bracelets_b_price_6_stone2_check check ((b_price_6_stone2 >= (0)::numeric)),
  constraint bracelets_b_price_7_5_stone1_check check ((b_price_7_5_stone1 >= (0)::numeric)),
  constraint bracelets_b_price_7_5_stone2_check check ((b_price_7_5_stone2 >= (0)::numeric)),
  constraint bracelets_b_price_7_stone1_check check ((b_price_7_stone1 >= (0)::numeric)),
  constraint bracelets_b_price_7_stone2_check check ((b_price_7_stone2 >= (0)::numeric)),
  constraint bracelets_b_price_8_5_stone1_check check ((b_price_8_5_stone1 >= (0)::numeric)),
  constraint bracelets_b_price_8_5_stone2_check check ((b_price_8_5_stone2 >= (0)::numeric)),
  constraint bracelets_b_price_8_stone1_check check ((b_price_8_stone1 >= (0)::numeric)),
  constraint bracelets_b_price_8_stone2_check check ((b_price_8_stone2 >= (0)::numeric)),
  constraint bracelets_lead_time_valid check ((((lead_time_kind = 'in_stock'::text) AND (lead_time_min BETWEEN 1 AND 30) AND (lead_time_max = lead_time_min)) OR ((lead_time_kind = 'made_to_order'::text) AND (lead_time_min BETWEEN 1 AND 52) AND (lead_time_max BETWEEN lead_time_min AND 52)))),
  constraint bracelets_moq_check check ((moq >= 1)),
  constraint bracelets_n_price_16_stone1_check check ((n_price_16_stone1 >= (0)::numeric)),
  constraint bracelets_n_price_16_stone2_check check ((n_price_16_stone2 >= (0)::numeric)),
  constraint bracelets_n_price_18_stone1_check check ((n_price_18_stone1 >= (0)::numeric)),
  constraint bracelets_n_price_18_stone2_check check ((n_price_18_stone2 >= (0)::numeric)),
  constraint bracelets_n_price_20_stone1_check check ((n_price_20_stone1 >= (0)::numeric)),
  constraint bracelets_n_price_20_stone2_check check ((n_price_20_stone2 >= (0)::numeric)),
  constraint bracelets_n_price_22_stone1_check check ((n_price_22_stone1 >= (0)::numeric)),
  constraint bracelets_n_price_22_stone2_check check ((n_price_22_stone2 >= (0)::numeric)),
  constraint bracelets_n_price_24_stone1_check check ((n_price_24_stone1 >= (0)::numeric)),
  constraint bracelets_n_price_24_stone2_check check ((n_price_24_stone2 >= (0)::numeric)),
  constraint bracelets_n_price_26_stone1_check check ((n_price_26_stone1 >= (0)::numeric)),
  constraint bracelets_n_price_26_stone2_check check ((n_price_26_stone2 >= (0)::numeric)),
  constraint bracelets_n_price_28_stone1_check check ((n_price_28_stone1 >= (0)::numeric)),
  constraint bracelets_n_price_28_stone2_check check ((n_price_28_stone2 >= (0)::numeric)),
  constraint bracelets_n_price_30_stone1_check check ((n_price_30_stone1 >= (0)::numeric)),
  constraint bracelets_n_price_30_stone2_check check ((n_price_30_stone2 >= (0)::numeric)),
  constraint bracelets_pack_size_check check ((pack_size BETWEEN 1 AND 10000)),
  constraint bracelets_price_breaks_check check (price_breaks_valid(price_breaks)),
  constraint bracelets_status_check check ((status = ANY (ARRAY['draft'::text, 'active'::text, 'archived'::text]))),
  constraint bracelets_weight_check check ((weight >= (0)::numeric))
);
alter table public.bracelets alter column search_vector set statistics 1000;
create index bracelets_created_idx on public.bracelets (created_at desc, id desc);
create index bracelets_list_moq_idx on public.bracelets (moq, id);
create index bracelets_list_name_idx on public.bracelets (name, id);
create index bracelets_list_search_idx on public.bracelets using gin ((((name || chr(9)) || COALESCE(sku, ''::text))) extensions.gin_trgm_ops);
create index bracelets_list_sku_idx on public.bracelets (sku, id);
create index bracelets_list_status_idx on public.bracelets (status, id);
create index bracelets_list_updated_at_idx on public.bracelets (updated_at, id);
create index bracelets_name_search_idx on public.bracelets using gin (material, name_vector);
create index bracelets_price_idx on public.bracelets (price_from, id);
create index bracelets_search_idx on public.bracelets using gin (material, search_vector);
create index bracelets_sku_key_idx on public.bracelets (regexp_replace(lower(sku), '[^a-z0-9]+'::text, ''::text, 'g'::text) COLLATE "C");
create index bracelets_sku_prefix_idx on public.bracelets (lower(sku) COLLATE "C");
create index bracelets_status_created_idx on public.bracelets (status, created_at desc, id desc);
create index bracelets_status_is_necklace_idx on public.bracelets (status, created_at desc, id desc) where is_necklace;
-- The bracelets flagged as necklaces, for the necklaces listing by price (see the necklaces' partial indexes).
create index bracelets_status_is_necklace_price_idx on public.bracelets (status, price_from, id) where is_necklace;
create index bracelets_status_material_created_idx on public.bracelets (status, material, created_at desc, id desc);
create index bracelets_status_material_price_idx on public.bracelets (status, material, price_from, id);
create index bracelets_status_mens_idx on public.bracelets (status, created_at desc, id desc) where is_mens_jewelry;
create index bracelets_status_new_idx on public.bracelets (status, created_at desc, id desc) where is_new_arrival;
create index bracelets_status_price_idx on public.bracelets (status, price_from, id);
alter table public.bracelets enable row level security;
revoke all on table public.bracelets from public;
grant insert, select, update, delete on table public.bracelets to authenticated;
grant select on table public.bracelets to service_role, shop_anon, shop_authenticated, anon;

create table public.earrings (
  id uuid default gen_random_uuid() not null,
  name text default 'Untitled Product'::text not null,
  sku text,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2),
  moq integer default 1 not null,
  is_new_arrival boolean default false not null,
  is_mens_jewelry boolean default false not null,
  created_at timestamptz default now() not null,
  image_url text,
  earring_type text,
  closure_type text,
  price_stone1 numeric(10,2),
  price_stone2 numeric(10,2),
  price_from numeric(10,2) generated always as (LEAST( CASE WHEN (price_stone1 > (0)::numeric) THEN price_stone1 ELSE NULL::numeric END, CASE WHEN (price_stone2 > (0)::numeric) THEN price_stone2 ELSE NULL::numeric END)) stored,
  search_vector tsvector,
  name_vector tsvector,
  pack_size integer default 1 not null,
  price_breaks jsonb default '[]'::jsonb not null,
  status text default 'active'::text not null,
  updated_at timestamptz default now() not null,
  lead_time_kind text default 'in_stock'::text not null,
  lead_time_min smallint default 2 not null,
  lead_time_max smallint default 2 not null,
  constraint earrings_pkey primary key (id),
  constraint earrings_sku_key unique (sku),
  constraint earrings_lead_time_valid check ((((lead_time_kind = 'in_stock'::text) AND (lead_time_min BETWEEN 1 AND 30) AND (lead_time_max = lead_time_min)) OR ((lead_time_kind = 'made_to_order'::text) AND (lead_time_min BETWEEN 1 AND 52) AND (lead_time_max BETWEEN lead_time_min AND 52)))),
  constraint earrings_moq_check check ((moq >= 1)),
  constraint earrings_pack_size_check check ((pack_size BETWEEN 1 AND 10000)),
  constraint earrings_price_breaks_check check (price_breaks_valid(price_breaks)),
  constraint earrings_price_stone1_check check ((price_stone1 >= (0)::numeric)),
  constraint earrings_price_stone2_check check ((price_stone2 >= (0)::numeric)),
  constraint earrings_status_check check ((status = ANY (ARRAY['draft'::text, 'active'::text, 'archived'::text]))),
  constraint earrings_weight_check check ((weight >= (0)::numeric))
);
alter table public.earrings alter column search_vector set statistics 1000;
create index earrings_created_idx on public.earrings (created_at desc, id desc);
create index earrings_list_moq_idx on public.earrings (moq, id);
create index earrings_list_name_idx on public.earrings (name, id);
create index earrings_list_search_idx on public.earrings using gin ((((name || chr(9)) || COALESCE(sku, ''::text))) extensions.gin_trgm_ops);
create index earrings_list_sku_idx on public.earrings (sku, id);
create index earrings_list_status_idx on public.earrings (status, id);
create index earrings_list_updated_at_idx on public.earrings (updated_at, id);
create index earrings_name_search_idx on public.earrings using gin (material, name_vector);
create index earrings_price_idx on public.earrings (price_from, id);
create index earrings_search_idx on public.earrings using gin (material, search_vector);
create index earrings_sku_key_idx on public.earrings (regexp_replace(lower(sku), '[^a-z0-9]+'::text, ''::text, 'g'::text) COLLATE "C");
create index earrings_sku_prefix_idx on public.earrings (lower(sku) COLLATE "C");
create index earrings_status_created_idx on public.earrings (status, created_at desc, id desc);
create index earrings_status_material_created_idx on public.earrings (status, material, created_at desc, id desc);
create index earrings_status_material_price_idx on public.earrings (status, material, price_from, id);
create index earrings_status_mens_idx on public.earrings (status, created_at desc, id desc) where is_mens_jewelry;
create index earrings_status_new_idx on public.earrings (status, created_at desc, id desc) where is_new_arrival;
create index earrings_status_price_idx on public.earrings (status, price_from, id);
alter table public.earrings enable row level security;
revoke all on table public.earrings from public;
grant insert, select, update, delete on table public.earrings to authenticated;
grant select on table public.earrings to service_role, shop_anon, shop_authenticated, anon;

create table public.body_jewelry (
  id uuid default gen_random_uuid() not null,
  name text default 'Untitled Product'::text not null,
  sku text,
  description text,
  material text,
  stone text,
  stone_details jsonb,
  weight numeric(10,2),
  moq integer default 1 not null,
  is_new_arrival boolean default false not null,
  is_mens_jewelry boolean default false not null,
  created_at timestamptz default now() not null,
  image_url text,
  jewelry_type text,
  size text,
  gauge text,
  price_stone1 numeric(10,2),
  price_stone2 numeric(10,2),
  price_from numeric(10,2) generated always as (LEAST( CASE WHEN (price_stone1 > (0)::numeric) THEN price_stone1 ELSE NULL::numeric END, CASE WHEN (price_stone2 > (0)::numeric) THEN price_stone2 ELSE NULL::numeric END)) stored,
  search_vector tsvector,
  name_vector tsvector,
  pack_size integer default 1 not null,
  price_breaks jsonb default '[]'::jsonb not null,
  status text default 'active'::text not null,
  updated_at timestamptz default now() not null,
  lead_time_kind text default 'in_stock'::text not null,
  lead_time_min smallint default 2 not null,
  lead_time_max smallint default 2 not null,
  constraint body_jewelry_pkey primary key (id),
  constraint body_jewelry_sku_key unique (sku),
  constraint body_jewelry_lead_time_valid check ((((lead_time_kind = 'in_stock'::text) AND (lead_time_min BETWEEN 1 AND 30) AND (lead_time_max = lead_time_min)) OR ((lead_time_kind = 'made_to_order'::text) AND (lead_time_min BETWEEN 1 AND 52) AND (lead_time_max BETWEEN lead_time_min AND 52)))),
  constraint body_jewelry_moq_check check ((moq >= 1)),
  constraint body_jewelry_pack_size_check check ((pack_size BETWEEN 1 AND 10000)),
  constraint body_jewelry_price_breaks_check check (price_breaks_valid(price_breaks)),
  constraint body_jewelry_price_stone1_check check ((price_stone1 >= (0)::numeric)),
  constraint body_jewelry_price_stone2_check check ((price_stone2 >= (0)::numeric)),
  constraint body_jewelry_status_check check ((status = ANY (ARRAY['draft'::text, 'active'::text, 'archived'::text]))),
  constraint body_jewelry_weight_check check ((weight >= (0)::numeric))
);
alter table public.body_jewelry alter column search_vector set statistics 1000;
create index body_jewelry_created_idx on public.body_jewelry (created_at desc, id desc);
create index body_jewelry_list_moq_idx on public.body_jewelry (moq, id);
create index body_jewelry_list_name_idx on public.body_jewelry (name, id);
create index body_jewelry_list_search_idx on public.body_jewelry using gin ((((name || chr(9)) || COALESCE(sku, ''::text))) extensions.gin_trgm_ops);
create index body_jewelry_list_sku_idx on public.body_jewelry (sku, id);
create index body_jewelry_list_status_idx on public.body_jewelry (status, id);
create index body_jewelry_list_updated_at_idx on public.body_jewelry (updated_at, id);
create index body_jewelry_name_search_idx on public.body_jewelry using gin (material, name_vector);
create index body_jewelry_price_idx on public.body_jewelry (price_from, id);
create index body_jewelry_search_idx on public.body_jewelry using gin (material, search_vector);
create index body_jewelry_sku_key_idx on public.body_jewelry (regexp_replace(lower(sku), '[^a-z0-9]+'::text, ''::text, 'g'::text) COLLATE "C");
create index body_jewelry_sku_prefix_idx on public.body_jewelry (lower(sku) COLLATE "C");
create index body_jewelry_status_created_idx on public.body_jewelry (status, created_at desc, id desc);
create index body_jewelry_status_material_created_idx on public.body_jewelry (status, material, created_at desc, id desc);
create index body_jewelry_status_material_price_idx on public.body_jewelry (status, material, price_from, id);
create index body_jewelry_status_mens_idx on public.body_jewelry (status, created_at desc, id desc) where is_mens_jewelry;
create index body_jewelry_status_new_idx on public.body_jewelry (status, created_at desc, id desc) where is_new_arrival;
create index body_jewelry_status_price_idx on public.body_jewelry (status, price_from, id);
alter table public.body_jewelry enable row level security;
revoke all on table public.body_jewelry from public;
grant insert, select, update, delete on table public.body_jewelry to authenticated;
grant select on table public.body_jewelry to service_role, shop_anon, shop_authenticated, anon;

create table public.product_images (
  id uuid default gen_random_uuid() not null,
  image_url text not null,
  is_primary boolean default false not null,
  display_order integer default 0 not null,
  ring_id uuid,
  necklace_id uuid,
  bracelet_id uuid,
  earring_id uuid,
  body_jewelry_id uuid,
  created_at timestamptz default now() not null,
  constraint product_images_pkey primary key (id),
  constraint product_images_one_owner check ((num_nonnulls(ring_id, necklace_id, bracelet_id, earring_id, body_jewelry_id) = 1)),
  constraint product_images_body_jewelry_id_fkey foreign key (body_jewelry_id) references body_jewelry(id) on delete cascade,
  constraint product_images_bracelet_id_fkey foreign key (bracelet_id) references bracelets(id) on delete cascade,
  constraint product_images_earring_id_fkey foreign key (earring_id) references earrings(id) on delete cascade,
  constraint product_images_necklace_id_fkey foreign key (necklace_id) references necklaces(id) on delete cascade,
  constraint product_images_ring_id_fkey foreign key (ring_id) references rings(id) on delete cascade
);
create index product_images_body_jewelry_idx on public.product_images (body_jewelry_id, is_primary desc, display_order) where body_jewelry_id is not null;
create index product_images_bracelet_idx on public.product_images (bracelet_id, is_primary desc, display_order) where bracelet_id is not null;
create index product_images_earring_idx on public.product_images (earring_id, is_primary desc, display_order) where earring_id is not null;
create index product_images_necklace_idx on public.product_images (necklace_id, is_primary desc, display_order) where necklace_id is not null;
create index product_images_ring_idx on public.product_images (ring_id, is_primary desc, display_order) where ring_id is not null;
-- Back office catalog screens: a stored image file is removed only when no image row names its URL any more (a
-- deleted product or image, an import that attached another product's picture), which this index answers at once.
create index product_images_url_idx on public.product_images (image_url);
alter table public.product_images enable row level security;
revoke all on table public.product_images from public;
grant select on table public.product_images to anon, service_role;
grant insert, select, update, delete on table public.product_images to authenticated;

create table public.search_words (
  word text not null,
  constraint search_words_pkey primary key (word),
  constraint search_words_word_check check ((length(word) BETWEEN 3 AND 40))
);
-- The length band of the typo lookup.
create index search_words_length_idx on public.search_words (length(word));
alter table public.search_words enable row level security;
revoke all on table public.search_words from public;
grant select on table public.search_words to anon, authenticated;

-- Up to 12 products staff feature on the home page, in order. No foreign key can name five tables: the product
-- tables' *_unfeature triggers remove a deleted product's row, and readers join the products (status = 'active' for
-- shoppers), so a product that is gone or not active is never shown.
create table public.featured_products (
  position smallint not null,
  category text not null,
  product_id uuid not null,
  constraint featured_products_pkey primary key ("position"),
  constraint featured_products_category_product_id_key unique (category, product_id),
  constraint featured_products_category_check check ((category = ANY (ARRAY['rings'::text, 'necklaces'::text, 'bracelets'::text, 'earrings'::text, 'body_jewelry'::text]))),
  constraint featured_products_position_check check (("position" BETWEEN 1 AND 12))
);
alter table public.featured_products enable row level security;
revoke all on table public.featured_products from public;
grant select on table public.featured_products to anon;
grant insert, select, delete on table public.featured_products to authenticated;

-- Home merchandising: the one row of settings staff choose for the home page (the hero's image, words and link, and
-- an image per category tile). Everyone reads it and featured_products (the home page runs as anon); only admins
-- change them. Unset values fall back to the newest product's image (lib/catalog/home.ts).
create table public.storefront_settings (
  id boolean default true not null,
  hero_image_url text,
  hero_alt text default ''::text not null,
  hero_heading text default ''::text not null,
  hero_link text default ''::text not null,
  hero_link_label text default ''::text not null,
  tile_images jsonb default '{}'::jsonb not null,
  updated_at timestamptz,
  updated_by uuid,
  constraint storefront_settings_pkey primary key (id),
  constraint storefront_settings_hero_alt_check check ((length(hero_alt) <= 200)),
  constraint storefront_settings_hero_heading_check check ((length(hero_heading) <= 120)),
  constraint storefront_settings_hero_image_url_check check ((length(hero_image_url) <= 2048)),
  constraint storefront_settings_hero_link_check check (((hero_link = ''::text) OR ((hero_link ~~ '/%'::text) AND (hero_link !~~ '//%'::text) AND (hero_link !~ '[\\[:space:][:cntrl:]]'::text) AND (length(hero_link) <= 300)))),
  constraint storefront_settings_hero_link_label_check check ((length(hero_link_label) <= 40)),
  constraint storefront_settings_id_check check (id),
  constraint storefront_settings_tile_images_check check (((jsonb_typeof(tile_images) = 'object'::text) AND ((tile_images - ARRAY['rings'::text, 'necklaces'::text, 'bracelets'::text, 'earrings'::text, 'body_jewelry'::text]) = '{}'::jsonb))),
  constraint storefront_settings_updated_by_fkey foreign key (updated_by) references auth.users(id) on delete set null
);
alter table public.storefront_settings enable row level security;
revoke all on table public.storefront_settings from public;
grant select on table public.storefront_settings to anon, authenticated;
grant update (hero_image_url, hero_alt, hero_heading, hero_link, hero_link_label, tile_images, updated_at, updated_by) on table public.storefront_settings to authenticated;

create table public.product_events (
  id bigint generated always as identity not null,
  product_id uuid not null,
  category text not null,
  kind text not null,
  changes jsonb default '{}'::jsonb not null,
  note text,
  actor_id uuid,
  actor_email text,
  created_at timestamptz default clock_timestamp() not null,
  constraint product_events_pkey primary key (id),
  constraint product_events_category_check check ((category = ANY (ARRAY['rings'::text, 'necklaces'::text, 'bracelets'::text, 'earrings'::text, 'body_jewelry'::text]))),
  constraint product_events_kind_check check ((kind = ANY (ARRAY['created'::text, 'updated'::text, 'deleted'::text]))),
  constraint product_events_actor_id_fkey foreign key (actor_id) references auth.users(id) on delete set null
);
create index product_events_product_idx on public.product_events (product_id, id desc);
alter table public.product_events enable row level security;
revoke all on table public.product_events from public;
grant select on table public.product_events to authenticated;

-- Catalog counts from counters, not from counting the catalog: rows per combination of the columns that listings
-- and the back office's category screens filter on (status, category and type flags, new, men's, material): how
-- many products, and how many have a 'From' price (the price sort needs both). The storefront's 'Showing X-Y of N'
-- sums the active rows its filter matches (lib/catalog/listing.ts), a category screen the rows of its category and
-- filter (lib/admin/catalog), so a count costs the same at a million products as at a thousand.
--
-- The product tables' statement triggers keep them in the transaction that writes the products (a form save, a bulk
-- action, an import, a delete), from the transition tables. A statement adds its changes as new rows, netted per
-- combination (an edit that moves nothing, such as a description or a price that stays above zero, adds none), and
-- then folds its category's rows into one per combination, skipping rows that another transaction is still writing
-- or folding. So no writer ever waits for another on a counter, and none can deadlock on one: an import that runs
-- for a minute and a form save at the same time both go through. A count is the sum of the rows a reader's snapshot
-- sees, which is exact.
create table public.product_counts (
  id bigint generated always as identity not null,
  category text not null,
  status text not null,
  necklace_type text,
  is_bracelet boolean not null,
  is_necklace boolean not null,
  is_new_arrival boolean not null,
  is_mens_jewelry boolean not null,
  material text,
  total bigint not null,
  priced bigint not null,
  constraint product_counts_pkey primary key (id)
);
create index product_counts_category_idx on public.product_counts (category);
alter table public.product_counts enable row level security;
revoke all on table public.product_counts from public;
grant select on table public.product_counts to anon, authenticated;

create table public.page_content (
  page_id uuid default gen_random_uuid() not null,
  page_slug text not null,
  page_title text not null,
  content text default ''::text not null,
  last_updated timestamptz default now() not null,
  constraint page_content_pkey primary key (page_id),
  constraint page_content_page_slug_key unique (page_slug),
  constraint page_content_page_slug_check check ((page_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text))
);
alter table public.page_content enable row level security;
revoke all on table public.page_content from public;
grant select on table public.page_content to anon;
grant insert, select, update, delete on table public.page_content to authenticated;

-- All-time sales per product (items of orders neither cancelled nor refunded), kept by triggers in the same transaction
-- as the orders and items they sum. The dashboard's All Time top products read five rows of this table instead of
-- grouping every item ever sold by product.
create table public.product_sales (
  product_id uuid not null,
  revenue bigint default 0 not null,
  quantity bigint default 0 not null,
  constraint product_sales_pkey primary key (product_id)
);
create index product_sales_revenue_idx on public.product_sales (revenue desc, product_id);
alter table public.product_sales enable row level security;
revoke all on table public.product_sales from public;
grant select on table public.product_sales to authenticated;

-- Sales per product per calendar month in each time zone the dashboard counts in (order_hour_zones), kept by the
-- writes to order_items in their own transaction, so This Month's and Last Month's top products read a month's five
-- best rows instead of grouping its items by product. An item counts while its order is a sale
-- (order_items.counts_as_sale, which a statement of its own flips when the order's status moves), so items inserted,
-- updated (quantity, price, the flag) and deleted (with their order too) are the only changes to follow.
create table public.product_month_sales (
  time_zone text not null,
  month date not null,
  product_id uuid not null,
  revenue bigint default 0 not null,
  quantity bigint default 0 not null,
  constraint product_month_sales_pkey primary key (time_zone, month, product_id)
);
create index product_month_sales_top_idx on public.product_month_sales (time_zone, month, revenue desc, product_id);
alter table public.product_month_sales enable row level security;
revoke all on table public.product_month_sales from public;
grant select on table public.product_month_sales to authenticated;

-- Adds signed sums per product and month, in every counted zone. Rows are written in key order, so two transactions
-- touching the same products wait for each other instead of deadlocking.
create or replace function public.add_product_month_sales(p_created_at timestamptz[], p_product_ids uuid[], p_revenue bigint[], p_quantity bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.product_month_sales as s (time_zone, month, product_id, revenue, quantity)
  select z.time_zone, date_trunc('month', u.created_at at time zone z.time_zone)::date, u.product_id, sum(u.revenue), sum(u.quantity)
    from unnest(p_created_at, p_product_ids, p_revenue, p_quantity) as u(created_at, product_id, revenue, quantity)
   cross join public.order_hour_zones z
   group by 1, 2, 3
   order by 1, 2, 3
  on conflict (time_zone, month, product_id) do update
    set revenue = s.revenue + excluded.revenue, quantity = s.quantity + excluded.quantity;
$$;
revoke all on function public.add_product_month_sales(p_created_at timestamp with time zone[], p_product_ids uuid[], p_revenue bigint[], p_quantity bigint[]) from public;

-- Adds signed sums per product; rows of several orders and items at once. Rows are locked in product order, so two
-- transactions touching the same products (concurrent payments) wait for each other instead of deadlocking.
create or replace function public.add_product_sales(p_product_ids uuid[], p_revenue bigint[], p_quantity bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.product_sales as s (product_id, revenue, quantity)
  select product_id, sum(revenue), sum(quantity)
    from unnest(p_product_ids, p_revenue, p_quantity) as u(product_id, revenue, quantity)
   group by product_id
   order by product_id
  on conflict (product_id) do update
    set revenue = s.revenue + excluded.revenue, quantity = s.quantity + excluded.quantity;
$$;
revoke all on function public.add_product_sales(p_product_ids uuid[], p_revenue bigint[], p_quantity bigint[]) from public;

-- The *_search_vectors triggers add each table's category words and type (what a shopper types for what the product
-- is). With the owner's rights, as the other product triggers, so product_search_vector and product_name_vector need
-- no grant.
create or replace function public.body_jewelry_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone,
    'body jewelry piercing ' || coalesce(new.jewelry_type, ''), new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;
revoke all on function public.body_jewelry_search_vectors() from public;

create or replace function public.bracelets_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone,
    'bracelet bangle cuff' || case when new.is_necklace then ' necklace' else '' end, new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;
revoke all on function public.bracelets_search_vectors() from public;

-- Update trigger: the words of active rows whose text changed, or that have just become active, join search_words;
-- each distinct field is parsed once.
create or replace function public.collect_changed_search_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_type text;
begin
  select a.attname into v_type
    from pg_catalog.pg_attribute a
   where a.attrelid = tg_relid and a.attname in ('necklace_type', 'earring_type', 'jewelry_type') and not a.attisdropped;
  execute format($q$
    insert into public.search_words (word)
    select distinct w
      from (select distinct f
              from new_rows n
              join old_rows o on o.id = n.id,
                   unnest(array[n.name, replace(n.material, '-', ' '), n.stone, n.description, %1$s]) as f
             where n.status = 'active' and f is not null
               and (o.status <> 'active'
                    or concat_ws(' ', n.name, replace(n.material, '-', ' '), n.stone, n.description, %1$s)
                       is distinct from concat_ws(' ', o.name, replace(o.material, '-', ' '), o.stone, o.description, %2$s))) t,
           lateral public.search_words_of(t.f) as w
    on conflict (word) do nothing$q$,
    case when v_type is null then 'null' else format('n.%I', v_type) end,
    case when v_type is null then 'null' else format('o.%I', v_type) end);
  return null;
end;
$$;
revoke all on function public.collect_changed_search_words() from public;

-- Insert trigger: new active products' words join search_words, the typo lookup's vocabulary. Each distinct field
-- is parsed once per statement, as an import's rows mostly share their descriptions, materials and stones; no word
-- of the text parser spans two fields, so the words are those of the whole text.
create or replace function public.collect_search_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_type text;
begin
  select a.attname into v_type
    from pg_catalog.pg_attribute a
   where a.attrelid = tg_relid and a.attname in ('necklace_type', 'earring_type', 'jewelry_type') and not a.attisdropped;
  execute format($q$
    insert into public.search_words (word)
    select distinct w
      from (select distinct f
              from new_rows r,
                   unnest(array[r.name, replace(r.material, '-', ' '), r.stone, r.description, %s]) as f
             where r.status = 'active' and f is not null) t,
           lateral public.search_words_of(t.f) as w
    on conflict (word) do nothing$q$,
    case when v_type is null then 'null' else format('r.%I', v_type) end);
  return null;
end;
$$;
revoke all on function public.collect_search_words() from public;

-- One trigger function for the five tables and three events: the transition tables it reads depend on the event.
create or replace function public.count_product_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  key text := public.product_count_key(tg_table_name);
  changes text;
  added bigint;
begin
  if tg_op = 'TRUNCATE' then
    delete from public.product_counts where category = tg_table_name;
    return null;
  end if;
  changes := concat_ws(' union all ',
    case when tg_op in ('INSERT', 'UPDATE') then
      format('select %s, 1 as n, (price_from is not null)::int as p from new_rows', key) end,
    case when tg_op in ('UPDATE', 'DELETE') then
      format('select %s, -1, -(price_from is not null)::int from old_rows', key) end);
  execute format($q$
    insert into public.product_counts
      (category, status, necklace_type, is_bracelet, is_necklace, is_new_arrival, is_mens_jewelry, material, total, priced)
    select category, status, necklace_type, is_bracelet, is_necklace, is_new_arrival, is_mens_jewelry, material, sum(n), sum(p)
      from (%s) d(category, status, necklace_type, is_bracelet, is_necklace, is_new_arrival, is_mens_jewelry, material, n, p)
     group by 1, 2, 3, 4, 5, 6, 7, 8
    having sum(n) <> 0 or sum(p) <> 0$q$, changes);
  get diagnostics added = row_count;
  if added > 0 then
    with taken as (
      delete from public.product_counts c
       where c.id in (select id from public.product_counts where category = tg_table_name for update skip locked)
      returning c.*
    )
    insert into public.product_counts
      (category, status, necklace_type, is_bracelet, is_necklace, is_new_arrival, is_mens_jewelry, material, total, priced)
    select category, status, necklace_type, is_bracelet, is_necklace, is_new_arrival, is_mens_jewelry, material,
           sum(total), sum(priced)
      from taken
     group by 1, 2, 3, 4, 5, 6, 7, 8
    having sum(total) <> 0 or sum(priced) <> 0;
  end if;
  return null;
end;
$$;
revoke all on function public.count_product_rows() from public;

create or replace function public.earrings_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone,
    'earring ' || coalesce(new.earring_type, ''), new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;
revoke all on function public.earrings_search_vectors() from public;

create or replace function public.necklaces_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone,
    'necklace ' || coalesce(new.necklace_type, '') || case when new.is_bracelet then ' bracelet' else '' end, new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;
revoke all on function public.necklaces_search_vectors() from public;

-- The key of a product row, as the view catalog_products shows it, per table (its columns differ).
create or replace function public.product_count_key(p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_table
    when 'rings' then $k$'rings'::text, status, null::text, false, false$k$
    when 'necklaces' then $k$'necklaces'::text, status, necklace_type, coalesce(is_bracelet, false), false$k$
    when 'bracelets' then $k$'bracelets'::text, status, null::text, false, coalesce(is_necklace, false)$k$
    when 'earrings' then $k$'earrings'::text, status, null::text, false, false$k$
    when 'body_jewelry' then $k$'body_jewelry'::text, status, null::text, false, false$k$
  end || ', coalesce(is_new_arrival, false), coalesce(is_mens_jewelry, false), material';
$$;
revoke all on function public.product_count_key(p_table text) from public;

create or replace function public.product_name_vector(p_sku text, p_name text)
returns tsvector
language sql
immutable
parallel safe
as $$
  select pg_catalog.to_tsvector('simple'::pg_catalog.regconfig, coalesce(p_sku, ''))
         operator(pg_catalog.||) pg_catalog.to_tsvector('english'::pg_catalog.regconfig, coalesce(p_name, ''));
$$;
revoke all on function public.product_name_vector(p_sku text, p_name text) from public;

-- A product's weighted search text: SKU and name (A), material, stone and kind (B), description (C). This function
-- and product_name_vector have no SET clause, so Postgres inlines them into the triggers' expressions instead of
-- running a function call per row (measured in `npm run bench`). Every name in the bodies is schema-qualified, so
-- the caller's search_path cannot change what they call.
create or replace function public.product_search_vector(
  p_sku text, p_name text, p_material text, p_stone text, p_kind text, p_description text
)
returns tsvector
language sql
immutable
parallel safe
as $$
  select pg_catalog.setweight(pg_catalog.to_tsvector('simple'::pg_catalog.regconfig, coalesce(p_sku, '')), 'A')
         operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig, coalesce(p_name, '')), 'A')
         operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig,
                                   coalesce(p_material, '') operator(pg_catalog.||) ' ' operator(pg_catalog.||) coalesce(p_stone, '')), 'B')
         operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig, p_kind), 'B')
         operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig, coalesce(p_description, '')), 'C');
$$;
revoke all on function public.product_search_vector(p_sku text, p_name text, p_material text, p_stone text, p_kind text, p_description text) from public;

-- Product history: a product_events row per product created, deleted or changed, with the note and actor of the
-- change (app.product_change; app.product_history = 'off' records nothing). An update records only the changed
-- columns as {column: [before, after]}: each column is compared as itself first, and only a column that differs is
-- turned into JSON, which keeps large bulk edits and imports cheap.
create or replace function public.record_product_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_note text := nullif(current_setting('app.product_change', true), '');
  v_actor uuid := auth.uid();
  v_email text := auth.email();
  v_pairs text;
begin
  if coalesce(current_setting('app.product_history', true), '') = 'off' then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    -- Derived and bookkeeping columns are left out: they follow from the columns that are shown.
    select string_agg(format('case when o.%1$I is distinct from n.%1$I then jsonb_build_object(%1$L, jsonb_build_array(to_jsonb(o.%1$I), to_jsonb(n.%1$I))) else ''{}''::jsonb end',
                             a.attname), ' || ' order by a.attnum)
      into v_pairs
      from pg_catalog.pg_attribute a
     where a.attrelid = tg_relid and a.attnum > 0 and not a.attisdropped
       and a.attname not in ('updated_at', 'search_vector', 'name_vector', 'price_from');
    execute format($q$
      insert into public.product_events (product_id, category, kind, changes, note, actor_id, actor_email)
      select d.id, %L, 'updated', d.diff, $1, $2, $3
        from (select n.id, %s as diff
                from new_rows n
                join old_rows o on o.id = n.id
              offset 0) d -- kept a subquery: each row's changes are built once, not again for the condition
       where d.diff <> '{}'::jsonb
       order by d.id$q$, tg_table_name, v_pairs)
      using v_note, v_actor, v_email;
  elsif tg_op = 'INSERT' then
    insert into public.product_events (product_id, category, kind, changes, note, actor_id, actor_email)
    select n.id, tg_table_name, 'created', jsonb_build_object('name', n.name, 'sku', n.sku, 'status', n.status), v_note, v_actor, v_email
      from new_rows n;
  else
    insert into public.product_events (product_id, category, kind, changes, note, actor_id, actor_email)
    select o.id, tg_table_name, 'deleted', jsonb_build_object('name', o.name, 'sku', o.sku, 'status', o.status), v_note, v_actor, v_email
      from old_rows o;
  end if;
  return null;
end;
$$;
revoke all on function public.record_product_changes() from public;

-- Each product's image_url follows its primary image, so listings read no image rows. The trigger runs per statement
-- and updates only the product tables whose products' images the statement touched: an import's update that changed
-- no image costs nothing here.
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
  -- A statement that touched no image (an update whose WHERE matched nothing) has nothing to refresh.
  if ids.ring_id is not null then
    update public.rings p set image_url = f.url
      from (select x.id, (select i.image_url from public.product_images i where i.ring_id = x.id
                          order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
            from unnest(ids.ring_id) as x(id)) f
     where p.id = f.id and p.image_url is distinct from f.url;
  end if;
  if ids.necklace_id is not null then
    update public.necklaces p set image_url = f.url
      from (select x.id, (select i.image_url from public.product_images i where i.necklace_id = x.id
                          order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
            from unnest(ids.necklace_id) as x(id)) f
     where p.id = f.id and p.image_url is distinct from f.url;
  end if;
  if ids.bracelet_id is not null then
    update public.bracelets p set image_url = f.url
      from (select x.id, (select i.image_url from public.product_images i where i.bracelet_id = x.id
                          order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
            from unnest(ids.bracelet_id) as x(id)) f
     where p.id = f.id and p.image_url is distinct from f.url;
  end if;
  if ids.earring_id is not null then
    update public.earrings p set image_url = f.url
      from (select x.id, (select i.image_url from public.product_images i where i.earring_id = x.id
                          order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
            from unnest(ids.earring_id) as x(id)) f
     where p.id = f.id and p.image_url is distinct from f.url;
  end if;
  if ids.body_jewelry_id is not null then
    update public.body_jewelry p set image_url = f.url
      from (select x.id, (select i.image_url from public.product_images i where i.body_jewelry_id = x.id
                          order by i.is_primary desc, i.display_order, i.created_at limit 1) as url
            from unnest(ids.body_jewelry_id) as x(id)) f
     where p.id = f.id and p.image_url is distinct from f.url;
  end if;
  return null;
end;
$$;
revoke all on function public.refresh_product_image_urls() from public;

create or replace function public.rings_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone, 'ring band', new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;
revoke all on function public.rings_search_vectors() from public;

-- The words of a text for the typo lookup's vocabulary: the text parser's own words of letters (a hyphenated word's
-- parts included). Full-text search keeps 'gold14k' as one word, and a known word with another typed after it is
-- matched whole (lib/catalog/search-query.ts), so a run of letters that is no word of its own would match nothing.
create or replace function public.search_words_of(p_text text)
returns setof text
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Token types of the default parser: 1 asciiword, 2 word, 10 hword_part, 11 hword_asciipart.
  select distinct lower(t.token)
    from pg_catalog.ts_parse('default', coalesce(p_text, '')) as t(tokid, token)
   where t.tokid in (1, 2, 10, 11) and length(t.token) between 3 and 40;
$$;
revoke all on function public.search_words_of(p_text text) from public;

create or replace function public.unfeature_deleted_product()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.featured_products where category = tg_table_name and product_id = old.id;
  return null;
end;
$$;
revoke all on function public.unfeature_deleted_product() from public;

-- One row per product across the five tables, with normalised columns. security_invoker keeps the
-- callers' RLS in force. default_price is the price of the product page's opening selection (stone 1; necklaces
-- 18 in, or 16 in when adjustable; bracelets 7 in), the same rule as unitPrice() in lib/catalog/pricing.ts.
create view public.catalog_products with (security_invoker=true) as
 SELECT rings.id, 'rings'::text AS category, rings.name, rings.sku,
    rings.description, rings.material, rings.stone, rings.stone_details,
    rings.weight, rings.moq, rings.is_new_arrival, rings.is_mens_jewelry,
    rings.created_at, rings.image_url, rings.price_from, rings.search_vector,
    NULL::text AS necklace_type, rings.is_adjustable, false AS is_bracelet,
    false AS is_necklace, NULL::text AS product_type,
        CASE
            WHEN rings.price_stone1 > 0::numeric THEN rings.price_stone1
            ELSE NULL::numeric
        END AS default_price,
    NULLIF(btrim(COALESCE(rings.stone_details ->> 'Stone1'::text, rings.stone)), ''::text) AS stone_name,
    rings.name_vector, rings.pack_size, rings.price_breaks, rings.status,
    rings.updated_at, rings.sizes AS ring_sizes,
    rings.size_surcharge AS ring_size_surcharge,
    rings.size_surcharge_from AS ring_size_surcharge_from
   FROM rings
UNION ALL
 SELECT necklaces.id, 'necklaces'::text AS category, necklaces.name,
    necklaces.sku, necklaces.description, necklaces.material, necklaces.stone,
    necklaces.stone_details, necklaces.weight, necklaces.moq,
    necklaces.is_new_arrival, necklaces.is_mens_jewelry, necklaces.created_at,
    necklaces.image_url, necklaces.price_from, necklaces.search_vector,
    necklaces.necklace_type, necklaces.is_adjustable, necklaces.is_bracelet,
    false AS is_necklace, necklaces.necklace_type AS product_type,
        CASE
            WHEN necklaces.is_adjustable THEN
            CASE
                WHEN necklaces.n_price_16_stone1 > 0::numeric THEN necklaces.n_price_16_stone1
                ELSE NULL::numeric
            END
            ELSE
            CASE
                WHEN necklaces.n_price_18_stone1 > 0::numeric THEN necklaces.n_price_18_stone1
                ELSE NULL::numeric
            END
        END AS default_price,
    NULLIF(btrim(COALESCE(necklaces.stone_details ->> 'Stone1'::text, necklaces.stone)), ''::text) AS stone_name,
    necklaces.name_vector, necklaces.pack_size, necklaces.price_breaks,
    necklaces.status, necklaces.updated_at, NULL::text[] AS ring_sizes,
    NULL::numeric(10,2) AS ring_size_surcharge,
    NULL::text AS ring_size_surcharge_from
   FROM necklaces
UNION ALL
 SELECT bracelets.id, 'bracelets'::text AS category, bracelets.name,
    bracelets.sku, bracelets.description, bracelets.material, bracelets.stone,
    bracelets.stone_details, bracelets.weight, bracelets.moq,
    bracelets.is_new_arrival, bracelets.is_mens_jewelry, bracelets.created_at,
    bracelets.image_url, bracelets.price_from, bracelets.search_vector,
    NULL::text AS necklace_type, bracelets.is_adjustable, false AS is_bracelet,
    bracelets.is_necklace, NULL::text AS product_type,
        CASE
            WHEN bracelets.b_price_7_stone1 > 0::numeric THEN bracelets.b_price_7_stone1
            ELSE NULL::numeric
        END AS default_price,
    NULLIF(btrim(COALESCE(bracelets.stone_details ->> 'Stone1'::text, bracelets.stone)), ''::text) AS stone_name,
    bracelets.name_vector, bracelets.pack_size, bracelets.price_breaks,
    bracelets.status, bracelets.updated_at, NULL::text[] AS ring_sizes,
    NULL::numeric(10,2) AS ring_size_surcharge,
    NULL::text AS ring_size_surcharge_from
   FROM bracelets
UNION ALL
 SELECT earrings.id, 'earrings'::text AS category, earrings.name, earrings.sku,
    earrings.description, earrings.material, earrings.stone,
    earrings.stone_details, earrings.weight, earrings.moq,
    earrings.is_new_arrival, earrings.is_mens_jewelry, earrings.created_at,
    earrings.image_url, earrings.price_from, earrings.search_vector,
    NULL::text AS necklace_type, false AS is_adjustable, false AS is_bracelet,
    false AS is_necklace, earrings.earring_type AS product_type,
        CASE
            WHEN earrings.price_stone1 > 0::numeric THEN earrings.price_stone1
            ELSE NULL::numeric
        END AS default_price,
    NULLIF(btrim(COALESCE(earrings.stone_details ->> 'Stone1'::text, earrings.stone)), ''::text) AS stone_name,
    earrings.name_vector, earrings.pack_size, earrings.price_breaks,
    earrings.status, earrings.updated_at, NULL::text[] AS ring_sizes,
    NULL::numeric(10,2) AS ring_size_surcharge,
    NULL::text AS ring_size_surcharge_from
   FROM earrings
UNION ALL
 SELECT body_jewelry.id, 'body_jewelry'::text AS category, body_jewelry.name,
    body_jewelry.sku, body_jewelry.description, body_jewelry.material,
    body_jewelry.stone, body_jewelry.stone_details, body_jewelry.weight,
    body_jewelry.moq, body_jewelry.is_new_arrival, body_jewelry.is_mens_jewelry,
    body_jewelry.created_at, body_jewelry.image_url, body_jewelry.price_from,
    body_jewelry.search_vector, NULL::text AS necklace_type,
    false AS is_adjustable, false AS is_bracelet, false AS is_necklace,
    body_jewelry.jewelry_type AS product_type,
        CASE
            WHEN body_jewelry.price_stone1 > 0::numeric THEN body_jewelry.price_stone1
            ELSE NULL::numeric
        END AS default_price,
    NULLIF(btrim(COALESCE(body_jewelry.stone_details ->> 'Stone1'::text, body_jewelry.stone)), ''::text) AS stone_name,
    body_jewelry.name_vector, body_jewelry.pack_size, body_jewelry.price_breaks,
    body_jewelry.status, body_jewelry.updated_at, NULL::text[] AS ring_sizes,
    NULL::numeric(10,2) AS ring_size_surcharge,
    NULL::text AS ring_size_surcharge_from
   FROM body_jewelry;
revoke all on table public.catalog_products from public;
grant select on table public.catalog_products to service_role, shop_anon, shop_authenticated, anon, authenticated;

-- Triggers
create trigger body_jewelry_history_delete after delete on public.body_jewelry referencing old table as old_rows for each statement execute function record_product_changes();
create trigger body_jewelry_history_insert after insert on public.body_jewelry referencing new table as new_rows for each statement execute function record_product_changes();
create trigger body_jewelry_history_update after update on public.body_jewelry referencing old table as old_rows new table as new_rows for each statement execute function record_product_changes();
create trigger body_jewelry_product_counts_del after delete on public.body_jewelry referencing old table as old_rows for each statement execute function count_product_rows();
create trigger body_jewelry_product_counts_ins after insert on public.body_jewelry referencing new table as new_rows for each statement execute function count_product_rows();
create trigger body_jewelry_product_counts_trunc after truncate on public.body_jewelry for each statement execute function count_product_rows();
create trigger body_jewelry_product_counts_upd after update on public.body_jewelry referencing old table as old_rows new table as new_rows for each statement execute function count_product_rows();
create trigger body_jewelry_search_vectors before insert or update of sku, name, material, stone, description, jewelry_type
  on public.body_jewelry for each row execute function public.body_jewelry_search_vectors();
create trigger body_jewelry_search_words_insert after insert on public.body_jewelry referencing new table as new_rows for each statement execute function collect_search_words();
create trigger body_jewelry_search_words_update after update on public.body_jewelry referencing old table as old_rows new table as new_rows for each statement execute function collect_changed_search_words();
create trigger body_jewelry_touch before update on public.body_jewelry for each row execute function touch_updated_at();
create trigger body_jewelry_unfeature after delete on public.body_jewelry for each row execute function unfeature_deleted_product();
create trigger bracelets_history_delete after delete on public.bracelets referencing old table as old_rows for each statement execute function record_product_changes();
create trigger bracelets_history_insert after insert on public.bracelets referencing new table as new_rows for each statement execute function record_product_changes();
create trigger bracelets_history_update after update on public.bracelets referencing old table as old_rows new table as new_rows for each statement execute function record_product_changes();
create trigger bracelets_product_counts_del after delete on public.bracelets referencing old table as old_rows for each statement execute function count_product_rows();
create trigger bracelets_product_counts_ins after insert on public.bracelets referencing new table as new_rows for each statement execute function count_product_rows();
create trigger bracelets_product_counts_trunc after truncate on public.bracelets for each statement execute function count_product_rows();
create trigger bracelets_product_counts_upd after update on public.bracelets referencing old table as old_rows new table as new_rows for each statement execute function count_product_rows();
create trigger bracelets_search_vectors before insert or update of sku, name, material, stone, description, is_necklace
  on public.bracelets for each row execute function public.bracelets_search_vectors();
create trigger bracelets_search_words_insert after insert on public.bracelets referencing new table as new_rows for each statement execute function collect_search_words();
create trigger bracelets_search_words_update after update on public.bracelets referencing old table as old_rows new table as new_rows for each statement execute function collect_changed_search_words();
create trigger bracelets_touch before update on public.bracelets for each row execute function touch_updated_at();
create trigger bracelets_unfeature after delete on public.bracelets for each row execute function unfeature_deleted_product();
create trigger earrings_history_delete after delete on public.earrings referencing old table as old_rows for each statement execute function record_product_changes();
create trigger earrings_history_insert after insert on public.earrings referencing new table as new_rows for each statement execute function record_product_changes();
create trigger earrings_history_update after update on public.earrings referencing old table as old_rows new table as new_rows for each statement execute function record_product_changes();
create trigger earrings_product_counts_del after delete on public.earrings referencing old table as old_rows for each statement execute function count_product_rows();
create trigger earrings_product_counts_ins after insert on public.earrings referencing new table as new_rows for each statement execute function count_product_rows();
create trigger earrings_product_counts_trunc after truncate on public.earrings for each statement execute function count_product_rows();
create trigger earrings_product_counts_upd after update on public.earrings referencing old table as old_rows new table as new_rows for each statement execute function count_product_rows();
create trigger earrings_search_vectors before insert or update of sku, name, material, stone, description, earring_type
  on public.earrings for each row execute function public.earrings_search_vectors();
create trigger earrings_search_words_insert after insert on public.earrings referencing new table as new_rows for each statement execute function collect_search_words();
create trigger earrings_search_words_update after update on public.earrings referencing old table as old_rows new table as new_rows for each statement execute function collect_changed_search_words();
create trigger earrings_touch before update on public.earrings for each row execute function touch_updated_at();
create trigger earrings_unfeature after delete on public.earrings for each row execute function unfeature_deleted_product();
create trigger necklaces_history_delete after delete on public.necklaces referencing old table as old_rows for each statement execute function record_product_changes();
create trigger necklaces_history_insert after insert on public.necklaces referencing new table as new_rows for each statement execute function record_product_changes();
create trigger necklaces_history_update after update on public.necklaces referencing old table as old_rows new table as new_rows for each statement execute function record_product_changes();
create trigger necklaces_product_counts_del after delete on public.necklaces referencing old table as old_rows for each statement execute function count_product_rows();
create trigger necklaces_product_counts_ins after insert on public.necklaces referencing new table as new_rows for each statement execute function count_product_rows();
create trigger necklaces_product_counts_trunc after truncate on public.necklaces for each statement execute function count_product_rows();
create trigger necklaces_product_counts_upd after update on public.necklaces referencing old table as old_rows new table as new_rows for each statement execute function count_product_rows();
create trigger necklaces_search_vectors before insert or update of sku, name, material, stone, description, necklace_type, is_bracelet
  on public.necklaces for each row execute function public.necklaces_search_vectors();
create trigger necklaces_search_words_insert after insert on public.necklaces referencing new table as new_rows for each statement execute function collect_search_words();
create trigger necklaces_search_words_update after update on public.necklaces referencing old table as old_rows new table as new_rows for each statement execute function collect_changed_search_words();
create trigger necklaces_touch before update on public.necklaces for each row execute function touch_updated_at();
create trigger necklaces_unfeature after delete on public.necklaces for each row execute function unfeature_deleted_product();
create trigger page_content_touch before update on public.page_content
for each row execute function public.touch_last_updated();
create trigger product_images_sync_url_delete after delete on public.product_images
referencing old table as old_rows for each statement execute function public.refresh_product_image_urls();
create trigger product_images_sync_url_insert after insert on public.product_images
referencing new table as new_rows for each statement execute function public.refresh_product_image_urls();
create trigger product_images_sync_url_update after update on public.product_images
referencing new table as new_rows old table as old_rows for each statement execute function public.refresh_product_image_urls();
create trigger rings_history_delete after delete on public.rings referencing old table as old_rows for each statement execute function record_product_changes();
create trigger rings_history_insert after insert on public.rings referencing new table as new_rows for each statement execute function record_product_changes();
create trigger rings_history_update after update on public.rings referencing old table as old_rows new table as new_rows for each statement execute function record_product_changes();
create trigger rings_product_counts_del after delete on public.rings referencing old table as old_rows for each statement execute function count_product_rows();
create trigger rings_product_counts_ins after insert on public.rings referencing new table as new_rows for each statement execute function count_product_rows();
create trigger rings_product_counts_trunc after truncate on public.rings for each statement execute function count_product_rows();
create trigger rings_product_counts_upd after update on public.rings referencing old table as old_rows new table as new_rows for each statement execute function count_product_rows();
create trigger rings_search_vectors before insert or update of sku, name, material, stone, description
  on public.rings for each row execute function public.rings_search_vectors();
create trigger rings_search_words_insert after insert on public.rings referencing new table as new_rows for each statement execute function collect_search_words();
create trigger rings_search_words_update after update on public.rings referencing old table as old_rows new table as new_rows for each statement execute function collect_changed_search_words();
create trigger rings_touch before update on public.rings for each row execute function touch_updated_at();
create trigger rings_unfeature after delete on public.rings for each row execute function unfeature_deleted_product();

-- Policies
create policy "body_jewelry are public" on public.body_jewelry for select to anon, authenticated
  using (true);
create policy "admins insert body_jewelry" on public.body_jewelry for insert to authenticated
  with check (( SELECT is_admin() AS is_admin));
create policy "admins update body_jewelry" on public.body_jewelry for update to authenticated
  using (( SELECT is_admin() AS is_admin))
  with check (( SELECT is_admin() AS is_admin));
create policy "admins delete body_jewelry" on public.body_jewelry for delete to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "bracelets are public" on public.bracelets for select to anon, authenticated
  using (true);
create policy "admins insert bracelets" on public.bracelets for insert to authenticated
  with check (( SELECT is_admin() AS is_admin));
create policy "admins update bracelets" on public.bracelets for update to authenticated
  using (( SELECT is_admin() AS is_admin))
  with check (( SELECT is_admin() AS is_admin));
create policy "admins delete bracelets" on public.bracelets for delete to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "earrings are public" on public.earrings for select to anon, authenticated
  using (true);
create policy "admins insert earrings" on public.earrings for insert to authenticated
  with check (( SELECT is_admin() AS is_admin));
create policy "admins update earrings" on public.earrings for update to authenticated
  using (( SELECT is_admin() AS is_admin))
  with check (( SELECT is_admin() AS is_admin));
create policy "admins delete earrings" on public.earrings for delete to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "everyone reads the featured products" on public.featured_products for select to anon, authenticated
  using (true);
create policy "admins add featured products" on public.featured_products for insert to authenticated
  with check ((select public.is_admin()));
create policy "admins remove featured products" on public.featured_products for delete to authenticated
  using ((select public.is_admin()));

create policy "necklaces are public" on public.necklaces for select to anon, authenticated
  using (true);
create policy "admins insert necklaces" on public.necklaces for insert to authenticated
  with check (( SELECT is_admin() AS is_admin));
create policy "admins update necklaces" on public.necklaces for update to authenticated
  using (( SELECT is_admin() AS is_admin))
  with check (( SELECT is_admin() AS is_admin));
create policy "admins delete necklaces" on public.necklaces for delete to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "page_content are public" on public.page_content for select to anon, authenticated
  using (true);
create policy "admins insert page_content" on public.page_content for insert to authenticated
  with check (( SELECT is_admin() AS is_admin));
create policy "admins update page_content" on public.page_content for update to authenticated
  using (( SELECT is_admin() AS is_admin))
  with check (( SELECT is_admin() AS is_admin));
create policy "admins delete page_content" on public.page_content for delete to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "anyone reads product counts" on public.product_counts for select to anon, authenticated using (true);

create policy "admins read product history" on public.product_events for select to authenticated
  using ((select public.is_admin()));

create policy "product_images are public" on public.product_images for select to anon, authenticated
  using (true);
create policy "admins insert product_images" on public.product_images for insert to authenticated
  with check (( SELECT is_admin() AS is_admin));
create policy "admins update product_images" on public.product_images for update to authenticated
  using (( SELECT is_admin() AS is_admin))
  with check (( SELECT is_admin() AS is_admin));
create policy "admins delete product_images" on public.product_images for delete to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "admins read product month sales" on public.product_month_sales for select to authenticated
  using ((select public.is_admin()));

create policy "admins read product sales" on public.product_sales for select to authenticated
  using ((select public.is_admin()));

create policy "rings are public" on public.rings for select to anon, authenticated
  using (true);
create policy "admins insert rings" on public.rings for insert to authenticated
  with check (( SELECT is_admin() AS is_admin));
create policy "admins update rings" on public.rings for update to authenticated
  using (( SELECT is_admin() AS is_admin))
  with check (( SELECT is_admin() AS is_admin));
create policy "admins delete rings" on public.rings for delete to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "search words are public" on public.search_words for select to anon, authenticated using (true);

create policy "everyone reads the storefront settings" on public.storefront_settings for select to anon, authenticated
  using (true);
create policy "admins change the storefront settings" on public.storefront_settings for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

-- The typo lookup knows the category words too ("neklace" finds necklaces); product words are added as products
-- are written.
insert into public.search_words (word)
select w from public.search_words_of('ring band necklace pendant chain bracelet bangle cuff earring stud hoop body jewelry piercing') as w
on conflict (word) do nothing;

insert into public.storefront_settings default values;
