-- Quotes: a buyer's request for a price, its lines as staff change them, and its history.

set local check_function_bodies = off;

create sequence public.quote_reference_seq start 5001;
revoke all on sequence public.quote_reference_seq from public;
grant usage on sequence public.quote_reference_seq to service_role;

create table public.quotes (
  id uuid default gen_random_uuid() not null,
  reference text default ('Q-'::text || nextval('quote_reference_seq'::regclass)) not null,
  user_id uuid,
  name text not null,
  email mail_address not null,
  phone text,
  message text,
  status text default 'requested'::text not null,
  valid_until date,
  shop_message text,
  decline_reason text,
  checkout_id uuid,
  order_id uuid,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  quoted_at timestamptz,
  answered_at timestamptz,
  constraint quotes_pkey primary key (id),
  constraint quotes_checkout_id_key unique (checkout_id),
  constraint quotes_order_id_key unique (order_id),
  constraint quotes_reference_key unique (reference),
  constraint quotes_check check (((status <> ALL (ARRAY['quoted'::text, 'accepted'::text])) OR (valid_until IS NOT NULL))),
  constraint quotes_check1 check (((status <> 'accepted'::text) OR (order_id IS NOT NULL))),
  constraint quotes_decline_reason_check check ((length(decline_reason) <= 1000)),
  constraint quotes_message_check check ((length(message) <= 2000)),
  constraint quotes_name_check check ((length(name) BETWEEN 1 AND 200)),
  constraint quotes_phone_check check ((length(phone) <= 40)),
  constraint quotes_shop_message_check check ((length(shop_message) <= 2000)),
  constraint quotes_status_check check ((status = ANY (ARRAY['requested'::text, 'quoted'::text, 'accepted'::text, 'declined'::text, 'expired'::text]))),
  constraint quotes_checkout_id_fkey foreign key (checkout_id) references checkout_sessions(id) on delete set null,
  constraint quotes_order_id_fkey foreign key (order_id) references orders(id) on delete set null,
  constraint quotes_user_id_fkey foreign key (user_id) references auth.users(id) on delete set null
);
create index quotes_created_idx on public.quotes (created_at desc, id desc);
create index quotes_status_created_idx on public.quotes (status, created_at desc, id desc);
create index quotes_user_idx on public.quotes (user_id, created_at desc) where user_id is not null;
alter table public.quotes enable row level security;
revoke all on table public.quotes from public;
grant select on table public.quotes to authenticated;
grant insert, select, update on table public.quotes to service_role;
grant update (status, valid_until, shop_message, decline_reason, updated_at, quoted_at, answered_at) on table public.quotes to authenticated;
alter table public.checkout_sessions add constraint checkout_sessions_quote_id_fkey foreign key (quote_id) references quotes(id) on delete set null;
alter table public.orders add constraint orders_quote_id_fkey foreign key (quote_id) references quotes(id) on delete set null;

create table public.quote_lines (
  id bigint generated always as identity not null,
  quote_id uuid not null,
  position integer not null,
  product_id uuid not null,
  product_category text not null,
  name text not null,
  sku text,
  specifications jsonb default '{}'::jsonb not null,
  specifications_text text default ''::text not null,
  quantity integer not null,
  unit_price_cents bigint,
  constraint quote_lines_pkey primary key (id),
  constraint quote_lines_quote_id_position_key unique (quote_id, "position"),
  constraint quote_lines_name_check check ((length(name) <= 300)),
  constraint quote_lines_position_check check (("position" BETWEEN 1 AND 500)),
  constraint quote_lines_product_category_check check ((product_category = ANY (ARRAY['rings'::text, 'necklaces'::text, 'bracelets'::text, 'earrings'::text, 'body_jewelry'::text]))),
  constraint quote_lines_quantity_check check ((quantity BETWEEN 1 AND 100000)),
  constraint quote_lines_sku_check check ((length(sku) <= 100)),
  constraint quote_lines_specifications_check check ((jsonb_typeof(specifications) = 'object'::text)),
  constraint quote_lines_specifications_text_check check ((length(specifications_text) <= 500)),
  constraint quote_lines_unit_price_cents_check check ((unit_price_cents BETWEEN 1 AND 99999999)),
  constraint quote_lines_quote_id_fkey foreign key (quote_id) references quotes(id) on delete cascade
);
alter table public.quote_lines enable row level security;
revoke all on table public.quote_lines from public;
grant select, delete on table public.quote_lines to authenticated;
grant insert, select, update on table public.quote_lines to service_role;
grant insert (quote_id, position, product_id, product_category, name, sku, specifications, specifications_text, quantity) on table public.quote_lines to authenticated;
grant update (quantity, unit_price_cents) on table public.quote_lines to authenticated;

-- Every change, as the orders' events: who, when and what.
create table public.quote_events (
  id bigint generated always as identity not null,
  quote_id uuid not null,
  kind text not null,
  actor_id uuid,
  actor_email text,
  detail jsonb default '{}'::jsonb not null,
  created_at timestamptz default now() not null,
  constraint quote_events_pkey primary key (id),
  constraint quote_events_kind_check check ((kind = ANY (ARRAY['requested'::text, 'quoted'::text, 'declined'::text, 'expired'::text, 'checkout'::text, 'accepted'::text, 'lines_changed'::text]))),
  constraint quote_events_actor_id_fkey foreign key (actor_id) references auth.users(id) on delete set null,
  constraint quote_events_quote_id_fkey foreign key (quote_id) references quotes(id) on delete cascade
);
create index quote_events_quote_idx on public.quote_events (quote_id, id);
alter table public.quote_events enable row level security;
revoke all on table public.quote_events from public;
grant select on table public.quote_events to authenticated;
grant insert, select on table public.quote_events to service_role;
grant insert (quote_id, kind, actor_id, actor_email, detail) on table public.quote_events to authenticated;

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
revoke all on function public.quote_lines_locked() from public;

-- Triggers
create trigger quote_lines_locked before insert or delete or update of quantity, product_id, specifications on public.quote_lines
for each row execute function public.quote_lines_locked();
create trigger quotes_touch before update on public.quotes
for each row execute function public.touch_updated_at();

-- Policies
create policy "own or admin quote events" on public.quote_events for select to authenticated
  using (exists (select 1 from public.quotes q where q.id = quote_id and (q.user_id = (select auth.uid()) or (select public.is_admin()))));
create policy "admins write quote events" on public.quote_events for insert to authenticated
  with check ((select public.is_admin()) and actor_id = (select auth.uid()));

create policy "own or admin quote lines" on public.quote_lines for select to authenticated
  using ((( SELECT is_admin() AS is_admin) OR (EXISTS ( SELECT 1
   FROM quotes q
  WHERE ((q.id = quote_lines.quote_id) AND (q.user_id = ANY (( SELECT my_account_user_ids() AS my_account_user_ids)::uuid[])))
 OFFSET 0))));
create policy "admins price quote lines" on public.quote_lines for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins add quote lines" on public.quote_lines for insert to authenticated with check ((select public.is_admin()));
create policy "admins remove quote lines" on public.quote_lines for delete to authenticated using ((select public.is_admin()));

create policy "own or admin quotes" on public.quotes for select to authenticated
  using ((( SELECT is_admin() AS is_admin) OR (user_id = ANY (( SELECT my_account_user_ids() AS my_account_user_ids)::uuid[]))));
create policy "admins answer quotes" on public.quotes for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
