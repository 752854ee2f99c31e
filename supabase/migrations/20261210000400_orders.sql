-- Orders: checkout sessions, orders and their lines, payments and refunds, shipments, staff notes, and the
-- counters the dashboard and the orders screen read instead of scanning every order.

set local check_function_bodies = off;

create sequence public.order_reference_seq start 100001;
revoke all on sequence public.order_reference_seq from public;
grant usage on sequence public.order_reference_seq to service_role;

-- Checkout records: what the server priced and charged, written before the PaymentIntent exists, so that payment
-- fulfilment writes the order from server data only. The order id is fixed here up front: orders.id (primary key)
-- and transactions (provider, provider_transaction_id) then make one PaymentIntent give exactly one order.
create table public.checkout_sessions (
  id uuid default gen_random_uuid() not null,
  order_id uuid default gen_random_uuid() not null,
  user_id uuid,
  lines jsonb not null,
  amount bigint not null,
  currency text default 'usd'::text not null,
  payment_intent_id text,
  shipping_address jsonb,
  billing_address jsonb,
  status text default 'open'::text not null,
  last_payment_error text,
  payment_failures integer default 0 not null,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  completed_at timestamptz,
  expired_at timestamptz,
  intent_canceled_at timestamptz,
  cancel_claimed_at timestamptz,
  refund_id text,
  refund_reason text,
  refunded_at timestamptz,
  email mail_address,
  quote_id uuid,
  purchase_order text,
  company_name text,
  goods_cents bigint,
  shipping_method_id uuid,
  shipping_method text,
  shipping_cents bigint default 0 not null,
  tax_cents bigint default 0 not null,
  tax_calculation_id text,
  tax_breakdown jsonb default '[]'::jsonb not null,
  tax_exempt_reason text,
  priced_for jsonb,
  constraint checkout_sessions_pkey primary key (id),
  constraint checkout_sessions_order_id_key unique (order_id),
  constraint checkout_sessions_payment_intent_id_key unique (payment_intent_id),
  constraint checkout_sessions_amount_check check ((amount > 0)),
  constraint checkout_sessions_company_name_check check (((length(company_name) BETWEEN 1 AND 120) AND (company_name !~ '[\x01-\x1f\x7f-\x9f]'::text))),
  constraint checkout_sessions_currency_check check ((currency ~ '^[a-z]{3}$'::text)),
  constraint checkout_sessions_goods_cents_check check ((goods_cents >= 0)),
  constraint checkout_sessions_lines_check check (((jsonb_typeof(lines) = 'array'::text) AND (jsonb_array_length(lines) > 0))),
  constraint checkout_sessions_purchase_order_check check (((length(purchase_order) BETWEEN 1 AND 40) AND (purchase_order !~ '[\x01-\x1f\x7f-\x9f]'::text))),
  constraint checkout_sessions_shipping_cents_check check ((shipping_cents >= 0)),
  constraint checkout_sessions_status_check check ((status = ANY (ARRAY['open'::text, 'completed'::text, 'amount_mismatch'::text, 'expired'::text]))),
  constraint checkout_sessions_tax_breakdown_check check ((jsonb_typeof(tax_breakdown) = 'array'::text)),
  constraint checkout_sessions_tax_cents_check check ((tax_cents >= 0)),
  constraint checkout_sessions_user_id_fkey foreign key (user_id) references auth.users(id) on delete set null
);
create index checkout_sessions_open_created_idx on public.checkout_sessions (created_at) where status = 'open';
create index checkout_sessions_to_cancel_idx on public.checkout_sessions (expired_at)
  where status = 'expired' and intent_canceled_at is null and payment_intent_id is not null;
create index checkout_sessions_user_idx on public.checkout_sessions (user_id, created_at desc) where user_id is not null;
alter table public.checkout_sessions enable row level security;
revoke all on table public.checkout_sessions from public;
grant insert, select, update on table public.checkout_sessions to service_role;

create table public.orders (
  id uuid default gen_random_uuid() not null,
  user_id uuid,
  order_reference text,
  customer_name text,
  customer_phone text,
  status text default 'pending'::text not null,
  total_amount bigint not null,
  shipping_address jsonb,
  billing_address jsonb,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  customer_email mail_address,
  carrier text,
  tracking_number text,
  dispatched_at timestamptz,
  quote_id uuid,
  guest_email text generated always as ( CASE WHEN (user_id IS NULL) THEN lower((customer_email)::text) ELSE NULL::text END) stored,
  purchase_order text,
  company_name text,
  goods_cents bigint,
  shipping_method text,
  shipping_cents bigint default 0 not null,
  tax_cents bigint default 0 not null,
  tax_breakdown jsonb default '[]'::jsonb not null,
  tax_exempt_reason text,
  tax_calculation_id text,
  tax_transaction_id text,
  constraint orders_pkey primary key (id),
  constraint orders_order_reference_key unique (order_reference),
  constraint orders_carrier_check check ((length(carrier) BETWEEN 1 AND 60)),
  constraint orders_company_name_check check (((length(company_name) BETWEEN 1 AND 120) AND (company_name !~ '[\x01-\x1f\x7f-\x9f]'::text))),
  constraint orders_goods_cents_check check ((goods_cents >= 0)),
  constraint orders_purchase_order_check check (((length(purchase_order) BETWEEN 1 AND 40) AND (purchase_order !~ '[\x01-\x1f\x7f-\x9f]'::text))),
  constraint orders_shipping_cents_check check ((shipping_cents >= 0)),
  constraint orders_status_check check ((status = ANY (ARRAY['pending'::text, 'processing'::text, 'dispatched'::text, 'completed'::text, 'cancelled'::text, 'refunded'::text]))),
  constraint orders_tax_breakdown_check check ((jsonb_typeof(tax_breakdown) = 'array'::text)),
  constraint orders_tax_cents_check check ((tax_cents >= 0)),
  constraint orders_total_amount_check check ((total_amount >= 0)),
  constraint orders_tracking_number_check check (((length(tracking_number) BETWEEN 1 AND 100) AND (tracking_number !~ '[\r\n]'::text))),
  constraint orders_user_id_fkey foreign key (user_id) references auth.users(id) on delete set null
);
-- The dashboard reads a period's orders from this index alone (user_id is there for the RLS check). Items and
-- payments are written in the same transaction as their order, so their created_at is the order's and they are read
-- by the same bounds (order_items_created_figures_idx).
create index orders_created_figures_idx on public.orders (created_at, id) include (status, total_amount, user_id);
create index orders_created_idx on public.orders (created_at desc, id desc);
create index orders_guest_email_idx on public.orders (guest_email, created_at, id) where guest_email is not null;
-- The header search finds an order by its PO number typed in full or by its start, case-insensitively. "C" order
-- lets a range on the lower-cased text read the index whatever the database's collation.
create index orders_purchase_order_idx on public.orders ((lower(purchase_order) collate "C"))
  where purchase_order is not null;
create index orders_quote_idx on public.orders (quote_id) where quote_id is not null;
create index orders_search_idx on public.orders using gin (lower(((((COALESCE(order_reference, ''::text) || ' '::text) || COALESCE((customer_email)::text, ''::text)) || ' '::text) || COALESCE(customer_name, ''::text))) extensions.gin_trgm_ops);
alter index public.orders_search_idx alter column 1 set statistics 1000;
create index orders_status_created_idx on public.orders (status, created_at desc, id desc);
-- The orders screen pages through these without visiting the table (a deep OFFSET skips index entries only).
create index orders_status_created_list_idx on public.orders (status, created_at, id) include (user_id);
create index orders_tax_unrecorded_idx on public.orders (created_at)
  where tax_calculation_id is not null and tax_transaction_id is null;
create index orders_unpaid_idx on public.orders (id) include (user_id) where status in ('cancelled', 'refunded');
create index orders_user_created_idx on public.orders (user_id, created_at desc, id desc) where user_id is not null;
alter table public.orders enable row level security;
revoke all on table public.orders from public;
grant select on table public.orders to authenticated;
grant insert, select, update on table public.orders to service_role;
grant update (status, carrier, tracking_number, dispatched_at) on table public.orders to authenticated;

create table public.order_items (
  id uuid default gen_random_uuid() not null,
  order_id uuid not null,
  product_id uuid not null,
  product_category text,
  quantity integer not null,
  unit_price bigint not null,
  specifications text,
  created_at timestamptz default now() not null,
  product_name text,
  product_sku text,
  counts_as_sale boolean default true not null,
  choices jsonb default '{}'::jsonb not null,
  lead_time_kind text,
  lead_time_min smallint,
  lead_time_max smallint,
  constraint order_items_pkey primary key (id),
  constraint order_items_choices_check check ((jsonb_typeof(choices) = 'object'::text)),
  constraint order_items_lead_time_valid check ((((lead_time_kind IS NULL) AND (lead_time_min IS NULL) AND (lead_time_max IS NULL)) OR ((lead_time_kind = 'in_stock'::text) AND (lead_time_min BETWEEN 1 AND 30) AND (lead_time_max = lead_time_min)) OR ((lead_time_kind = 'made_to_order'::text) AND (lead_time_min BETWEEN 1 AND 52) AND (lead_time_max BETWEEN lead_time_min AND 52)))),
  constraint order_items_product_category_check check ((product_category = ANY (ARRAY['rings'::text, 'necklaces'::text, 'bracelets'::text, 'earrings'::text, 'body_jewelry'::text]))),
  constraint order_items_quantity_check check ((quantity > 0)),
  constraint order_items_unit_price_check check ((unit_price >= 0)),
  constraint order_items_order_id_fkey foreign key (order_id) references orders(id) on delete cascade
);
create index order_items_created_figures_idx on public.order_items (created_at)
  include (order_id, product_id, quantity, unit_price);
create index order_items_order_idx on public.order_items (order_id);
create index order_items_product_idx on public.order_items (product_id);
-- order_id too: the items' row-level policy reads it.
create index order_items_sales_created_idx on public.order_items (created_at) include (product_id, quantity, unit_price, order_id)
  where counts_as_sale;
