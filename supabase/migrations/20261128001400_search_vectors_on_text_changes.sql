-- The product tables' two search vectors are kept by a trigger that runs when the text they are made of is written,
-- instead of being generated columns. Postgres computes a generated column again on every update of the row, so a
-- bulk price change of 20,000 rings turned every description back into words twice (about 1 s of the 5 s target).
-- The trigger is `before insert or update of` the columns the vectors read: a price, status or flag update does not
-- run it at all. The vectors are the same as the generated expressions of 20261125010000_search_category_words.sql
-- and 20261123050000_search_words.sql; the stored values stay as they are (DROP EXPRESSION keeps them).

create or replace function public.product_search_vector(
  p_sku text, p_name text, p_material text, p_stone text, p_kind text, p_description text
)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  select setweight(to_tsvector('simple'::regconfig, coalesce(p_sku, '')), 'A') ||
         setweight(to_tsvector('english'::regconfig, coalesce(p_name, '')), 'A') ||
         setweight(to_tsvector('english'::regconfig, coalesce(p_material, '') || ' ' || coalesce(p_stone, '')), 'B') ||
         setweight(to_tsvector('english'::regconfig, p_kind), 'B') ||
         setweight(to_tsvector('english'::regconfig, coalesce(p_description, '')), 'C');
$$;

create or replace function public.product_name_vector(p_sku text, p_name text)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  select to_tsvector('simple'::regconfig, coalesce(p_sku, '')) || to_tsvector('english'::regconfig, coalesce(p_name, ''));
$$;

-- Each table's category words and type (what a shopper types for what the product is), as before. With the owner's
-- rights, as the other product triggers, so the two functions above need no grant.
create or replace function public.rings_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone, 'ring band', new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;

create or replace function public.necklaces_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone,
    'necklace ' || coalesce(new.necklace_type, '') || case when new.is_bracelet then ' bracelet' else '' end, new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;

create or replace function public.bracelets_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone,
    'bracelet bangle cuff' || case when new.is_necklace then ' necklace' else '' end, new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;

create or replace function public.earrings_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone,
    'earring ' || coalesce(new.earring_type, ''), new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;

create or replace function public.body_jewelry_search_vectors() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.search_vector := public.product_search_vector(new.sku, new.name, new.material, new.stone,
    'body jewelry piercing ' || coalesce(new.jewelry_type, ''), new.description);
  new.name_vector := public.product_name_vector(new.sku, new.name);
  return new;
end;
$$;

do $$
declare
  t text;
  f text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format('alter table public.%I alter column search_vector drop expression', t);
    execute format('alter table public.%I alter column name_vector drop expression', t);
    execute format('revoke execute on function public.%I() from public, anon, authenticated', t || '_search_vectors');
  end loop;
  foreach f in array array['product_search_vector(text,text,text,text,text,text)', 'product_name_vector(text,text)'] loop
    execute format('revoke execute on function public.%s from public, anon, authenticated, service_role', f);
  end loop;
end;
$$;

create trigger rings_search_vectors before insert or update of sku, name, material, stone, description
  on public.rings for each row execute function public.rings_search_vectors();
create trigger necklaces_search_vectors before insert or update of sku, name, material, stone, description, necklace_type, is_bracelet
  on public.necklaces for each row execute function public.necklaces_search_vectors();
create trigger bracelets_search_vectors before insert or update of sku, name, material, stone, description, is_necklace
  on public.bracelets for each row execute function public.bracelets_search_vectors();
create trigger earrings_search_vectors before insert or update of sku, name, material, stone, description, earring_type
  on public.earrings for each row execute function public.earrings_search_vectors();
create trigger body_jewelry_search_vectors before insert or update of sku, name, material, stone, description, jewelry_type
  on public.body_jewelry for each row execute function public.body_jewelry_search_vectors();
