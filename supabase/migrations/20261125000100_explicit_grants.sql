-- Explicit, minimal privileges for the API roles on everything in public. A new Supabase project grants nothing on
-- new tables, sequences or functions to anon, authenticated or service_role, and older projects lose those default
-- grants too: each role gets here exactly what the app's queries need, and RLS still decides which rows.
-- Everything is revoked first, so a project that had the old blanket grants ends up with the same set as a new one.
-- supabase/grants.ts lists the same matrix; a test and `npm run check:hosted` compare the database with it.

do $$
declare
  r record;
begin
  for r in select c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') loop
    execute format('revoke all on %s public.%I from public, anon, authenticated, service_role',
                   case when r.relkind = 'S' then 'sequence' else 'table' end, r.relname);
  end loop;
  -- Supabase advises that no function be callable by everyone: PostgREST exposes every one as an RPC.
  for r in select p.oid::regprocedure as sig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.prokind = 'f' loop
    execute format('revoke all on function %s from public, anon, authenticated, service_role', r.sig);
  end loop;
end;
$$;

grant usage on schema public to anon, authenticated, service_role;

-- Catalog and content: everyone reads; admins write (RLS: is_admin()). The service role reads the catalog for order
-- confirmation and for the item names the order_items trigger copies.
grant select on public.rings, public.necklaces, public.bracelets, public.earrings, public.body_jewelry,
  public.product_images, public.catalog_products to anon, authenticated, service_role;
grant select on public.page_content, public.search_words to anon, authenticated;
grant insert, update, delete on public.rings, public.necklaces, public.bracelets, public.earrings,
  public.body_jewelry, public.product_images, public.page_content to authenticated;

-- The account's own rows; a customer can never move a row to another user id.
grant select, delete on public.user_addresses to authenticated;
grant insert (user_id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default)
  on public.user_addresses to authenticated;
grant update (address_type, address_line1, address_line2, city, state, postal_code, country, is_default)
  on public.user_addresses to authenticated;
grant select on public.user_profiles to authenticated;
grant insert (user_id, full_name, phone_number) on public.user_profiles to authenticated;
grant update (full_name, phone_number) on public.user_profiles to authenticated;
grant select on public.admin_users to authenticated;

-- Orders: customers read their own, admins read all, change the status and record refunds.
grant select on public.orders, public.order_items, public.transactions, public.order_events, public.product_sales
  to authenticated;
grant update (status) on public.orders to authenticated;
grant insert (order_id, provider, provider_transaction_id, amount, status, payment_method, kind, idempotency_key, created_by)
  on public.transactions to authenticated;

-- Service paths: checkout records, payment fulfilment, refunds from Stripe, confirmation page, maintenance.
grant select, insert, update on public.checkout_sessions, public.orders, public.transactions to service_role;
grant select, insert on public.order_items to service_role;
grant usage on sequence public.order_reference_seq to service_role;

-- Functions. Trigger functions need no grant (EXECUTE is checked when the trigger is created, not when it fires).
grant execute on function public.is_admin() to anon, authenticated, service_role;
grant execute on function public.rate_limit_hit(text[], integer[], integer[]) to service_role;
grant execute on function public.purge_rate_limits() to service_role;
grant execute on function public.expire_abandoned_checkouts(interval, integer) to service_role;
grant execute on function public.revalidate_cache_tags(text[], text) to service_role;