alter table public.order_items enable row level security;
revoke all on table public.order_items from public;
grant select on table public.order_items to authenticated;
grant insert, select on table public.order_items to service_role;

create table public.transactions (
  id uuid default gen_random_uuid() not null,
  order_id uuid not null,
  provider text not null,
  provider_transaction_id text not null,
  amount bigint not null,
  status text not null,
  payment_method text,
  created_at timestamptz default now() not null,
  kind text default 'payment'::text not null,
  idempotency_key text,
  created_by uuid,
  tax_cents bigint,
  tax_reversal_id text,
  refund_reason text,
  refund_note text,
  constraint transactions_pkey primary key (id),
  constraint transactions_provider_payment_key unique (provider, provider_transaction_id),
  constraint transactions_amount_check check ((amount >= 0)),
  constraint transactions_idempotency_key_check check ((length(idempotency_key) BETWEEN 8 AND 100)),
  constraint transactions_kind_check check ((kind = ANY (ARRAY['payment'::text, 'refund'::text]))),
  constraint transactions_reason_of_refunds check (((kind = 'refund'::text) OR ((refund_reason IS NULL) AND (refund_note IS NULL)))),
  constraint transactions_refund_note_check check ((length(btrim(refund_note)) BETWEEN 1 AND 500)),
  constraint transactions_refund_reason_check check ((refund_reason = ANY (ARRAY['damaged'::text, 'wrong_item'::text, 'not_as_described'::text, 'returned'::text, 'goodwill'::text, 'other'::text]))),
  constraint transactions_tax_cents_check check ((tax_cents >= 0)),
  constraint transactions_created_by_fkey foreign key (created_by) references auth.users(id) on delete set null,
  constraint transactions_order_id_fkey foreign key (order_id) references orders(id) on delete cascade
);
create unique index transactions_idempotency_key_idx on public.transactions (idempotency_key)
  where idempotency_key is not null;
create index transactions_order_idx on public.transactions (order_id);
create index transactions_payments_created_idx on public.transactions (created_at) include (payment_method, amount, order_id)
  where kind = 'payment' and status = 'completed';
create index transactions_refunds_idx on public.transactions (order_id) where kind = 'refund';
alter table public.transactions enable row level security;
revoke all on table public.transactions from public;
grant select on table public.transactions to authenticated;
grant insert, select, update on table public.transactions to service_role;
grant insert (order_id, provider, provider_transaction_id, amount, status, payment_method, kind, idempotency_key, created_by, tax_cents, refund_reason, refund_note) on table public.transactions to authenticated;

-- One row per line credited (its quantity and goods amount, tax apart on the transaction), and one for the shipping.
create table public.refund_lines (
  id bigint generated always as identity not null,
  refund_id uuid not null,
  order_id uuid not null,
  kind text not null,
  order_item_id uuid,
  quantity integer,
  amount_cents bigint not null,
  constraint refund_lines_pkey primary key (id),
  constraint refund_lines_amount_cents_check check ((amount_cents > 0)),
  constraint refund_lines_item_has_quantity check (((kind = 'item'::text) = ((order_item_id IS NOT NULL) AND (quantity IS NOT NULL)))),
  constraint refund_lines_kind_check check ((kind = ANY (ARRAY['item'::text, 'shipping'::text]))),
  constraint refund_lines_quantity_check check ((quantity > 0)),
  constraint refund_lines_order_id_fkey foreign key (order_id) references orders(id) on delete cascade,
  constraint refund_lines_order_item_id_fkey foreign key (order_item_id) references order_items(id) on delete cascade,
  constraint refund_lines_refund_id_fkey foreign key (refund_id) references transactions(id) on delete cascade
);
create unique index refund_lines_item_key on public.refund_lines (refund_id, order_item_id) where kind = 'item';
create index refund_lines_order_idx on public.refund_lines (order_id);
create unique index refund_lines_shipping_key on public.refund_lines (refund_id) where kind = 'shipping';
alter table public.refund_lines enable row level security;
revoke all on table public.refund_lines from public;
grant select on table public.refund_lines to authenticated, service_role;
grant insert (refund_id, order_id, kind, order_item_id, quantity, amount_cents) on table public.refund_lines to authenticated;

-- Who changed what, and when: written by triggers in the same transaction as the change itself, whoever makes it
-- (an admin under RLS, or the webhook as the service role, whose rows have no actor).
create table public.order_events (
  id bigint generated always as identity not null,
  order_id uuid not null,
  kind text not null,
  from_status text,
  to_status text,
  amount bigint,
  reference text,
  actor_id uuid,
  actor_email text,
  created_at timestamptz default clock_timestamp() not null,
  constraint order_events_pkey primary key (id),
  constraint order_events_amount_check check ((amount > 0)),
  constraint order_events_kind_check check ((kind = ANY (ARRAY['status'::text, 'refund'::text]))),
  constraint order_events_actor_id_fkey foreign key (actor_id) references auth.users(id) on delete set null,
  constraint order_events_order_id_fkey foreign key (order_id) references orders(id) on delete cascade
);
revoke all on sequence public.order_events_id_seq from public;
create index order_events_order_idx on public.order_events (order_id, id);
alter table public.order_events enable row level security;
revoke all on table public.order_events from public;
grant select on table public.order_events to authenticated;

-- Partial shipments (ARCHITECTURE.md, "Where each feature lives": dispatch with carrier and tracking). Staff ship
-- chosen lines and quantities of an order, each parcel with its own carrier and tracking number; the order becomes
-- dispatched when its last line ships. The whole-order dispatch (the status control) is one shipment of everything
-- still to ship, so an order's shipments always say what left the building.
create table public.shipments (
  id bigint generated always as identity not null,
  order_id uuid not null,
  carrier text,
  tracking_number text,
  created_by uuid,
  created_at timestamptz default now() not null,
  constraint shipments_pkey primary key (id),
  constraint shipments_carrier_check check (((length(carrier) BETWEEN 1 AND 60) AND (carrier !~ '[\r\n]'::text))),
  constraint shipments_tracking_number_check check (((length(tracking_number) BETWEEN 1 AND 100) AND (tracking_number !~ '[\r\n]'::text))),
  constraint shipments_created_by_fkey foreign key (created_by) references auth.users(id) on delete set null,
  constraint shipments_order_id_fkey foreign key (order_id) references orders(id) on delete cascade
);
create index shipments_order_idx on public.shipments (order_id, id);
alter table public.shipments enable row level security;
revoke all on table public.shipments from public;
grant select on table public.shipments to authenticated, service_role;
grant insert (order_id, carrier, tracking_number, created_by) on table public.shipments to authenticated;
grant update (carrier, tracking_number) on table public.shipments to authenticated;

create table public.shipment_lines (
  shipment_id bigint not null,
  order_item_id uuid not null,
  quantity integer not null,
  constraint shipment_lines_pkey primary key (shipment_id, order_item_id),
  constraint shipment_lines_quantity_check check ((quantity > 0)),
  constraint shipment_lines_order_item_id_fkey foreign key (order_item_id) references order_items(id) on delete cascade,
  constraint shipment_lines_shipment_id_fkey foreign key (shipment_id) references shipments(id) on delete cascade
);
-- What an item has shipped so far (the over-ship check, "still to ship").
create index shipment_lines_item_idx on public.shipment_lines (order_item_id) include (quantity);
alter table public.shipment_lines enable row level security;
revoke all on table public.shipment_lines from public;
grant select on table public.shipment_lines to authenticated, service_role;
grant insert (shipment_id, order_item_id, quantity) on table public.shipment_lines to authenticated;

-- A zone is a country ('US', 'CA') or a US state ('US-IL'). A band starts at an order value in cents ('value') or
-- a parcel weight in grams ('weight'); the band with the largest start at or below the order's figure applies.
create table public.shipping_methods (
  id uuid default gen_random_uuid() not null,
  name text not null,
  zones text[] not null,
  basis text default 'value'::text not null,
  bands jsonb not null,
  free_over_cents bigint,
  handling_cents bigint default 0 not null,
  position integer default 0 not null,
  active boolean default true not null,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  constraint shipping_methods_pkey primary key (id),
  constraint shipping_methods_bands_check check (((jsonb_typeof(bands) = 'array'::text) AND (jsonb_array_length(bands) BETWEEN 1 AND 20))),
  constraint shipping_methods_basis_check check ((basis = ANY (ARRAY['value'::text, 'weight'::text]))),
  constraint shipping_methods_free_over_cents_check check ((free_over_cents > 0)),
  constraint shipping_methods_handling_cents_check check ((handling_cents BETWEEN 0 AND 100000000)),
  constraint shipping_methods_name_check check (((length(btrim(name)) BETWEEN 1 AND 80) AND (name !~ '[\x01-\x1f\x7f-\x9f]'::text))),
  constraint shipping_methods_zones_check check (((cardinality(zones) BETWEEN 1 AND 300) AND (array_to_string(zones, ','::text) ~ '^[A-Z]{2}(-[A-Z0-9]{1,3})?(,[A-Z]{2}(-[A-Z0-9]{1,3})?)*$'::text)))
);
create index shipping_methods_position_idx on public.shipping_methods (position, created_at) where active;
alter table public.shipping_methods enable row level security;
revoke all on table public.shipping_methods from public;
grant select on table public.shipping_methods to anon, service_role;
grant insert, select, update, delete on table public.shipping_methods to authenticated;

