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
  id bigint generated always as identity primary key,
  category text not null,
  status text not null,
  necklace_type text,
  is_bracelet boolean not null,
  is_necklace boolean not null,
  is_new_arrival boolean not null,
  is_mens_jewelry boolean not null,
  material text,
  -- Changes, so either may be negative on a row; their sums over a combination are not.
  total bigint not null,
  priced bigint not null
);
create index product_counts_category_idx on public.product_counts (category);

alter table public.product_counts enable row level security;
create policy "anyone reads product counts" on public.product_counts for select to anon, authenticated using (true);
grant select on public.product_counts to anon, authenticated;

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
revoke execute on function public.product_count_key(text) from public, anon, authenticated, service_role;

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
revoke execute on function public.count_product_rows() from public, anon, authenticated, service_role;

do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format('create trigger %I after insert on public.%I referencing new table as new_rows
                    for each statement execute function public.count_product_rows()', t || '_product_counts_ins', t);
    execute format('create trigger %I after update on public.%I referencing old table as old_rows new table as new_rows
                    for each statement execute function public.count_product_rows()', t || '_product_counts_upd', t);
    execute format('create trigger %I after delete on public.%I referencing old table as old_rows
                    for each statement execute function public.count_product_rows()', t || '_product_counts_del', t);
    execute format('create trigger %I after truncate on public.%I
                    for each statement execute function public.count_product_rows()', t || '_product_counts_trunc', t);
    execute format($q$
      insert into public.product_counts
        (category, status, necklace_type, is_bracelet, is_necklace, is_new_arrival, is_mens_jewelry, material, total, priced)
      select %s, count(*), count(price_from) from public.%I
       group by 1, 2, 3, 4, 5, 6, 7, 8$q$, public.product_count_key(t), t);
  end loop;
end;
$$;
