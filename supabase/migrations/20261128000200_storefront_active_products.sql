-- Storefront reads of active products only (20261128000100 adds the status; the app's shop queries say
-- `status = 'active'`).
-- - Indexes: the listing's orders (newest, price) and filters (material, new, men's, necklace type, the cross-flags)
--   lead with status, so a shop page is an index range of active rows whatever number of drafts or archived
--   products sits among the newest, and its counts stay index-only. The back office's own reads of every status keep
--   the plain (created_at, id) and (price_from, id) indexes; the material and flag indexes, which only the shop's
--   listings used, are replaced rather than doubled (each index costs every write).
-- - Typo words: only an active product's words join search_words (readable by anyone), so a draft's name cannot be
--   learnt from the shop's 'did you mean'. Words of a product published later join when it is published (an update).

do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format('create index %I on public.%I (status, created_at desc, id desc)', t || '_status_created_idx', t);
    execute format('create index %I on public.%I (status, price_from, id)', t || '_status_price_idx', t);
    execute format('drop index public.%I', t || '_material_created_idx');
    execute format('create index %I on public.%I (status, material, created_at desc, id desc)', t || '_status_material_created_idx', t);
    execute format('drop index public.%I', t || '_material_price_idx');
    execute format('create index %I on public.%I (status, material, price_from, id)', t || '_status_material_price_idx', t);
    execute format('drop index public.%I', t || '_new_idx');
    execute format('create index %I on public.%I (status, created_at desc, id desc) where is_new_arrival', t || '_status_new_idx', t);
    execute format('drop index public.%I', t || '_mens_idx');
    execute format('create index %I on public.%I (status, created_at desc, id desc) where is_mens_jewelry', t || '_status_mens_idx', t);
  end loop;
end;
$$;

drop index public.necklaces_type_idx;
create index necklaces_status_type_idx on public.necklaces (status, necklace_type, created_at desc, id desc);
drop index public.necklaces_is_bracelet_idx;
create index necklaces_status_is_bracelet_idx on public.necklaces (status, created_at desc, id desc) where is_bracelet;
drop index public.bracelets_is_necklace_idx;
create index bracelets_status_is_necklace_idx on public.bracelets (status, created_at desc, id desc) where is_necklace;

create or replace function public.collect_search_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.search_words (word)
  select distinct w
    from new_rows r,
         lateral (select to_jsonb(r) as j) t,
         lateral public.search_words_of(concat_ws(' ', r.name, replace(r.material, '-', ' '), r.stone, r.description,
           t.j->>'necklace_type', t.j->>'earring_type', t.j->>'jewelry_type')) as w
   where r.status = 'active'
  on conflict (word) do nothing;
  return null;
end;
$$;
revoke execute on function public.collect_search_words() from public, anon, authenticated;