-- The fulfilment desk (ARCHITECTURE.md, "Where each feature lives"): staff's own notes on orders and customers, with
-- author and time, never shown to buyers; and the buyer's acknowledgement mail of a quote request.
create table public.staff_notes (
  id bigint generated always as identity not null,
  order_id uuid,
  customer_key text,
  body text not null,
  author_id uuid,
  author_email text,
  created_at timestamptz default now() not null,
  constraint staff_notes_pkey primary key (id),
  constraint staff_notes_body_check check ((length(btrim(body)) BETWEEN 1 AND 2000)),
  constraint staff_notes_one_subject check (((order_id IS NULL) <> (customer_key IS NULL))),
  constraint staff_notes_author_id_fkey foreign key (author_id) references auth.users(id) on delete set null,
  constraint staff_notes_customer_key_fkey foreign key (customer_key) references customers(key) on delete cascade,
  constraint staff_notes_order_id_fkey foreign key (order_id) references orders(id) on delete cascade
);
create index staff_notes_customer_idx on public.staff_notes (customer_key, id) where customer_key is not null;
create index staff_notes_order_idx on public.staff_notes (order_id, id) where order_id is not null;
alter table public.staff_notes enable row level security;
revoke all on table public.staff_notes from public;
grant select on table public.staff_notes to authenticated;
grant insert (order_id, customer_key, body, author_id, author_email) on table public.staff_notes to authenticated;

-- The orders screen's count ('of N', per status filter) from counters, not from counting the orders, as
-- public.product_counts does for the catalog: the orders table's statement triggers add each statement's changes
-- per status as new rows, in the writing transaction; a count is the sum of the rows a reader's snapshot sees. The
-- rows are folded into one per status by one statement in ten (a payment's fulfilment writes one order, so folding
-- every time would cost each payment more than its count), skipping rows another transaction holds: no writer
-- waits for another on a counter.
create table public.order_counts (
  id bigint generated always as identity not null,
  status text not null,
  orders bigint not null,
  constraint order_counts_pkey primary key (id)
);
alter table public.order_counts enable row level security;
revoke all on table public.order_counts from public;
grant select on table public.order_counts to authenticated;

