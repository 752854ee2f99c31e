-- Row-level security on every table in public. The REST API of a Supabase project is open to anyone holding the
-- anon key, so these policies are the real gate; the app's server code runs its queries under them too.

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.admin_users where user_id = (select auth.uid()));
$$;
revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- Catalog and content: anyone reads, admins write.
do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry', 'product_images', 'page_content'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('create policy "%s are public" on public.%I for select to anon, authenticated using (true)', t, t);
    execute format('create policy "admins insert %s" on public.%I for insert to authenticated with check ((select public.is_admin()))', t, t);
    execute format('create policy "admins update %s" on public.%I for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))', t, t);
    execute format('create policy "admins delete %s" on public.%I for delete to authenticated using ((select public.is_admin()))', t, t);
  end loop;
end;
$$;

-- Profiles: own row; admins may read them for order handling.
alter table public.user_profiles enable row level security;
create policy "read own profile" on public.user_profiles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "create own profile" on public.user_profiles for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "update own profile" on public.user_profiles for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Addresses: own rows only.
alter table public.user_addresses enable row level security;
create policy "read own addresses" on public.user_addresses for select to authenticated
  using (user_id = (select auth.uid()));
create policy "add own addresses" on public.user_addresses for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "edit own addresses" on public.user_addresses for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "delete own addresses" on public.user_addresses for delete to authenticated
  using (user_id = (select auth.uid()));

-- Orders: customers read their own; admins read all and change the status. Nobody but the server's
-- fulfilment (service role) creates orders, items or transactions: a browser cannot invent a paid order.
alter table public.orders enable row level security;
create policy "read own orders" on public.orders for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "admins update orders" on public.orders for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
revoke insert, update, delete on public.orders from anon, authenticated;
grant update (status) on public.orders to authenticated;

alter table public.order_items enable row level security;
create policy "read own order items" on public.order_items for select to authenticated
  using (exists (
    select 1 from public.orders o
    where o.id = order_id and (o.user_id = (select auth.uid()) or (select public.is_admin()))
  ));
revoke insert, update, delete on public.order_items from anon, authenticated;

alter table public.transactions enable row level security;
create policy "read own transactions" on public.transactions for select to authenticated
  using (exists (
    select 1 from public.orders o
    where o.id = order_id and (o.user_id = (select auth.uid()) or (select public.is_admin()))
  ));
revoke insert, update, delete on public.transactions from anon, authenticated;

-- Admin membership: a member can see their own row (that is how the app asks "am I an admin?").
alter table public.admin_users enable row level security;
create policy "read own membership" on public.admin_users for select to authenticated
  using (user_id = (select auth.uid()));
revoke insert, update, delete on public.admin_users from anon, authenticated;
