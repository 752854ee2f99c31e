-- Search: category and type words. A shopper types what a product is ("necklace", "hoop", "piercing") more often
-- than what its name says, so each table's search_vector also carries its category's words and the product's type
-- (necklace_type, earring_type, jewelry_type), and the cross-flags (a bracelet worn as a necklace is found as a
-- necklace). They weigh 'B', like material and stone: a name match still ranks first (name_vector is unchanged).
-- The storefront and the back office both search search_vector, so both gain them.

alter table public.rings alter column search_vector set expression as (
  setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, 'ring band'), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
);

alter table public.necklaces alter column search_vector set expression as (
  setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
  setweight(to_tsvector('english'::regconfig,
    'necklace ' || coalesce(necklace_type, '') || case when is_bracelet then ' bracelet' else '' end), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
);

alter table public.bracelets alter column search_vector set expression as (
  setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
  setweight(to_tsvector('english'::regconfig,
    'bracelet bangle cuff' || case when is_necklace then ' necklace' else '' end), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
);

alter table public.earrings alter column search_vector set expression as (
  setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, 'earring ' || coalesce(earring_type, '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
);

alter table public.body_jewelry alter column search_vector set expression as (
  setweight(to_tsvector('simple'::regconfig, coalesce(sku, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(stone, '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, 'body jewelry piercing ' || coalesce(jewelry_type, '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
);

-- The typo lookup knows these words too ("neklace" finds necklaces): the fixed ones now, the types as products
-- are written.
insert into public.search_words (word)
select w from public.search_words_of('ring band necklace pendant chain bracelet bangle cuff earring stud hoop body jewelry piercing') as w
on conflict (word) do nothing;

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
  on conflict (word) do nothing;
  return null;
end;
$$;
revoke execute on function public.collect_search_words() from public, anon, authenticated;

insert into public.search_words (word)
select distinct w
  from (select necklace_type as t from public.necklaces
        union select earring_type from public.earrings
        union select jewelry_type from public.body_jewelry) types,
       lateral public.search_words_of(types.t) as w
on conflict (word) do nothing;