-- The dashboard's running totals, kept in the transactions that write orders and payments (as product_sales keeps
-- the all-time top products), so a period's figures read a few thousand rows, not every order it holds:
--   - order_quarters: orders placed per 15-minute slot (UTC). Every time zone in use today is a whole number of
--     quarter hours from UTC, so a slot lies within one local hour and day: the hours and days charts group slots.
--   - payment_quarters: net card money per slot, order status and payment method: completed payments in the slot
--     they were taken, refunds (pending or succeeded) in their order's slot, as the revenue rule counts them.
--   - payment_totals: the same money over all time, per order status and method (All Time reads a few rows).
--   - order_items.counts_as_sale: whether the item's order counts as a sale (neither cancelled nor refunded), kept on
--     the item, so a period's top products read that period's items alone.
--   - order_hours: orders over all time per hour of the day, in each time zone a dashboard has asked for
--     (order_hour_zones; the shop's own, as a rule). A time zone is added on its first use (ensure_order_hours).
-- Each is kept as public.product_counts is: a statement adds its changes as new rows, and one statement in ten folds
-- a table's rows per key, skipping rows another transaction holds, so no writer waits for another on a total.
-- Order counts per status over all time are public.order_counts.
create table public.order_quarters (
  id bigint generated always as identity not null,
  slot timestamptz not null,
  orders bigint not null,
  constraint order_quarters_pkey primary key (id)
);
create index order_quarters_slot_idx on public.order_quarters (slot) include (orders);
alter table public.order_quarters enable row level security;
revoke all on table public.order_quarters from public;
grant select on table public.order_quarters to authenticated;

create table public.order_hours (
  id bigint generated always as identity not null,
  time_zone text not null,
  hour smallint not null,
  orders bigint not null,
  constraint order_hours_pkey primary key (id),
  constraint order_hours_hour_check check ((hour BETWEEN 0 AND 23))
);
create index order_hours_zone_idx on public.order_hours (time_zone) include (hour, orders);
alter table public.order_hours enable row level security;
revoke all on table public.order_hours from public;
grant select on table public.order_hours to authenticated;

create table public.order_hour_zones (
  time_zone text not null,
  constraint order_hour_zones_pkey primary key (time_zone)
);
alter table public.order_hour_zones enable row level security;
revoke all on table public.order_hour_zones from public;
grant select on table public.order_hour_zones to authenticated;

create table public.payment_quarters (
  id bigint generated always as identity not null,
  slot timestamptz not null,
  status text not null,
  method text,
  amount bigint not null,
  payments bigint not null,
  shipping bigint default 0 not null,
  tax bigint default 0 not null,
  constraint payment_quarters_pkey primary key (id)
);
create index payment_quarters_slot_idx on public.payment_quarters (slot) include (status, method, amount, payments, shipping, tax);
alter table public.payment_quarters enable row level security;
revoke all on table public.payment_quarters from public;
grant select on table public.payment_quarters to authenticated;

create table public.payment_totals (
  id bigint generated always as identity not null,
  status text not null,
  method text,
  amount bigint not null,
  payments bigint not null,
  shipping bigint default 0 not null,
  tax bigint default 0 not null,
  constraint payment_totals_pkey primary key (id)
);
alter table public.payment_totals enable row level security;
revoke all on table public.payment_totals from public;
grant select on table public.payment_totals to authenticated;

-- Adds money changes (one element per transaction and sign, in parallel arrays) to the slots and the totals, then
-- sometimes folds both.
create or replace function public.add_payment_money(
  p_slots timestamptz[], p_statuses text[], p_methods text[], p_amounts bigint[], p_payments bigint[],
  p_shipping bigint[] default null, p_tax bigint[] default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  with d as (
    select u.slot, u.status, u.method, u.amount, u.payments, coalesce(u.shipping, 0) as shipping, coalesce(u.tax, 0) as tax
      from unnest(p_slots, p_statuses, p_methods, p_amounts, p_payments, coalesce(p_shipping, '{}'), coalesce(p_tax, '{}'))
        as u(slot, status, method, amount, payments, shipping, tax)
  ),
  q as (
    insert into public.payment_quarters (slot, status, method, amount, payments, shipping, tax)
    select slot, status, method, sum(amount), sum(payments), sum(shipping), sum(tax) from d group by 1, 2, 3
    having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0
  )
  insert into public.payment_totals (status, method, amount, payments, shipping, tax)
  select status, method, sum(amount), sum(payments), sum(shipping), sum(tax) from d group by 1, 2
  having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0;
  if random() < 0.1 then
    with taken as (
      delete from public.payment_quarters q
       where q.id in (select id from public.payment_quarters for update skip locked)
      returning q.slot, q.status, q.method, q.amount, q.payments, q.shipping, q.tax
    )
    insert into public.payment_quarters (slot, status, method, amount, payments, shipping, tax)
    select slot, status, method, sum(amount), sum(payments), sum(shipping), sum(tax) from taken group by 1, 2, 3
    having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0;
    with taken as (
      delete from public.payment_totals t
       where t.id in (select id from public.payment_totals for update skip locked)
      returning t.status, t.method, t.amount, t.payments, t.shipping, t.tax
    )
    insert into public.payment_totals (status, method, amount, payments, shipping, tax)
    select status, method, sum(amount), sum(payments), sum(shipping), sum(tax) from taken group by 1, 2
    having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0;
  end if;
end;
$$;
revoke all on function public.add_payment_money(p_slots timestamp with time zone[], p_statuses text[], p_methods text[], p_amounts bigint[], p_payments bigint[], p_shipping bigint[], p_tax bigint[]) from public;

-- Security definer, as admin_people_search: the orders policy would keep Postgres from the index (lower() is not
-- leakproof), so the function checks is_admin() itself. A range, not LIKE, so the parameter's prefix uses the index.
create or replace function public.admin_order_po_search(p_prefix text, p_limit integer)
returns setof jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('id', r.id, 'order_reference', r.order_reference, 'customer_name', r.customer_name,
                            'customer_email', r.customer_email::text, 'status', r.status,
                            'total_amount', r.total_amount, 'purchase_order', r.purchase_order)
    from (select lower(p_prefix) collate "C" as p) q
    join public.orders r
      on r.purchase_order is not null
     and lower(r.purchase_order) collate "C" >= q.p
     and lower(r.purchase_order) collate "C" < q.p || chr(1114111)
     and starts_with(lower(r.purchase_order), q.p)
   where (select public.is_admin()) and coalesce(p_prefix, '') <> ''
   order by lower(r.purchase_order) collate "C", r.created_at desc, r.id desc
   limit greatest(1, least(p_limit, 50));
$$;
revoke all on function public.admin_order_po_search(p_prefix text, p_limit integer) from public;
grant all on function public.admin_order_po_search(p_prefix text, p_limit integer) to authenticated;

-- The header search over orders and customers, in a function that checks the admin itself and then reads the tables
-- with its owner's rights. Under the tables' row-level policies Postgres must apply the policy before any condition
-- whose operator is not leakproof, and LIKE is not, so the trigram indexes (orders_search_idx, customers_search_idx)
-- could not serve a typed word.
--
-- Two steps, because Postgres judges each word's share of rows on its own: two common words that never meet
-- ('hopper grace') look common together, and it would walk every order from the newest. So the newest 1,000 rows
-- are searched first: when they hold enough matches those are the answer, as every other match is older. Otherwise
-- every match is collected (through the trigram index, with admin_search_index_pattern) and the newest are taken.
--
-- p_kind is 'orders' or 'customers'; p_patterns are LIKE patterns (the caller escapes the typed words), all of which
-- must match, at most 8. Each row comes back as one JSON object.
create or replace function public.admin_people_search(p_kind text, p_patterns text[], p_limit integer)
returns setof jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_text text := case p_kind
    when 'orders' then $t$lower(coalesce(r.order_reference, '') || ' ' || coalesce(r.customer_email::text, '') || ' ' || coalesce(r.customer_name, ''))$t$
    when 'customers' then 'r.search_text' end;
  v_from text := case p_kind when 'orders' then 'public.orders' when 'customers' then 'public.customers' end;
  v_order text := case p_kind when 'orders' then 'created_at desc, id desc' when 'customers' then 'sort_last_order desc, key desc' end;
  v_row text := case p_kind
    when 'orders' then 'jsonb_build_object(''id'', r.id, ''order_reference'', r.order_reference, ''customer_name'', r.customer_name, ''customer_email'', r.customer_email::text, ''status'', r.status, ''total_amount'', r.total_amount)'
    when 'customers' then 'jsonb_build_object(''key'', r.key, ''user_id'', r.user_id, ''name'', r.name, ''email'', r.email, ''orders_count'', r.orders_count)' end;
  v_where text;
  v_index_where text;
  v_limit integer := greatest(1, least(p_limit, 50));
  v_newest jsonb[];
begin
  if v_from is null or not (select public.is_admin()) or coalesce(cardinality(p_patterns), 0) not between 1 and 8 then
    return;
  end if;
  -- The words as literals: each search is planned for its own words (EXECUTE plans every call).
  select string_agg(format('%s like %L', v_text, p), ' and '),
         string_agg(format('%s like %L', v_text, public.admin_search_index_pattern(p)), ' and ')
    into v_where, v_index_where
    from unnest(p_patterns) p;
  -- First the newest 1,000 rows: when they hold enough matches those are the answer, as every other match is older.
  execute format(
    'select coalesce(array_agg(s.x order by s.n), ''{}'') from (
       select %s as x, row_number() over (order by %s) as n from (select * from %s order by %s limit 1000) r where %s) s',
    v_row, v_order, v_from, v_order, v_where) into v_newest;
  if cardinality(v_newest) >= v_limit then
    return query select unnest(v_newest[1:v_limit]);
    return;
  end if;
  -- Then every match: the rows the index finds for the words' rare parts, each checked against the whole words. A
  -- materialized set is planned for all its rows, not for the first few: the index, not a walk by date.
  return query execute format(
    'with m as materialized (select * from %s r where %s) select %s from m r where %s order by %s limit %s',
    v_from, v_index_where, v_row, v_where, v_order, v_limit);
end;
$$;
revoke all on function public.admin_people_search(p_kind text, p_patterns text[], p_limit integer) from public;
grant all on function public.admin_people_search(p_kind text, p_patterns text[], p_limit integer) to authenticated;

-- The server checks what may still be refunded under the order's row lock; the table refuses the rest anyway: a line
-- of another order, or more of a line than was bought (refunds pending or succeeded count, as refundableCents does).
create or replace function public.check_refund_line()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  bought integer;
  before integer;
begin
  if not exists (select 1 from public.transactions t where t.id = new.refund_id and t.order_id = new.order_id and t.kind = 'refund') then
    raise exception 'A refund line must belong to a refund of its order.' using errcode = '23514';
  end if;
  if new.kind = 'item' then
    select i.quantity into bought from public.order_items i where i.id = new.order_item_id and i.order_id = new.order_id;
    if bought is null then
      raise exception 'A refund line must be a line of its order.' using errcode = '23514';
    end if;
    select coalesce(sum(l.quantity), 0) into before
      from public.refund_lines l join public.transactions t on t.id = l.refund_id
     where l.order_item_id = new.order_item_id and l.kind = 'item' and t.status in ('pending', 'succeeded');
    if before + new.quantity > bought then
      raise exception 'More of this line would be refunded than was bought.' using errcode = '23514';
    end if;
  end if;
  return new;
end;
$$;
revoke all on function public.check_refund_line() from public;

-- A line never ships more than was ordered, nor a line of another order. The order's row lock makes two shipments of
-- one order take turns, so each sees what the other shipped.
create or replace function public.check_shipment_line()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_order uuid;
  v_item_order uuid;
  v_ordered integer;
  v_shipped bigint;
begin
  select s.order_id into v_order from public.shipments s where s.id = new.shipment_id;
  perform 1 from public.orders o where o.id = v_order for update;
  select i.order_id, i.quantity into v_item_order, v_ordered from public.order_items i where i.id = new.order_item_id;
  if v_item_order is distinct from v_order then
    raise exception 'That line is not on this order.' using errcode = '23514';
  end if;
  select coalesce(sum(l.quantity), 0) into v_shipped from public.shipment_lines l where l.order_item_id = new.order_item_id;
  if v_shipped + new.quantity > v_ordered then
    raise exception 'More would ship than was ordered.' using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function public.check_shipment_line() from public;

-- Orders placed, moved in time or removed: their slots' counts. An order's status moving moves its money between
-- statuses (cancelled and refunded orders' money is left out of revenue by the dashboard, per status).
create or replace function public.count_order_quarters()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  slots timestamptz[];
  statuses text[];
  methods text[];
  amounts bigint[];
  payments bigint[];
begin
  if tg_op = 'TRUNCATE' then
    delete from public.order_quarters;
    delete from public.order_hours;
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.order_quarters (slot, orders) select public.quarter_of(created_at), count(*) from new_rows group by 1;
    insert into public.order_hours (time_zone, hour, orders)
    select z.time_zone, extract(hour from n.created_at at time zone z.time_zone), count(*)
      from new_rows n cross join public.order_hour_zones z group by 1, 2;
  elsif tg_op = 'DELETE' then
    insert into public.order_quarters (slot, orders) select public.quarter_of(created_at), -count(*) from old_rows group by 1;
    insert into public.order_hours (time_zone, hour, orders)
    select z.time_zone, extract(hour from d.created_at at time zone z.time_zone), -count(*)
      from old_rows d cross join public.order_hour_zones z group by 1, 2;
  else
    insert into public.order_quarters (slot, orders)
    select slot, sum(n)
      from (select public.quarter_of(created_at) as slot, 1 as n from new_rows
            union all
            select public.quarter_of(created_at), -1 from old_rows) d
     group by slot
    having sum(n) <> 0;
    insert into public.order_hours (time_zone, hour, orders)
    select z.time_zone, extract(hour from d.created_at at time zone z.time_zone), sum(d.n)
      from (select created_at, 1 as n from new_rows union all select created_at, -1 from old_rows) d
     cross join public.order_hour_zones z
     group by 1, 2
    having sum(d.n) <> 0;
  end if;
  if tg_op = 'UPDATE' then
    update public.order_items i set counts_as_sale = public.order_counts_as_sale(n.status)
      from new_rows n join old_rows o on o.id = n.id
     where i.order_id = n.id and public.order_counts_as_sale(n.status) <> public.order_counts_as_sale(o.status);
    select array_agg(public.quarter_of(case when t.kind = 'refund' then c.created_at else t.created_at end)), array_agg(c.status),
           array_agg(t.payment_method), array_agg(c.sign * public.payment_money(t.kind, t.status, t.amount)),
           array_agg(case when t.kind = 'payment' and t.status = 'completed' then c.sign else 0 end)
      into slots, statuses, methods, amounts, payments
      from (
        select n.id, n.status, n.created_at, 1 as sign
          from new_rows n join old_rows o on o.id = n.id
         where n.status <> o.status or n.created_at <> o.created_at
        union all
        select o.id, o.status, o.created_at, -1
          from new_rows n join old_rows o on o.id = n.id
         where n.status <> o.status or n.created_at <> o.created_at
      ) c
      join public.transactions t on t.order_id = c.id
     where public.payment_money(t.kind, t.status, t.amount) <> 0;
    if slots is not null then
      perform public.add_payment_money(slots, statuses, methods, amounts, payments);
    end if;
  end if;
  if random() < 0.1 then
    with taken as (
      delete from public.order_quarters q
       where q.id in (select id from public.order_quarters for update skip locked)
      returning q.slot, q.orders
    )
    insert into public.order_quarters (slot, orders)
    select slot, sum(orders) from taken group by slot having sum(orders) <> 0;
    with taken as (
      delete from public.order_hours h
       where h.id in (select id from public.order_hours for update skip locked)
      returning h.time_zone, h.hour, h.orders
    )
    insert into public.order_hours (time_zone, hour, orders)
    select time_zone, hour, sum(orders) from taken group by 1, 2 having sum(orders) <> 0;
  end if;
  return null;
end;
$$;
revoke all on function public.count_order_quarters() from public;

create or replace function public.count_order_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.order_counts;
    return null;
  elsif tg_op = 'INSERT' then
    insert into public.order_counts (status, orders) select status, count(*) from new_rows group by status;
  elsif tg_op = 'DELETE' then
    insert into public.order_counts (status, orders) select status, -count(*) from old_rows group by status;
  else
    insert into public.order_counts (status, orders)
    select status, sum(n)
      from (select status, 1 as n from new_rows union all select status, -1 from old_rows) d
     group by status
    having sum(n) <> 0;
  end if;
  if random() < 0.1 then
    with taken as (
      delete from public.order_counts c
       where c.id in (select id from public.order_counts for update skip locked)
      returning c.status, c.orders
    )
    insert into public.order_counts (status, orders)
    select status, sum(orders) from taken group by status having sum(orders) <> 0;
  end if;
  return null;
end;
$$;
revoke all on function public.count_order_rows() from public;

-- Transactions written, changed or removed: their old money and charges out, their new ones in, under their order's
-- status. (Transactions removed with their order are taken out by the order's own trigger.)
create or replace function public.count_payment_money()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed text;
  slots timestamptz[];
  statuses text[];
  methods text[];
  amounts bigint[];
  payments bigint[];
  shipping bigint[];
  tax bigint[];
begin
  if tg_op = 'TRUNCATE' then
    delete from public.payment_quarters;
    delete from public.payment_totals;
    return null;
  end if;
  -- A trigger's transition tables exist only for its own event, so the query names those of this one.
  changed := case tg_op
    when 'INSERT' then 'select n.*, 1 as sign from new_rows n'
    when 'DELETE' then 'select d.*, -1 as sign from old_rows d'
    else 'select n.*, 1 as sign from new_rows n union all select d.*, -1 from old_rows d' end;
  execute format($q$
    select array_agg(public.quarter_of(case when c.kind = 'refund' then o.created_at else c.created_at end)), array_agg(o.status),
           array_agg(c.payment_method), array_agg(c.sign * public.payment_money(c.kind, c.status, c.amount)),
           array_agg(case when c.kind = 'payment' and c.status = 'completed' then c.sign else 0 end),
           array_agg(c.sign * public.payment_shipping(c.kind, c.status, o.shipping_cents)),
           array_agg(c.sign * public.payment_tax(c.kind, c.status, o.tax_cents, c.tax_cents))
      from (%s) c join public.orders o on o.id = c.order_id
     where public.payment_money(c.kind, c.status, c.amount) <> 0$q$, changed)
    into slots, statuses, methods, amounts, payments, shipping, tax;
  if slots is not null then
    perform public.add_payment_money(slots, statuses, methods, amounts, payments, shipping, tax);
  end if;
  return null;
end;
$$;
revoke all on function public.count_payment_money() from public;

create or replace function public.customers_orders_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array(select d.user_id from old_rows d where d.user_id is not null),
                                   array(select d.customer_email::text from old_rows d where d.user_id is null));
  return null;
end;
$$;
revoke all on function public.customers_orders_deleted() from public;

-- A new order adds to its buyer's customers row instead of counting all their orders again (refresh_customers),
-- whose cost would grow with the buyer's history inside the payment's fulfilment. A new order has no refund yet (a
-- refund row needs its order first), so what it adds is known from the row alone: one order, its total unless it is
-- written cancelled or refunded, and its date. Buyers without a customers row yet (a guest's first order) go
-- through refresh_customers(); updates and deletes, which can take an order away, count again.
--
-- The same lock buckets as refresh_customers(), taken first and in bucket order: an increment and a recount of one
-- buyer never interleave, so neither loses the other's order.
create or replace function public.customers_orders_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_users uuid[];
  v_emails text[];
begin
  perform pg_advisory_xact_lock(20261128, b)
     from (select distinct abs(hashtext(coalesce(n.user_id::text, public.guest_customer_key(n.customer_email::text)))) % 256 as b
             from new_rows n
            where n.user_id is not null or coalesce(n.customer_email::text, '') <> ''
            order by 1) buckets;

  with added as (
    select n.user_id, case when n.user_id is null then lower(n.customer_email::text) end as guest_email,
           count(*)::int as orders_count,
           sum(case when n.status in ('cancelled', 'refunded') then 0 else greatest(0, n.total_amount) end)::bigint as spent_cents,
           max(n.created_at) as last_order_at,
           (array_agg(array[n.customer_email::text, n.customer_name, n.customer_phone]
                      order by n.created_at desc, n.id desc))[1:1] as latest
      from new_rows n
     where n.user_id is not null or coalesce(n.customer_email::text, '') <> ''
     group by 1, 2
  ), keyed as (
    select a.*, coalesce(a.user_id::text, public.guest_customer_key(a.guest_email)) as key from added a
  ), bumped as (
    -- A guest's e-mail, name and phone are their latest order's; an account's name and phone its profile's, else
    -- its latest order's (as refresh_customers() sets them).
    update public.customers c
       set orders_count = c.orders_count + k.orders_count,
           spent_cents = c.spent_cents + k.spent_cents,
           last_order_at = greatest(c.last_order_at, k.last_order_at),
           email = case when c.user_id is null and (c.last_order_at is null or k.last_order_at >= c.last_order_at)
                        then k.latest[1][1] else c.email end,
           name = case when c.last_order_at is null or k.last_order_at >= c.last_order_at
                       then coalesce(nullif(p.full_name, ''), k.latest[1][2]) else c.name end,
           phone = case when c.last_order_at is null or k.last_order_at >= c.last_order_at
                        then coalesce(nullif(p.phone_number, ''), k.latest[1][3]) else c.phone end
      from keyed k
      left join public.user_profiles p on p.user_id = k.user_id
     where c.key = k.key
    returning c.key
  )
  select array_agg(k.user_id) filter (where k.user_id is not null),
         array_agg(k.guest_email) filter (where k.user_id is null)
    into v_users, v_emails
    from keyed k
   where k.key not in (select b.key from bumped b);

  perform public.refresh_customers(coalesce(v_users, array[]::uuid[]), coalesce(v_emails, array[]::text[]));
  return null;
end;
$$;
revoke all on function public.customers_orders_inserted() from public;

create or replace function public.customers_orders_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array_agg(x.user_id), array_agg(x.email))
     from (
       select unnest(array[o.user_id, n.user_id]) as user_id,
              unnest(array[case when o.user_id is null then o.customer_email::text end,
                           case when n.user_id is null then n.customer_email::text end]) as email
         from old_rows o join new_rows n on n.id = o.id
        where (o.user_id, o.customer_email::text, o.customer_name, o.customer_phone, o.status, o.total_amount, o.created_at)
              is distinct from
              (n.user_id, n.customer_email::text, n.customer_name, n.customer_phone, n.status, n.total_amount, n.created_at)
     ) x
   having count(*) > 0;
  return null;
end;
$$;
revoke all on function public.customers_orders_updated() from public;

-- Refunds recorded, or their status moving (pending → succeeded or failed), change what the buyer kept.
create or replace function public.customers_refunds_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array_agg(o.user_id) filter (where o.user_id is not null),
                                   array_agg(o.customer_email::text) filter (where o.user_id is null))
     from public.orders o
    where o.id in (select r.order_id from changed_rows r where r.kind = 'refund')
   having count(*) > 0;
  return null;
end;
$$;
revoke all on function public.customers_refunds_changed() from public;

-- Reading the totals (the dashboard_* functions). A window [p_from, p_to) is its whole slots from the totals plus
-- the orders of its part slots (at most a quarter hour at each end, such as the one running now) counted one by one;
-- an open start ('-infinity') is everything up to p_to. Security invoker: the tables' policies let admins alone
-- read them. Each query is planned for its own bounds (a plan for any bounds reads whole tables).
--
-- Orders placed in the window per hour of the day in p_time_zone (registered by ensure_order_hours for an open start).
create or replace function public.dashboard_hours(p_from timestamptz, p_to timestamptz, p_time_zone text)
returns table (hour int, orders bigint)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
begin
  if p_from = '-infinity' then
    return query
      select s.hour, sum(s.n)::bigint
        from (select h.hour::int as hour, h.orders as n from public.order_hours h where h.time_zone = p_time_zone
              union all
              select extract(hour from o.created_at at time zone p_time_zone)::int, -1 from public.orders o where o.created_at >= p_to) s
       group by s.hour
      having sum(s.n) <> 0;
  else
    return query
      select extract(hour from q.slot at time zone p_time_zone)::int, sum(q.orders)::bigint
        from public.dashboard_quarters(p_from, p_to) q group by 1;
  end if;
end;
$$;
revoke all on function public.dashboard_hours(p_from timestamp with time zone, p_to timestamp with time zone, p_time_zone text) from public;
grant all on function public.dashboard_hours(p_from timestamp with time zone, p_to timestamp with time zone, p_time_zone text) to authenticated;

-- Net card money, shipping and tax per method of the window's orders that count as sales, from the totals: whole
-- slots from payment_quarters, part slots one by one, an open start from payment_totals less what came later.
create or replace function public.dashboard_money(p_from timestamptz, p_to timestamptz)
returns table (method text, amount bigint, payments bigint, shipping bigint, tax bigint)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  lo timestamptz := public.quarter_ceil(p_from);
  hi timestamptz := greatest(public.quarter_ceil(p_from), public.quarter_of(p_to));
  later timestamptz := public.quarter_ceil(p_to);
begin
  if p_from = '-infinity' then
    return query
      select m.method, sum(m.amount)::bigint, sum(m.payments)::bigint, sum(m.shipping)::bigint, sum(m.tax)::bigint
        from (select t.method, t.amount, t.payments, t.shipping, t.tax from public.payment_totals t
               where t.status not in ('cancelled', 'refunded')
              union all
              select q.method, -q.amount, -q.payments, -q.shipping, -q.tax from public.payment_quarters q
               where q.slot >= later and q.status not in ('cancelled', 'refunded')
              union all
              select l.method, -l.amount, -l.payments, -l.shipping, -l.tax from public.dashboard_money_between(p_to, later) l) m
       group by m.method
      having sum(m.amount) <> 0 or sum(m.payments) <> 0 or sum(m.shipping) <> 0 or sum(m.tax) <> 0;
  else
    return query
      select m.method, sum(m.amount)::bigint, sum(m.payments)::bigint, sum(m.shipping)::bigint, sum(m.tax)::bigint
        from (select q.method, q.amount, q.payments, q.shipping, q.tax from public.payment_quarters q
               where q.slot >= lo and q.slot < hi and q.status not in ('cancelled', 'refunded')
              union all
              select l.method, l.amount, l.payments, l.shipping, l.tax from public.dashboard_money_between(p_from, lo) l
              union all
              select l.method, l.amount, l.payments, l.shipping, l.tax from public.dashboard_money_between(hi, p_to) l) m
       group by m.method
      having sum(m.amount) <> 0 or sum(m.payments) <> 0 or sum(m.shipping) <> 0 or sum(m.tax) <> 0;
  end if;
end;
$$;
revoke all on function public.dashboard_money(p_from timestamp with time zone, p_to timestamp with time zone) from public;
grant all on function public.dashboard_money(p_from timestamp with time zone, p_to timestamp with time zone) to authenticated;

-- Net card money, shipping and tax of the window's orders that count as sales, per method, one by one.
create or replace function public.dashboard_money_between(p_from timestamptz, p_to timestamptz)
returns table (method text, amount bigint, payments bigint, shipping bigint, tax bigint)
language sql
stable
set search_path = ''
as $$
  select m.method, sum(m.amount)::bigint, sum(m.payments)::bigint, sum(m.shipping)::bigint, sum(m.tax)::bigint
    from (select t.payment_method as method, t.amount, 1 as payments, o.shipping_cents as shipping, o.tax_cents as tax
            from public.transactions t join public.orders o on o.id = t.order_id
           where t.kind = 'payment' and t.status = 'completed' and t.created_at >= p_from and t.created_at < p_to
             and o.status not in ('cancelled', 'refunded')
          union all
          select t.payment_method, -t.amount, 0, 0, -coalesce(t.tax_cents, 0)
            from public.orders o join public.transactions t on t.order_id = o.id
           where t.kind = 'refund' and t.status in ('pending', 'succeeded') and o.created_at >= p_from and o.created_at < p_to
             and o.status not in ('cancelled', 'refunded')) m
   group by m.method;
$$;
revoke all on function public.dashboard_money_between(p_from timestamp with time zone, p_to timestamp with time zone) from public;
grant all on function public.dashboard_money_between(p_from timestamp with time zone, p_to timestamp with time zone) to authenticated;

-- Orders placed in the window, per status.
create or replace function public.dashboard_orders(p_from timestamptz, p_to timestamptz)
returns table (status text, orders bigint)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
begin
  if p_from = '-infinity' then
    return query
      select s.status, sum(s.n)::bigint
        from (select c.status, c.orders as n from public.order_counts c
              union all
              select o.status, -count(*) from public.orders o where o.created_at >= p_to group by o.status) s
       group by s.status
      having sum(s.n) <> 0;
  else
    return query
      select o.status, count(*) from public.orders o where o.created_at >= p_from and o.created_at < p_to group by o.status;
  end if;
end;
$$;
revoke all on function public.dashboard_orders(p_from timestamp with time zone, p_to timestamp with time zone) from public;
grant all on function public.dashboard_orders(p_from timestamp with time zone, p_to timestamp with time zone) to authenticated;

-- Orders placed in the window, per slot (for the hours and days charts).
create or replace function public.dashboard_quarters(p_from timestamptz, p_to timestamptz)
returns table (slot timestamptz, orders bigint)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  lo timestamptz := public.quarter_ceil(p_from);
  hi timestamptz := greatest(public.quarter_ceil(p_from), public.quarter_of(p_to));
begin
  return query
    select s.slot, sum(s.n)::bigint
      from (select q.slot, q.orders as n from public.order_quarters q where q.slot >= lo and q.slot < hi
            union all
            select public.quarter_of(o.created_at), 1 from public.orders o
             where o.created_at >= p_from and o.created_at < p_to and (o.created_at < lo or o.created_at >= hi)) s
     group by s.slot
    having sum(s.n) <> 0;
end;
$$;
revoke all on function public.dashboard_quarters(p_from timestamp with time zone, p_to timestamp with time zone) from public;
grant all on function public.dashboard_quarters(p_from timestamp with time zone, p_to timestamp with time zone) to authenticated;

-- A zone's hours (order_hours) and months (product_month_sales) are counted on its first use. Order and item writes
-- wait while they are counted (SHARE mode lets none start): one that started before would add nothing for a zone it
-- did not see.
create or replace function public.ensure_order_hours(p_time_zone text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'only an admin reads the dashboard' using errcode = '42501';
  end if;
  if exists (select 1 from public.order_hour_zones where time_zone = p_time_zone) then
    return;
  end if;
  perform now() at time zone p_time_zone; -- an unknown zone fails here, before anything is locked
  lock table public.orders, public.order_items in share mode;
  insert into public.order_hour_zones (time_zone) values (p_time_zone) on conflict do nothing;
  if found then
    insert into public.order_hours (time_zone, hour, orders)
    select p_time_zone, extract(hour from q.slot at time zone p_time_zone), sum(q.orders)
      from public.order_quarters q group by 2 having sum(q.orders) <> 0;
    insert into public.product_month_sales (time_zone, month, product_id, revenue, quantity)
    select p_time_zone, date_trunc('month', i.created_at at time zone p_time_zone)::date, i.product_id,
           sum(i.quantity::bigint * i.unit_price), sum(i.quantity)
      from public.order_items i where i.counts_as_sale group by 2, 3;
  end if;
end;
$$;
revoke all on function public.ensure_order_hours(p_time_zone text) from public;
grant all on function public.ensure_order_hours(p_time_zone text) to authenticated;

-- Expires open checkouts older than p_max_age, then claims up to p_claim expired ones whose PaymentIntent still needs
-- canceling and returns them. Several servers may call it at once: claimed rows are skipped by the others.
create or replace function public.expire_abandoned_checkouts(
  p_max_age interval default interval '24 hours',
  p_claim integer default 100
)
returns table (checkout_id uuid, payment_intent_id text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.checkout_sessions s
     set status = 'expired', expired_at = now()
   where s.status = 'open' and s.created_at < now() - p_max_age;

  return query
  with due as (
    select s.id from public.checkout_sessions s
     where s.status = 'expired' and s.intent_canceled_at is null and s.payment_intent_id is not null
       and (s.cancel_claimed_at is null or s.cancel_claimed_at < now() - interval '10 minutes')
     order by s.expired_at
     limit greatest(p_claim, 0)
     for update skip locked
  )
  update public.checkout_sessions s
     set cancel_claimed_at = now()
    from due
   where s.id = due.id
  returning s.id, s.payment_intent_id;
end;
$$;
revoke all on function public.expire_abandoned_checkouts(p_max_age interval, p_claim integer) from public;
grant all on function public.expire_abandoned_checkouts(p_max_age interval, p_claim integer) to service_role;

-- Items written for an order that does not count (rare: the server writes items with the order it fulfils).
create or replace function public.flag_items_of_unsold_orders()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.order_items i set counts_as_sale = false
    from new_rows n join public.orders o on o.id = n.order_id
   where i.id = n.id and not public.order_counts_as_sale(o.status);
  return null;
end;
$$;
revoke all on function public.flag_items_of_unsold_orders() from public;

-- Orders whose status, time or charges changed: their payments' charges move from the old slot and status (and
-- amounts) to the new. Their money moves in count_order_quarters.
create or replace function public.move_payment_charges()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  slots timestamptz[];
  statuses text[];
  methods text[];
  zeros bigint[];
  shipping bigint[];
  tax bigint[];
begin
  select array_agg(public.quarter_of(case when t.kind = 'refund' then c.created_at else t.created_at end)), array_agg(c.status),
         array_agg(t.payment_method), array_agg(0::bigint),
         array_agg(c.sign * public.payment_shipping(t.kind, t.status, c.shipping_cents)),
         array_agg(c.sign * public.payment_tax(t.kind, t.status, c.tax_cents, t.tax_cents))
    into slots, statuses, methods, zeros, shipping, tax
    from (
      select n.id, n.status, n.created_at, n.shipping_cents, n.tax_cents, 1 as sign
        from new_rows n join old_rows o on o.id = n.id
       where (n.status, n.created_at, n.shipping_cents, n.tax_cents) is distinct from (o.status, o.created_at, o.shipping_cents, o.tax_cents)
      union all
      select o.id, o.status, o.created_at, o.shipping_cents, o.tax_cents, -1
        from new_rows n join old_rows o on o.id = n.id
       where (n.status, n.created_at, n.shipping_cents, n.tax_cents) is distinct from (o.status, o.created_at, o.shipping_cents, o.tax_cents)
    ) c
    join public.transactions t on t.order_id = c.id
   where public.payment_money(t.kind, t.status, t.amount) <> 0;
  if slots is not null then
    perform public.add_payment_money(slots, statuses, methods, zeros, zeros, shipping, tax);
  end if;
  return null;
end;
$$;
revoke all on function public.move_payment_charges() from public;

-- Whether an order's money is kept (the same rule as revenue and top products on the dashboard).
create or replace function public.order_counts_as_sale(status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select status not in ('cancelled', 'refunded');
$$;
revoke all on function public.order_counts_as_sale(status text) from public;

create or replace function public.order_items_remember_product()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  select p.name, p.sku into new.product_name, new.product_sku
    from public.catalog_products p
   where p.id = new.product_id
     and (new.product_category is null or p.category = new.product_category)
   limit 1;
  return new;
end;
$$;
revoke all on function public.order_items_remember_product() from public;

-- What one order adds to its buyer's total spent (the rule at public.customers, 20261210000300_accounts.sql).
create or replace function public.order_kept_cents(p_order_id uuid, p_status text, p_total bigint)
returns bigint
language sql
stable
set search_path = ''
as $$
  select case when p_status in ('cancelled', 'refunded') then 0
              else greatest(0, p_total - coalesce((
                select sum(t.amount) from public.transactions t
                 where t.order_id = p_order_id and t.kind = 'refund' and t.status in ('pending', 'succeeded')), 0))
         end::bigint;
$$;
revoke all on function public.order_kept_cents(p_order_id uuid, p_status text, p_total bigint) from public;
grant all on function public.order_kept_cents(p_order_id uuid, p_status text, p_total bigint) to authenticated;

-- The cart's text ('Stone: Ruby, Necklace Length: 18", Material: Rose Gold, Style: Necklace, Volume −5%', or with
-- 'Quote Q-5007' last) read back into choices, for order lines whose choices column is empty and only the text
-- says what was bought. A function, so the reading is tested (tests/integration/order-line-choices.test.ts); the
-- stone choice itself is not in the text, so reorder finds it by the stone's name.
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
revoke all on function public.order_line_choices_from_text(spec text) from public;

-- What a transaction adds to the money of its order's slot: a completed payment its amount and one payment, a
-- pending or succeeded refund minus its amount; anything else nothing.
create or replace function public.payment_money(p_kind text, p_status text, p_amount bigint)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_kind = 'payment' and p_status = 'completed' then p_amount
              when p_kind = 'refund' and p_status in ('pending', 'succeeded') then -p_amount
              else 0 end;
$$;
revoke all on function public.payment_money(p_kind text, p_status text, p_amount bigint) from public;

-- An order deleted (the server only): its transactions' money and charges leave the totals before the cascade.
create or replace function public.payment_money_order_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  slots timestamptz[];
  statuses text[];
  methods text[];
  amounts bigint[];
  payments bigint[];
  shipping bigint[];
  tax bigint[];
begin
  select array_agg(public.quarter_of(case when t.kind = 'refund' then old.created_at else t.created_at end)), array_agg(old.status),
         array_agg(t.payment_method), array_agg(-public.payment_money(t.kind, t.status, t.amount)),
         array_agg(case when t.kind = 'payment' and t.status = 'completed' then -1 else 0 end),
         array_agg(-public.payment_shipping(t.kind, t.status, old.shipping_cents)),
         array_agg(-public.payment_tax(t.kind, t.status, old.tax_cents, t.tax_cents))
    into slots, statuses, methods, amounts, payments, shipping, tax
    from public.transactions t
   where t.order_id = old.id and public.payment_money(t.kind, t.status, t.amount) <> 0;
  if slots is not null then
    perform public.add_payment_money(slots, statuses, methods, amounts, payments, shipping, tax);
  end if;
  return old;
end;
$$;
revoke all on function public.payment_money_order_deleted() from public;

-- What a transaction adds to the shipping and to the tax of its order's slot (payment_money's rule for the amount).
create or replace function public.payment_shipping(p_kind text, p_status text, p_order_shipping bigint)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_kind = 'payment' and p_status = 'completed' then coalesce(p_order_shipping, 0) else 0 end;
$$;
revoke all on function public.payment_shipping(p_kind text, p_status text, p_order_shipping bigint) from public;

create or replace function public.payment_tax(p_kind text, p_status text, p_order_tax bigint, p_refund_tax bigint)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_kind = 'payment' and p_status = 'completed' then coalesce(p_order_tax, 0)
              when p_kind = 'refund' and p_status in ('pending', 'succeeded') then -coalesce(p_refund_tax, 0)
              else 0 end;
$$;
revoke all on function public.payment_tax(p_kind text, p_status text, p_order_tax bigint, p_refund_tax bigint) from public;

create or replace function public.product_month_sales_items_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.add_product_month_sales(array_agg(n.created_at), array_agg(n.product_id),
                                           array_agg(n.quantity::bigint * n.unit_price), array_agg(n.quantity::bigint))
       from new_rows n where n.counts_as_sale having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform public.add_product_month_sales(array_agg(d.created_at), array_agg(d.product_id),
                                           array_agg(-(d.quantity::bigint * d.unit_price)), array_agg(-d.quantity::bigint))
       from old_rows d where d.counts_as_sale having count(*) > 0;
  else
    perform public.add_product_month_sales(array_agg(c.created_at), array_agg(c.product_id), array_agg(c.revenue), array_agg(c.quantity))
       from (
         select d.created_at, d.product_id, -(d.quantity::bigint * d.unit_price) as revenue, -d.quantity::bigint as quantity
           from old_rows d where d.counts_as_sale
         union all
         select n.created_at, n.product_id, n.quantity::bigint * n.unit_price, n.quantity::bigint
           from new_rows n where n.counts_as_sale
       ) c
     having count(*) > 0;
  end if;
  return null;
end;
$$;
revoke all on function public.product_month_sales_items_changed() from public;

create or replace function public.product_sales_items_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.add_product_sales(array_agg(d.product_id), array_agg(-(d.quantity::bigint * d.unit_price)), array_agg(-d.quantity::bigint))
     from old_rows d join public.orders o on o.id = d.order_id
    where public.order_counts_as_sale(o.status)
   having count(*) > 0;
  return null;
end;
$$;
revoke all on function public.product_sales_items_deleted() from public;

-- New items count when their order does.
create or replace function public.product_sales_items_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.add_product_sales(array_agg(n.product_id), array_agg(n.quantity::bigint * n.unit_price), array_agg(n.quantity::bigint))
     from new_rows n join public.orders o on o.id = n.order_id
    where public.order_counts_as_sale(o.status)
   having count(*) > 0;
  return null;
end;
$$;
revoke all on function public.product_sales_items_inserted() from public;

-- Changed or removed items (only the server does this): old amounts out, new amounts in, for orders that count.
-- Items removed with their order are taken out by the order's own trigger, and their order is gone by then.
create or replace function public.product_sales_items_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.add_product_sales(array_agg(c.product_id), array_agg(c.revenue), array_agg(c.quantity))
     from (
       select d.product_id, -(d.quantity::bigint * d.unit_price) as revenue, -d.quantity::bigint as quantity, d.order_id from old_rows d
       union all
       select n.product_id, n.quantity::bigint * n.unit_price, n.quantity::bigint, n.order_id from new_rows n
     ) c join public.orders o on o.id = c.order_id
    where public.order_counts_as_sale(o.status)
   having count(*) > 0;
  return null;
end;
$$;
revoke all on function public.product_sales_items_updated() from public;

-- An order deleted (the server only): its items leave the totals before the cascade removes them.
create or replace function public.product_sales_order_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if public.order_counts_as_sale(old.status) then
    perform public.add_product_sales(array_agg(i.product_id), array_agg(-(i.quantity::bigint * i.unit_price)), array_agg(-i.quantity::bigint))
       from public.order_items i where i.order_id = old.id
     having count(*) > 0;
  end if;
  return old;
end;
$$;
revoke all on function public.product_sales_order_deleted() from public;

-- An order moving between kept and not kept (e.g. completed → refunded) takes its items out or puts them back.
create or replace function public.product_sales_orders_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.add_product_sales(array_agg(i.product_id), array_agg(c.sign * i.quantity::bigint * i.unit_price), array_agg(c.sign * i.quantity::bigint))
     from (
       select n.id, case when public.order_counts_as_sale(n.status) then 1 else -1 end as sign
         from new_rows n join old_rows o on o.id = n.id
        where public.order_counts_as_sale(n.status) <> public.order_counts_as_sale(o.status)
     ) c join public.order_items i on i.order_id = c.id
   having count(*) > 0;
  return null;
end;
$$;
revoke all on function public.product_sales_orders_changed() from public;

create or replace function public.record_order_status_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.order_events (order_id, kind, from_status, to_status, actor_id, actor_email)
  values (new.id, 'status', old.status, new.status, auth.uid(), auth.email());
  return null;
end;
$$;
revoke all on function public.record_order_status_change() from public;

create or replace function public.record_refund_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.order_events (order_id, kind, amount, reference, actor_id, actor_email)
  values (new.order_id, 'refund', new.amount, new.provider_transaction_id, auth.uid(), auth.email());
  return null;
end;
$$;
revoke all on function public.record_refund_event() from public;

-- Each change of a method goes to the settings history, as one row naming the method and the values before and after.
create or replace function public.record_shipping_method_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  before jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'created_at' - 'updated_at' end;
  after jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'created_at' - 'updated_at' end;
begin
  if before is distinct from after then
    insert into public.shop_settings_events (field, from_value, to_value, actor_id, actor_email)
    values ('shipping method: ' || coalesce(after ->> 'name', before ->> 'name'), before::text, after::text,
            auth.uid(), auth.email());
  end if;
  return null;
end;
$$;
revoke all on function public.record_shipping_method_change() from public;

-- Recounts the customers rows of these buyers (accounts and guest e-mails) from all their orders: order count,
-- total spent (order_kept_cents), last order, and the latest order's name and phone when the profile has none.
-- Buyers with no account left or no guest order left lose their row. Account, profile, order and refund changes
-- call it; a new order of a buyer who has a row only adds (customers_orders_inserted).
create or replace function public.refresh_customers(p_user_ids uuid[], p_guest_emails text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_users uuid[] := array(select distinct u from unnest(p_user_ids) u where u is not null);
  v_emails text[] := array(select distinct lower(e) from unnest(p_guest_emails) e where e is not null and e <> '');
begin
  if cardinality(v_users) = 0 and cardinality(v_emails) = 0 then
    return;
  end if;
  -- 256 lock buckets: a bulk write refreshing 20,000 buyers holds 256 locks, not 20,000 (the lock table is shared).
  perform pg_advisory_xact_lock(20261128, b)
     from (select distinct abs(hashtext(k)) % 256 as b
             from (select u::text as k from unnest(v_users) u
                   union all select public.guest_customer_key(e) from unnest(v_emails) e) keys
            order by 1) buckets;

  delete from public.customers c
   where c.user_id = any(v_users) and not exists (select 1 from auth.users u where u.id = c.user_id);

  -- The latest order's name and phone come from the same pass over the buyer's orders (an ORDER BY … LIMIT 1 could
  -- be planned as a walk of every order by date).
  insert into public.customers as c (key, user_id, email, name, phone, orders_count, spent_cents, last_order_at)
  select u.id::text, u.id, coalesce(u.email, ''),
         coalesce(nullif(p.full_name, ''), agg.latest[1][1]), coalesce(nullif(p.phone_number, ''), agg.latest[1][2]),
         agg.orders_count, agg.spent_cents, agg.last_order_at
    from auth.users u
    left join public.user_profiles p on p.user_id = u.id
    cross join lateral (
      select count(*)::int as orders_count, coalesce(sum(public.order_kept_cents(o.id, o.status, o.total_amount)), 0)::bigint as spent_cents,
             max(o.created_at) as last_order_at,
             array_agg(array[o.customer_name, o.customer_phone] order by o.created_at desc, o.id desc) as latest
        from public.orders o where o.user_id = u.id) agg
   where u.id = any(v_users)
  on conflict (key) do update
    set email = excluded.email, name = excluded.name, phone = excluded.phone, orders_count = excluded.orders_count,
        spent_cents = excluded.spent_cents, last_order_at = excluded.last_order_at;

  delete from public.customers c
   using unnest(v_emails) e
   where c.key = public.guest_customer_key(e)
     and not exists (select 1 from public.orders o where o.guest_email = e);

  insert into public.customers as c (key, user_id, email, name, phone, orders_count, spent_cents, last_order_at)
  select public.guest_customer_key(e), null, agg.latest[1][1], agg.latest[1][2], agg.latest[1][3],
         agg.orders_count, agg.spent_cents, agg.last_order_at
    from unnest(v_emails) e
    cross join lateral (
      select count(*)::int as orders_count, coalesce(sum(public.order_kept_cents(o.id, o.status, o.total_amount)), 0)::bigint as spent_cents,
             max(o.created_at) as last_order_at,
             array_agg(array[o.customer_email::text, o.customer_name, o.customer_phone] order by o.created_at desc, o.id desc) as latest
        from public.orders o where o.guest_email = e) agg
   where agg.orders_count > 0
  on conflict (key) do update
    set email = excluded.email, name = excluded.name, phone = excluded.phone, orders_count = excluded.orders_count,
        spent_cents = excluded.spent_cents, last_order_at = excluded.last_order_at;
end;
$$;
revoke all on function public.refresh_customers(p_user_ids uuid[], p_guest_emails text[]) from public;

-- Each succeeded refund's share of the order's tax, rounded half-up (lib/tax/parts.ts refundTaxShare): what its credit
-- note states and what the Stripe Tax reversal takes back (lib/tax/record.ts). Set as the refund is recorded or
-- succeeds, whoever records it (an admin's refund, Stripe's webhook).
create or replace function public.set_refund_tax_share()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'refund' and new.status = 'succeeded' and new.tax_cents is null then
    select least(o.tax_cents, floor((2 * new.amount * o.tax_cents + o.total_amount) / (2 * o.total_amount)))
      into new.tax_cents
      from public.orders o where o.id = new.order_id and o.total_amount > 0;
  end if;
  return new;
end;
$$;
revoke all on function public.set_refund_tax_share() from public;

-- Triggers
create trigger checkout_sessions_touch before update on public.checkout_sessions
for each row execute function public.touch_updated_at();
create trigger order_items_product_sales_delete after delete on public.order_items
referencing old table as old_rows for each statement execute function public.product_sales_items_deleted();
create trigger order_items_product_sales_insert after insert on public.order_items
referencing new table as new_rows for each statement execute function public.product_sales_items_inserted();
create trigger order_items_product_sales_update after update on public.order_items
referencing old table as old_rows new table as new_rows for each statement execute function public.product_sales_items_updated();
create trigger order_items_remember_product
before insert on public.order_items
for each row when (new.product_name is null)
execute function public.order_items_remember_product();
create trigger order_items_sale_flag after insert on public.order_items
  referencing new table as new_rows for each statement execute function public.flag_items_of_unsold_orders();
create trigger order_items_sales_by_month_delete after delete on public.order_items
referencing old table as old_rows for each statement execute function public.product_month_sales_items_changed();
-- Named to fire after order_items_product_sales_* (triggers on one event fire in name order): every writer then locks
-- product_sales rows before product_month_sales rows, as an order's status change does (orders_product_sales_update
-- before orders_quarters_update flips its items' flag), so two writers never wait for each other in a circle.
create trigger order_items_sales_by_month_insert after insert on public.order_items
referencing new table as new_rows for each statement execute function public.product_month_sales_items_changed();
create trigger order_items_sales_by_month_update after update on public.order_items
referencing old table as old_rows new table as new_rows for each statement execute function public.product_month_sales_items_changed();
create trigger orders_charges_update after update on public.orders
  referencing old table as old_rows new table as new_rows for each statement execute function public.move_payment_charges();
create trigger orders_counts_delete after delete on public.orders
  referencing old table as old_rows for each statement execute function public.count_order_rows();
create trigger orders_counts_insert after insert on public.orders
  referencing new table as new_rows for each statement execute function public.count_order_rows();
create trigger orders_counts_truncate after truncate on public.orders
  for each statement execute function public.count_order_rows();
create trigger orders_counts_update after update on public.orders
  referencing old table as old_rows new table as new_rows for each statement execute function public.count_order_rows();
create trigger orders_customers_delete after delete on public.orders
referencing old table as old_rows for each statement execute function public.customers_orders_deleted();
create trigger orders_customers_insert after insert on public.orders
referencing new table as new_rows for each statement execute function public.customers_orders_inserted();
create trigger orders_customers_update after update on public.orders
referencing old table as old_rows new table as new_rows for each statement execute function public.customers_orders_updated();
create trigger orders_money_delete before delete on public.orders
  for each row execute function public.payment_money_order_deleted();
create trigger orders_product_sales_delete before delete on public.orders
for each row execute function public.product_sales_order_deleted();
create trigger orders_product_sales_update after update on public.orders
referencing old table as old_rows new table as new_rows for each statement execute function public.product_sales_orders_changed();
create trigger orders_quarters_delete after delete on public.orders
  referencing old table as old_rows for each statement execute function public.count_order_quarters();
create trigger orders_quarters_insert after insert on public.orders
  referencing new table as new_rows for each statement execute function public.count_order_quarters();
create trigger orders_quarters_truncate after truncate on public.orders
  for each statement execute function public.count_order_quarters();
create trigger orders_quarters_update after update on public.orders
  referencing old table as old_rows new table as new_rows for each statement execute function public.count_order_quarters();
create trigger orders_status_history after update of status on public.orders
for each row when (old.status is distinct from new.status) execute function public.record_order_status_change();
create trigger orders_touch before update on public.orders
for each row execute function public.touch_updated_at();
create trigger refund_lines_check before insert on public.refund_lines
for each row execute function public.check_refund_line();
create trigger shipment_lines_check before insert on public.shipment_lines
for each row execute function public.check_shipment_line();
create trigger shipping_methods_history after insert or update or delete on public.shipping_methods
for each row execute function public.record_shipping_method_change();
create trigger shipping_methods_touch before update on public.shipping_methods
for each row execute function public.touch_updated_at();
create trigger transactions_customers_delete after delete on public.transactions
referencing old table as changed_rows for each statement execute function public.customers_refunds_changed();
create trigger transactions_customers_insert after insert on public.transactions
referencing new table as changed_rows for each statement execute function public.customers_refunds_changed();
create trigger transactions_customers_update after update on public.transactions
referencing new table as changed_rows for each statement execute function public.customers_refunds_changed();
create trigger transactions_money_delete after delete on public.transactions
  referencing old table as old_rows for each statement execute function public.count_payment_money();
create trigger transactions_money_insert after insert on public.transactions
  referencing new table as new_rows for each statement execute function public.count_payment_money();
create trigger transactions_money_truncate after truncate on public.transactions
  for each statement execute function public.count_payment_money();
create trigger transactions_money_update after update on public.transactions
  referencing old table as old_rows new table as new_rows for each statement execute function public.count_payment_money();
create trigger transactions_refund_history after insert on public.transactions
for each row when (new.kind = 'refund') execute function public.record_refund_event();
create trigger transactions_refund_tax_share before insert or update of status on public.transactions
for each row execute function public.set_refund_tax_share();

-- Policies. A buyer reads the orders of their account's members (my_account_user_ids). Each table under an order
-- checks the row's own order: admins first, then a per-row lookup, where `offset 0` keeps the EXISTS a subquery run
-- per row, so reading a few orders' lines, payments or shipments never first gathers every order of the customer.
create policy "admins read order counts" on public.order_counts for select to authenticated
  using ((select public.is_admin()));

create policy "admins read order history" on public.order_events for select to authenticated
  using ((select public.is_admin()));

create policy "admins read order_hour_zones" on public.order_hour_zones for select to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "admins read order_hours" on public.order_hours for select to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "read own order items" on public.order_items for select to authenticated
  using ((( SELECT is_admin() AS is_admin) OR (EXISTS ( SELECT 1
   FROM orders o
  WHERE ((o.id = order_items.order_id) AND (o.user_id = ANY (( SELECT my_account_user_ids() AS my_account_user_ids)::uuid[])))
 OFFSET 0))));

create policy "admins read order_quarters" on public.order_quarters for select to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "read own orders" on public.orders for select to authenticated
  using ((( SELECT is_admin() AS is_admin) OR (user_id = ANY (( SELECT my_account_user_ids() AS my_account_user_ids)::uuid[]))));
create policy "admins update orders" on public.orders for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "admins read payment_quarters" on public.payment_quarters for select to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "admins read payment_totals" on public.payment_totals for select to authenticated
  using (( SELECT is_admin() AS is_admin));

create policy "read own or any as admin" on public.refund_lines for select to authenticated
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));
create policy "admins record refund lines" on public.refund_lines for insert to authenticated
  with check ((select public.is_admin()));

