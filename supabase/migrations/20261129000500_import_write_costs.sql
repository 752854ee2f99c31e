-- What a catalog import's batch of 500 rows cost the database's triggers at a million products, made cheaper.
--
-- 1. Each product's image_url follows its primary image (refresh_product_image_urls, 20261101000100_catalog.sql).
--    The trigger is per statement, so it updated all five product tables even for a statement that touched no image
--    of theirs, or none at all: the import's 'no image changed' update cost 50 ms per batch. Now each product table is
--    updated only when the statement touched one of its products' images.
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

-- 2. New active products' words join search_words (20261128000200_storefront_active_products.sql). The type column
--    (necklace_type, earring_type or jewelry_type) was read through to_jsonb of each whole row, search vectors
--    included: 70 of the trigger's 100 ms per batch. It is now named from the catalog, as collect_changed_search_words
--    (20261128001000_product_change_triggers_by_column.sql) already does for updates.
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
      from new_rows r,
           lateral public.search_words_of(concat_ws(' ', r.name, replace(r.material, '-', ' '), r.stone, r.description, %s)) as w
     where r.status = 'active'
    on conflict (word) do nothing$q$,
    case when v_type is null then 'null' else format('r.%I', v_type) end);
  return null;
end;
$$;
