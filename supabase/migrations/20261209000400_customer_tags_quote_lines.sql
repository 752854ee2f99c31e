-- The fulfilment desk, continued: staff's tags on customers (a filter of the Customers screen), and staff's changes to
-- a quote's lines before it is sent (quantities, new lines by SKU, removed lines).

-- Tags are keyed as the Customers screen keys a buyer (an account's user id, or a guest's 'g-' key), so a guest's tags
-- follow their e-mail as their orders do. One spelling per tag and customer, whatever its case.
create table public.customer_tags (
  customer_key text not null references public.customers (key) on delete cascade,
  tag text not null check (length(tag) between 1 and 32 and tag = btrim(tag)),
  tag_key text generated always as (lower(tag)) stored,
  author_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (customer_key, tag_key)
);
-- The filter: a tag's customers, read from the index, then joined to the screen's sort.
create index customer_tags_tag_idx on public.customer_tags (tag_key, customer_key);

alter table public.customer_tags enable row level security;
grant select, insert (customer_key, tag, author_id), delete on public.customer_tags to authenticated;
-- Staff only: buyers never read their tags.
create policy "admins read customer tags" on public.customer_tags for select to authenticated using ((select public.is_admin()));
create policy "admins tag customers" on public.customer_tags for insert to authenticated
  with check ((select public.is_admin()) and author_id = (select auth.uid()));
create policy "admins untag customers" on public.customer_tags for delete to authenticated using ((select public.is_admin()));

-- Quote lines: staff change quantities, add and remove lines while the quote is a request. Once it has been sent the
-- buyer has seen its lines, so they are locked (the trigger below holds that for every role).
grant insert (quote_id, position, product_id, product_category, name, sku, specifications, specifications_text, quantity),
      update (quantity), delete
   on public.quote_lines to authenticated;
create policy "admins add quote lines" on public.quote_lines for insert to authenticated with check ((select public.is_admin()));
create policy "admins remove quote lines" on public.quote_lines for delete to authenticated using ((select public.is_admin()));

create or replace function public.quote_lines_locked()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A line deleted with its quote finds no quote here.
  if exists (select 1 from public.quotes q where q.id = coalesce(new.quote_id, old.quote_id) and q.status <> 'requested') then
    raise exception 'The lines of a quote that has been sent cannot change' using errcode = 'check_violation';
  end if;
  return coalesce(new, old);
end;
$$;
revoke execute on function public.quote_lines_locked() from public, anon, authenticated, service_role;

create trigger quote_lines_locked before insert or delete or update of quantity, product_id, specifications on public.quote_lines
for each row execute function public.quote_lines_locked();

alter table public.quote_events drop constraint quote_events_kind_check;
alter table public.quote_events add constraint quote_events_kind_check
  check (kind in ('requested', 'quoted', 'declined', 'expired', 'checkout', 'accepted', 'lines_changed'));
