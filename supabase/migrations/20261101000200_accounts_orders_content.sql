-- Customers, orders and their payments, content pages, and admin membership.

create table public.user_profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  full_name text,
  phone_number text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Every new auth user gets a profile row, named from the sign-up data when given.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.user_profiles (user_id, full_name)
  values (new.id, nullif(new.raw_user_meta_data ->> 'full_name', ''))
  on conflict (user_id) do nothing;
  return new;
end;
$$;

create trigger on_auth_user_created
after insert on auth.users
for each row execute function public.handle_new_user();

create table public.user_addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  address_type text not null check (address_type in ('shipping', 'billing')),
  address_line1 text not null check (length(trim(address_line1)) > 0),
  address_line2 text,
  city text not null check (length(trim(city)) > 0),
  state text not null check (length(trim(state)) > 0),
  postal_code text not null check (length(trim(postal_code)) > 0),
  country text not null default 'US' check (length(trim(country)) > 0),
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create index user_addresses_user_idx on public.user_addresses (user_id, address_type, is_default desc);
-- At most one default address of each type per customer.
create unique index user_addresses_one_default_idx
  on public.user_addresses (user_id, address_type) where is_default;

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  order_reference text unique,
  customer_name text,
  customer_phone text,
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'dispatched', 'completed', 'cancelled', 'refunded')),
  total_amount bigint not null check (total_amount >= 0), -- cents
  shipping_address jsonb,
  billing_address jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_created_idx on public.orders (created_at desc, id desc);
create index orders_status_created_idx on public.orders (status, created_at desc, id desc);
create index orders_user_created_idx on public.orders (user_id, created_at desc) where user_id is not null;

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid not null, -- may point into any of the five product tables, or at a deleted product
  product_category text check (product_category in ('rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry')),
  quantity integer not null check (quantity > 0),
  unit_price bigint not null check (unit_price >= 0), -- cents
  specifications text,
  created_at timestamptz not null default now()
);
create index order_items_order_idx on public.order_items (order_id);
create index order_items_product_idx on public.order_items (product_id);

create table public.transactions (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  provider text not null,
  provider_transaction_id text not null,
  amount bigint not null check (amount >= 0), -- cents
  status text not null,
  payment_method text,
  created_at timestamptz not null default now(),
  -- One payment is recorded once, however often fulfilment runs.
  constraint transactions_provider_payment_key unique (provider, provider_transaction_id)
);
create index transactions_order_idx on public.transactions (order_id);

create table public.page_content (
  page_id uuid primary key default gen_random_uuid(),
  page_slug text not null unique check (page_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  page_title text not null,
  content text not null default '',
  last_updated timestamptz not null default now()
);

create or replace function public.touch_last_updated()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.last_updated := now();
  return new;
end;
$$;
create trigger page_content_touch before update on public.page_content
for each row execute function public.touch_last_updated();

create or replace function public.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
create trigger orders_touch before update on public.orders
for each row execute function public.touch_updated_at();
create trigger user_profiles_touch before update on public.user_profiles
for each row execute function public.touch_updated_at();

create table public.admin_users (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
