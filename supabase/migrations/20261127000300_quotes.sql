-- Quotes: a buyer asks for a price for a cart or an unpriced product; staff answer with a price per line, a validity
-- date and a message; the buyer accepts and pays through the same checkout records, PaymentIntent and webhook as a
-- cart (lib/quotes/*). One quote can become one order: its checkout record is fixed on the quote the first time it
-- is paid for, and the checkout's order id is fixed on that record, so two tabs, two clicks and a replayed webhook all
-- reach the same order. The buyer's link carries a signed token (lib/quotes/link.ts): nothing secret is stored.

create sequence public.quote_reference_seq start 5001;

create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique default ('Q-' || nextval('public.quote_reference_seq')),
  user_id uuid references auth.users (id) on delete set null,
  name text not null check (length(name) between 1 and 200),
  email public.mail_address not null,
  phone text check (length(phone) <= 40),
  message text check (length(message) <= 2000),
  status text not null default 'requested' check (status in ('requested', 'quoted', 'accepted', 'declined', 'expired')),
  valid_until date,
  shop_message text check (length(shop_message) <= 2000),
  decline_reason text check (length(decline_reason) <= 1000),
  checkout_id uuid unique references public.checkout_sessions (id) on delete set null,
  order_id uuid unique references public.orders (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  quoted_at timestamptz,
  answered_at timestamptz,
  check (status not in ('quoted', 'accepted') or valid_until is not null),
  check (status <> 'accepted' or order_id is not null)
);
create index quotes_created_idx on public.quotes (created_at desc, id desc);
create index quotes_status_created_idx on public.quotes (status, created_at desc, id desc);
create index quotes_user_idx on public.quotes (user_id, created_at desc) where user_id is not null;

create trigger quotes_touch before update on public.quotes
for each row execute function public.touch_updated_at();

create table public.quote_lines (
  id bigint generated always as identity primary key,
  quote_id uuid not null references public.quotes (id) on delete cascade,
  position integer not null check (position between 1 and 500),
  product_id uuid not null,
  product_category text not null check (product_category in ('rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry')),
  name text not null check (length(name) <= 300),
  sku text check (length(sku) <= 100),
  -- The choices as the checkout takes them: stoneType, size, style.
  specifications jsonb not null default '{}' check (jsonb_typeof(specifications) = 'object'),
  specifications_text text not null default '' check (length(specifications_text) <= 500),
  quantity integer not null check (quantity between 1 and 100000),
  -- Set by staff when they answer; cents.
  unit_price_cents bigint check (unit_price_cents between 1 and 99999999),
  unique (quote_id, position)
);

-- Every change, as the orders' events: who, when and what.
create table public.quote_events (
  id bigint generated always as identity primary key,
  quote_id uuid not null references public.quotes (id) on delete cascade,
  kind text not null check (kind in ('requested', 'quoted', 'declined', 'expired', 'checkout', 'accepted')),
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index quote_events_quote_idx on public.quote_events (quote_id, id);

-- Checkout records and orders that came from a quote.
alter table public.checkout_sessions add column quote_id uuid references public.quotes (id) on delete set null;
alter table public.orders add column quote_id uuid references public.quotes (id) on delete set null;
create index orders_quote_idx on public.orders (quote_id) where quote_id is not null;

-- Quote mails go through the outbox as order mails do.
alter table public.mail_outbox add column quote_id uuid references public.quotes (id) on delete cascade;
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('order_confirmation', 'order_notice', 'dispatched', 'refund', 'quote_request', 'quote_sent', 'quote_declined'));
create index mail_outbox_quote_idx on public.mail_outbox (quote_id, id) where quote_id is not null;

-- RLS: a customer reads their own quotes, lines and history; admins read all and answer them. Requests and
-- acceptance are written by the server (the service role) after it has checked who asks: a guest has no session.
alter table public.quotes enable row level security;
alter table public.quote_lines enable row level security;
alter table public.quote_events enable row level security;

create policy "own or admin quotes" on public.quotes for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "admins answer quotes" on public.quotes for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "own or admin quote lines" on public.quote_lines for select to authenticated
  using (exists (select 1 from public.quotes q where q.id = quote_id and (q.user_id = (select auth.uid()) or (select public.is_admin()))));
create policy "admins price quote lines" on public.quote_lines for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "own or admin quote events" on public.quote_events for select to authenticated
  using (exists (select 1 from public.quotes q where q.id = quote_id and (q.user_id = (select auth.uid()) or (select public.is_admin()))));
create policy "admins write quote events" on public.quote_events for insert to authenticated
  with check ((select public.is_admin()) and actor_id = (select auth.uid()));

grant select on public.quotes to authenticated;
grant update (status, valid_until, shop_message, decline_reason, quoted_at, answered_at, updated_at) on public.quotes to authenticated;
grant select on public.quote_lines to authenticated;
grant update (unit_price_cents) on public.quote_lines to authenticated;
grant select on public.quote_events to authenticated;
grant insert (quote_id, kind, actor_id, actor_email, detail) on public.quote_events to authenticated;
grant select, insert, update on public.quotes, public.quote_lines to service_role;
grant select, insert on public.quote_events to service_role;
grant usage on sequence public.quote_reference_seq to service_role;
-- Admins queue quote mails in the same transaction as their answer.
grant insert (quote_id) on public.mail_outbox to authenticated;
