-- Checkout records: what the server priced and charged, written before the PaymentIntent exists, so that payment
-- fulfilment writes the order from server data only. The order id is fixed here up front: orders.id (primary key)
-- and transactions (provider, provider_transaction_id) then make one PaymentIntent give exactly one order.

create table public.checkout_sessions (
  id uuid primary key default gen_random_uuid(),
  -- The id the order gets when the payment succeeds.
  order_id uuid not null unique default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  -- Server-priced lines: product id, category, name, sku, image, quantity, unit price in cents, specifications.
  lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) > 0),
  amount bigint not null check (amount > 0), -- cents
  currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
  payment_intent_id text unique,
  shipping_address jsonb,
  billing_address jsonb,
  status text not null default 'open' check (status in ('open', 'completed', 'amount_mismatch')),
  -- Latest payment_intent.payment_failed: recorded, never an order.
  last_payment_error text,
  payment_failures integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);
create index checkout_sessions_user_idx on public.checkout_sessions (user_id, created_at desc) where user_id is not null;
create index checkout_sessions_open_created_idx on public.checkout_sessions (created_at) where status = 'open';

create trigger checkout_sessions_touch before update on public.checkout_sessions
for each row execute function public.touch_updated_at();

-- Server-only: no policy for anon or authenticated, so Supabase's REST API cannot read or write these rows.
alter table public.checkout_sessions enable row level security;
revoke all on public.checkout_sessions from anon, authenticated;

-- Human-friendly order references (AFJ-100001, …), taken when the order is written.
create sequence public.order_reference_seq start 100001;
revoke all on sequence public.order_reference_seq from anon, authenticated;
grant usage on sequence public.order_reference_seq to service_role;
