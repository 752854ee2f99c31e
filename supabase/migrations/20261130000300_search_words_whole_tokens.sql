-- Search: the vocabulary holds whole words only. search_words took every run of letters, so 'gold' came out of a
-- name's 'gold14k' too. But full-text search keeps 'gold14k' as one word, and a known word with another typed after
-- it is now matched whole (lib/catalog/search-query.ts): a run of letters that is no word of its own would match
-- nothing. The words are now the text parser's own words of letters (a hyphenated word's parts included), and the
-- vocabulary is collected again from the active products.

create or replace function public.search_words_of(p_text text)
returns setof text
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Token types of the default parser: 1 asciiword, 2 word, 10 hword_part, 11 hword_asciipart.
  select distinct lower(t.token)
    from pg_catalog.ts_parse('default', coalesce(p_text, '')) as t(tokid, token)
   where t.tokid in (1, 2, 10, 11) and length(t.token) between 3 and 40;
$$;

delete from public.search_words;

insert into public.search_words (word)
select w from public.search_words_of('ring band necklace pendant chain bracelet bangle cuff earring stud hoop body jewelry piercing') as w
union
select w from public.rings r,
       lateral public.search_words_of(concat_ws(' ', r.name, replace(r.material, '-', ' '), r.stone, r.description)) as w
 where r.status = 'active'
union
select w from public.necklaces r,
       lateral public.search_words_of(concat_ws(' ', r.name, replace(r.material, '-', ' '), r.stone, r.description, r.necklace_type)) as w
 where r.status = 'active'
union
select w from public.bracelets r,
       lateral public.search_words_of(concat_ws(' ', r.name, replace(r.material, '-', ' '), r.stone, r.description)) as w
 where r.status = 'active'
union
select w from public.earrings r,
       lateral public.search_words_of(concat_ws(' ', r.name, replace(r.material, '-', ' '), r.stone, r.description, r.earring_type)) as w
 where r.status = 'active'
union
select w from public.body_jewelry r,
       lateral public.search_words_of(concat_ws(' ', r.name, replace(r.material, '-', ' '), r.stone, r.description, r.jewelry_type)) as w
 where r.status = 'active';
