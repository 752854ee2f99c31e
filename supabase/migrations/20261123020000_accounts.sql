-- The customer account: one default address per type kept by the database itself, tight grants on the account
-- tables, order items that remember what was bought, and an index for a customer's order history pages.

-- Addresses ---------------------------------------------------------------------------------------------------------

-- Saving an address as the default of its type clears the previous default in the same transaction. Writers of one
-- customer's addresses of one type are serialised by a transaction-scoped advisory lock, so two concurrent "set as
-- default" writes both succeed and the later one wins, instead of one failing on user_addresses_one_default_idx.
-- Security invoker: it runs as the writer, under the same RLS policies as the write itself.
create or replace function public.user_addresses_single_default()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('user_addresses:' || new.user_id::text || ':' || new.address_type, 0));
  update public.user_addresses
     set is_default = false
   where user_id = new.user_id
     and address_type = new.address_type
     and is_default
     and id <> new.id;
  return new;
end;
$$;
revoke execute on function public.user_addresses_single_default() from public, anon;
grant execute on function public.user_addresses_single_default() to authenticated, service_role;

create trigger user_addresses_single_default
before insert or update of is_default, address_type on public.user_addresses
for each row when (new.is_default)
execute function public.user_addresses_single_default();

-- Lengths kept by the database too (a direct API write cannot store 10 kB in a city); the checkout's address
-- fields allow 200 characters, the account form less.
alter table public.user_addresses
  add constraint user_addresses_lengths check (
    length(address_line1) <= 200 and coalesce(length(address_line2), 0) <= 200 and length(city) <= 200
    and length(state) <= 200 and length(postal_code) <= 200 and length(country) <= 2
  );
alter table public.user_profiles
  add constraint user_profiles_lengths check (
    coalesce(length(full_name), 0) <= 200 and coalesce(length(phone_number), 0) <= 40
  );

-- Grants: RLS decides which rows; these decide which operations and columns. Nobody anonymous touches account rows,
-- and a customer can never move a row to another user id.
revoke all on public.user_addresses from anon;
revoke all on public.user_addresses from authenticated;
grant select, delete on public.user_addresses to authenticated;
grant insert (user_id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default)
  on public.user_addresses to authenticated;
grant update (address_type, address_line1, address_line2, city, state, postal_code, country, is_default)
  on public.user_addresses to authenticated;

revoke all on public.user_profiles from anon;
revoke all on public.user_profiles from authenticated;
grant select on public.user_profiles to authenticated;
grant insert (user_id, full_name, phone_number) on public.user_profiles to authenticated;
grant update (full_name, phone_number) on public.user_profiles to authenticated;

-- Orders ------------------------------------------------------------------------------------------------------------

-- What was bought, as it was named when it was bought: a product deleted later is still named in the account's
-- reorder message. Filled on insert from the catalog, so the payment fulfilment does not need to know.
alter table public.order_items add column product_name text, add column product_sku text;

create or replace function public.order_items_remember_product()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  select p.name, p.sku into new.product_name, new.product_sku
    from public.catalog_products p
   where p.id = new.product_id
     and (new.product_category is null or p.category = new.product_category)
   limit 1;
  return new;
end;
$$;
revoke execute on function public.order_items_remember_product() from public, anon, authenticated;
grant execute on function public.order_items_remember_product() to service_role;

create trigger order_items_remember_product
before insert on public.order_items
for each row when (new.product_name is null)
execute function public.order_items_remember_product();

update public.order_items i
   set product_name = p.name, product_sku = p.sku
  from public.catalog_products p
 where i.product_name is null
   and p.id = i.product_id
   and (i.product_category is null or p.category = i.product_category);

-- A customer's order history, newest first, paged with a stable tie-break on id.
drop index if exists public.orders_user_created_idx;
create index orders_user_created_idx on public.orders (user_id, created_at desc, id desc) where user_id is not null;
