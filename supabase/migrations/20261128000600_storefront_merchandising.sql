-- Home merchandising: what staff choose for the home page. One row of settings (the hero's image, words and link,
-- and an image per category tile) and up to 12 featured products in order. Everyone reads them (the home page runs
-- as anon); only admins change them. Unset values fall back to the newest product's image (lib/catalog/home.ts).

create table public.storefront_settings (
  id boolean primary key default true check (id),
  -- A file of the product-images bucket (the action checks the prefix); null: the newest necklace's image.
  hero_image_url text check (length(hero_image_url) <= 2048),
  hero_alt text not null default '' check (length(hero_alt) <= 200),
  hero_heading text not null default '' check (length(hero_heading) <= 120),
  -- A path of this shop only ('/…', never '//host' or a scheme); '' keeps the default '/products'.
  hero_link text not null default '' check (hero_link = '' or (hero_link like '/%' and hero_link not like '//%'
                                                               and hero_link !~ '[\\[:space:][:cntrl:]]'
                                                               and length(hero_link) <= 300)),
  hero_link_label text not null default '' check (length(hero_link_label) <= 40),
  -- { category: image URL } for the five category tiles; a missing key falls back to the newest image.
  tile_images jsonb not null default '{}' check (jsonb_typeof(tile_images) = 'object'
    and tile_images - array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] = '{}'::jsonb),
  updated_at timestamptz, -- null until the first save
  updated_by uuid references auth.users (id) on delete set null
);
insert into public.storefront_settings default values;

alter table public.storefront_settings enable row level security;
create policy "everyone reads the storefront settings" on public.storefront_settings for select to anon, authenticated
  using (true);
create policy "admins change the storefront settings" on public.storefront_settings for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
grant select on public.storefront_settings to anon, authenticated;
grant update (hero_image_url, hero_alt, hero_heading, hero_link, hero_link_label, tile_images, updated_at, updated_by)
  on public.storefront_settings to authenticated;

-- No foreign key can name five tables: the trigger below removes a deleted product's row, and readers join the
-- products (status = 'active' for shoppers), so a product that is gone or not active is never shown.
create table public.featured_products (
  position smallint primary key check (position between 1 and 12),
  category text not null check (category in ('rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry')),
  product_id uuid not null,
  unique (category, product_id)
);

alter table public.featured_products enable row level security;
create policy "everyone reads the featured products" on public.featured_products for select to anon, authenticated
  using (true);
create policy "admins add featured products" on public.featured_products for insert to authenticated
  with check ((select public.is_admin()));
create policy "admins remove featured products" on public.featured_products for delete to authenticated
  using ((select public.is_admin()));
grant select on public.featured_products to anon, authenticated;
grant insert, delete on public.featured_products to authenticated;

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
revoke execute on function public.unfeature_deleted_product() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format('create trigger %I after delete on public.%I for each row execute function public.unfeature_deleted_product()',
                   t || '_unfeature', t);
  end loop;
end;
$$;
