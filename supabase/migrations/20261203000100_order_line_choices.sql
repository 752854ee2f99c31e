-- An order line's choices as data: the stone (choice and name), the size or length, the style, the material and the
-- price rule that applied (a volume break's percent, or the quote it was bought from), beside the text summary the
-- pages showed until now. Reorder, the account and the back office read these, never the text
-- (lib/purchase/line-choices.ts).
alter table public.order_items
  add column choices jsonb not null default '{}' check (jsonb_typeof(choices) = 'object');

-- The cart's text ('Stone: Ruby, Necklace Length: 18", Material: Rose Gold, Style: Necklace, Volume −5%', or with
-- 'Quote Q-5007' last) read back into choices, for the lines written before the column. Kept as a function so the
-- reading is tested (tests/integration/order-line-choices.test.ts); the stone choice itself is not in the text, so
-- reorder finds it by the stone's name.
create or replace function public.order_line_choices_from_text(spec text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  -- Split before each label, so a stone name holding ', ' stays whole.
  with parts as (
    select part
      from regexp_split_to_table(coalesce(spec, ''),
             ', (?=(?:Stone|Bracelet Size|Necklace Length|Size|Material|Style): |Volume −[0-9]|Quote )') as part
  )
  select jsonb_strip_nulls(jsonb_build_object(
    'stoneName', max(substring(part from 8)) filter (where part like 'Stone: %'),
    'size', max(rtrim(substring(part from position(': ' in part) + 2), '"'))
              filter (where part ~ '^(Bracelet Size|Necklace Length|Size): [0-9.]+"?$'),
    'style', coalesce(
              max(lower(substring(part from 8))) filter (where part in ('Style: Necklace', 'Style: Bracelet')),
              max(case when part like 'Bracelet Size: %' then 'bracelet' when part like 'Necklace Length: %' then 'necklace' end)),
    'material', max(lower(replace(substring(part from 11), ' ', '-'))) filter (where part like 'Material: %'),
    'percentOff', max(substring(part from '^Volume −([0-9]+(?:\.[0-9]+)?)%$')::numeric),
    'quoteReference', max(substring(part from 7)) filter (where part like 'Quote %')
  ))
  from parts
$$;

update public.order_items
   set choices = public.order_line_choices_from_text(specifications)
 where choices = '{}' and coalesce(specifications, '') <> '';

-- Used by this migration alone: no API role calls it.
revoke execute on function public.order_line_choices_from_text(text) from public, anon, authenticated, service_role;
