-- Hidden prices stay hidden from the Data API (ARCHITECTURE.md, "Trade accounts and price groups"). Where the shop
-- shows prices to signed-in buyers or to trade accounts only, the API roles anon and authenticated lose the catalog's
-- price columns: a request with the public key, or with any buyer's token, reads products without prices. The shop's
-- own queries run as shop_anon and shop_authenticated (lib/core/db): each holds its API role's privileges and
-- policies (it is a member of it) plus every column of the catalog, and the server shows each visitor only the
-- prices their view allows. The Data API cannot take these roles: its login role is no member of them.

-- Roles belong to the cluster, not the database: another database of the same server may have made them already.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'shop_anon') then create role shop_anon nologin inherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'shop_authenticated') then create role shop_authenticated nologin inherit; end if;
end;
$$;
grant anon to shop_anon;
grant authenticated to shop_authenticated;
-- The shop's own connection (the owner of the schema, who runs the migrations) switches to them per transaction.
grant shop_anon, shop_authenticated to current_user;

grant select on public.rings, public.necklaces, public.bracelets, public.earrings, public.body_jewelry,
  public.catalog_products to shop_anon, shop_authenticated;

-- The columns that hold a price: the price columns of the five tables, a ring's size surcharge, and the listing
-- view's 'From' and opening prices.
create or replace function public.is_price_column(p_column text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_column ~ '^(price_stone[12]|[nb]_price_.*|size_surcharge|price_from|default_price|ring_size_surcharge)$';
$$;
revoke execute on function public.is_price_column(text) from public, anon, authenticated, service_role;

-- Grants the API roles every column of the catalog (prices shown to everyone) or every column but the prices.
create or replace function public.apply_price_visibility(p_visibility text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  t text;
  cols text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry', 'catalog_products'] loop
    select string_agg(quote_ident(column_name), ', ' order by ordinal_position) into cols
      from information_schema.columns
     where table_schema = 'public' and table_name = t and not public.is_price_column(column_name);
    execute format('revoke select on public.%I from anon, authenticated', t);
    if p_visibility = 'everyone' then
      execute format('grant select on public.%I to anon, authenticated', t);
    else
      execute format('grant select (%s) on public.%I to anon, authenticated', cols, t);
    end if;
  end loop;
end;
$$;
revoke execute on function public.apply_price_visibility(text) from public, anon, authenticated, service_role;

create or replace function public.price_visibility_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.apply_price_visibility(new.price_visibility);
  return null;
end;
$$;
revoke execute on function public.price_visibility_changed() from public, anon, authenticated, service_role;
create trigger shop_settings_price_visibility after update of price_visibility on public.shop_settings
for each row when (old.price_visibility is distinct from new.price_visibility)
execute function public.price_visibility_changed();

select public.apply_price_visibility(coalesce((select price_visibility from public.shop_settings limit 1), 'everyone'));