create policy "read own shipment lines" on public.shipment_lines for select to authenticated
  using ((select public.is_admin()) or exists (
    select 1 from public.shipments s join public.orders o on o.id = s.order_id
     where s.id = shipment_id and o.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));
create policy "admins record shipment lines" on public.shipment_lines for insert to authenticated
  with check ((select public.is_admin()));

create policy "read own shipments" on public.shipments for select to authenticated
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));
create policy "admins record shipments" on public.shipments for insert to authenticated
  with check ((select public.is_admin()) and created_by = (select auth.uid()));
create policy "admins fill in tracking" on public.shipments for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

-- The cart's estimate and the checkout show the active methods to anyone; staff see and change them all.
create policy "everyone reads active shipping methods" on public.shipping_methods for select to anon, authenticated
  using (active or (select public.is_admin()));
create policy "admins add shipping methods" on public.shipping_methods for insert to authenticated
  with check ((select public.is_admin()));
create policy "admins change shipping methods" on public.shipping_methods for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins remove shipping methods" on public.shipping_methods for delete to authenticated
  using ((select public.is_admin()));

-- Staff only, and a note is signed by whoever writes it.
create policy "admins read staff notes" on public.staff_notes for select to authenticated using ((select public.is_admin()));
create policy "admins write their own notes" on public.staff_notes for insert to authenticated
  with check ((select public.is_admin()) and author_id = (select auth.uid()));

create policy "read own transactions" on public.transactions for select to authenticated
  using ((( SELECT is_admin() AS is_admin) OR (EXISTS ( SELECT 1
   FROM orders o
  WHERE ((o.id = transactions.order_id) AND (o.user_id = ( SELECT auth.uid() AS uid)))
 OFFSET 0))));
create policy "admins record their refunds" on public.transactions for insert to authenticated
  with check ((select public.is_admin()) and kind = 'refund' and created_by = (select auth.uid()));
