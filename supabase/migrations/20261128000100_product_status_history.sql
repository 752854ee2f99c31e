-- Back office foundations: every product has a status (draft, active or archived) and a last-updated time, and every
-- change to a product is written to its history.
-- - Status: only active products reach shoppers. Every storefront query says `status = 'active'` (lib/catalog/status.ts).
--   The tables' read policy stays `true`: with any condition in it, Postgres may no longer use an index for a query's
--   own conditions that are not leakproof (full-text `@@`, `lower(sku)`), and search and SKU lookups became table
--   scans (the admin search went from milliseconds to 280 ms at 100,000 products). The column default is 'active'
--   because the seed, the CSV import (whose default is active, so an export round-trips) and older clients write
--   products without it; the admin's new-product form sends 'draft' itself.
-- - History: written by triggers in the same transaction as the change, whoever makes it (the modal, a bulk action,
--   an import), as order_events are. The app names the action that caused a change with
--   `set local app.product_change = '…'` (a bulk action's label); the seed turns history off with
--   `set local app.product_history = 'off'`.

do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format($f$alter table public.%I
      add column status text not null default 'active' check (status in ('draft', 'active', 'archived')),
      add column updated_at timestamptz not null default now()$f$, t);
    execute format('update public.%I set updated_at = created_at', t);
    execute format('create trigger %I before update on public.%I for each row execute function public.touch_updated_at()',
                   t || '_touch', t);
  end loop;
end;
$$;

create table public.product_events (
  id bigint generated always as identity primary key,
  product_id uuid not null, -- no foreign key: a deleted product keeps its history
  category text not null check (category in ('rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry')),
  kind text not null check (kind in ('created', 'updated', 'deleted')),
  -- What changed: { column: [before, after] } for updates; the product's name and SKU for creation and deletion.
  changes jsonb not null default '{}',
  note text, -- the action that caused it, when the app names one ('Bulk: prices +5%', 'CSV import')
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text,
  created_at timestamptz not null default clock_timestamp()
);
create index product_events_product_idx on public.product_events (product_id, id desc);

alter table public.product_events enable row level security;
create policy "admins read product history" on public.product_events for select to authenticated
  using ((select public.is_admin()));
grant select on public.product_events to authenticated;

create or replace function public.record_product_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  diff jsonb;
begin
  if coalesce(current_setting('app.product_history', true), '') = 'off' then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    -- Derived and bookkeeping columns are left out: they follow from the columns that are shown.
    select coalesce(jsonb_object_agg(n.key, jsonb_build_array(o.value, n.value)), '{}')
      into diff
      from jsonb_each(to_jsonb(new)) n
      join jsonb_each(to_jsonb(old)) o using (key)
     where n.value is distinct from o.value
       and n.key not in ('updated_at', 'search_vector', 'name_vector', 'price_from');
    if diff = '{}' then
      return null;
    end if;
    insert into public.product_events (product_id, category, kind, changes, note, actor_id, actor_email)
    values (new.id, tg_table_name, 'updated', diff, nullif(current_setting('app.product_change', true), ''),
            auth.uid(), auth.email());
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.product_events (product_id, category, kind, changes, note, actor_id, actor_email)
    values (new.id, tg_table_name, 'created', jsonb_build_object('name', new.name, 'sku', new.sku, 'status', new.status),
            nullif(current_setting('app.product_change', true), ''), auth.uid(), auth.email());
  else
    insert into public.product_events (product_id, category, kind, changes, note, actor_id, actor_email)
    values (old.id, tg_table_name, 'deleted', jsonb_build_object('name', old.name, 'sku', old.sku, 'status', old.status),
            nullif(current_setting('app.product_change', true), ''), auth.uid(), auth.email());
  end if;
  return null;
end;
$$;
revoke execute on function public.record_product_change() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format('create trigger %I after insert or update or delete on public.%I for each row execute function public.record_product_change()',
                   t || '_history', t);
  end loop;
end;
$$;

-- Appended as the view's last columns (create or replace view may only add columns at the end).
create or replace view public.catalog_products with (security_invoker = true) as
  select id, 'rings'::text as category, name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null::text as necklace_type, is_adjustable, false as is_bracelet, false as is_necklace,
         null::text as product_type,
         case when price_stone1 > 0 then price_stone1 end as default_price
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), '') as stone_name, name_vector, pack_size, price_breaks
      , status, updated_at
    from public.rings
  union all
  select id, 'necklaces', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         necklace_type, is_adjustable, is_bracelet, false, necklace_type,
         case when is_adjustable then case when n_price_16_stone1 > 0 then n_price_16_stone1 end else case when n_price_18_stone1 > 0 then n_price_18_stone1 end end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
      , status, updated_at
    from public.necklaces
  union all
  select id, 'bracelets', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, is_adjustable, false, is_necklace, null,
         case when b_price_7_stone1 > 0 then b_price_7_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
      , status, updated_at
    from public.bracelets
  union all
  select id, 'earrings', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, earring_type,
         case when price_stone1 > 0 then price_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
      , status, updated_at
    from public.earrings
  union all
  select id, 'body_jewelry', name, sku, description, material, stone, stone_details, weight, moq,
         is_new_arrival, is_mens_jewelry, created_at, image_url, price_from, search_vector,
         null, false, false, false, jewelry_type,
         case when price_stone1 > 0 then price_stone1 end
      , nullif(btrim(coalesce(stone_details->>'Stone1', stone)), ''), name_vector, pack_size, price_breaks
      , status, updated_at
    from public.body_jewelry;
