-- Accounts: buyers' profiles and addresses, the customers list, trade accounts with their members, invites and
-- price groups, and who may see prices (ARCHITECTURE.md, "Trade accounts and price groups"): the shop's roles
-- shop_anon and shop_authenticated are made in 20261210000100_foundation.sql, whose grants every file uses.

set local check_function_bodies = off;

-- One profile per auth user (handle_new_user makes it): the buyer's name and phone. Buyers write these two
-- columns only.
create table public.user_profiles (
  user_id uuid not null,
  full_name text,
  phone_number text,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  constraint user_profiles_pkey primary key (user_id),
  constraint user_profiles_lengths check (((COALESCE(length(full_name), 0) <= 200) AND (COALESCE(length(phone_number), 0) <= 40))),
  constraint user_profiles_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
alter table public.user_profiles enable row level security;
revoke all on table public.user_profiles from public;
grant select on table public.user_profiles to authenticated;
grant insert (user_id, full_name, phone_number) on table public.user_profiles to authenticated;
grant update (full_name, phone_number) on table public.user_profiles to authenticated;

create table public.user_addresses (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  address_type text not null,
  address_line1 text not null,
  address_line2 text,
  city text not null,
  state text not null,
  postal_code text not null,
  country text default 'US'::text not null,
  is_default boolean default false not null,
  created_at timestamptz default now() not null,
  constraint user_addresses_pkey primary key (id),
  constraint user_addresses_address_line1_check check ((length(TRIM(BOTH FROM address_line1)) > 0)),
  constraint user_addresses_address_type_check check ((address_type = ANY (ARRAY['shipping'::text, 'billing'::text]))),
  constraint user_addresses_city_check check ((length(TRIM(BOTH FROM city)) > 0)),
  constraint user_addresses_country_check check ((length(TRIM(BOTH FROM country)) > 0)),
  constraint user_addresses_lengths check (((length(address_line1) <= 200) AND (COALESCE(length(address_line2), 0) <= 200) AND (length(city) <= 200) AND (length(state) <= 200) AND (length(postal_code) <= 200) AND (length(country) <= 2))),
  constraint user_addresses_postal_code_check check ((length(TRIM(BOTH FROM postal_code)) > 0)),
  constraint user_addresses_state_check check ((length(TRIM(BOTH FROM state)) > 0)),
  constraint user_addresses_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
-- At most one default address of each type per customer.
create unique index user_addresses_one_default_idx
  on public.user_addresses (user_id, address_type) where is_default;
create index user_addresses_user_idx on public.user_addresses (user_id, address_type, is_default desc);
alter table public.user_addresses enable row level security;
revoke all on table public.user_addresses from public;
grant select, delete on table public.user_addresses to authenticated;
grant insert (user_id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default) on table public.user_addresses to authenticated;
grant update (address_type, address_line1, address_line2, city, state, postal_code, country, is_default) on table public.user_addresses to authenticated;

-- Back office: the shop's buyers. One row per account (every one, with or without orders) and one per guest e-mail
-- (orders placed without an account, grouped by their lower-cased e-mail), with their order count, total spent and
-- last order, kept by triggers in the same transaction as the orders, refunds, profiles and accounts they sum (as
-- product_sales is). The Customers screen sorts and pages these rows through one index per sort instead of grouping
-- every order on each request.
--
-- Total spent: per order, what was paid less what was refunded (refunds pending or succeeded), leaving out cancelled
-- orders and orders marked refunded, never below zero; the dashboard's revenue rule.
create table public.customers (
  key text not null,
  user_id uuid,
  email text default ''::text not null,
  name text,
  phone text,
  orders_count integer default 0 not null,
  spent_cents bigint default 0 not null,
  last_order_at timestamptz,
  sort_name text generated always as (lower(COALESCE(NULLIF(name, ''::text), email))) stored,
  sort_phone text generated always as (COALESCE(phone, ''::text)) stored,
  sort_last_order timestamptz generated always as (COALESCE(last_order_at, '-infinity'::timestamp with time zone)) stored,
  search_text text generated always as (lower(((((((COALESCE(name, ''::text) || ' '::text) || email) || ' '::text) || COALESCE(phone, ''::text)) || ' '::text) || regexp_replace(COALESCE(phone, ''::text), '[^0-9]'::text, ''::text, 'g'::text)))) stored,
  tax_exempt boolean default false not null,
  tax_exempt_reason text,
  tax_exempt_until date,
  constraint customers_pkey primary key (key),
  constraint customers_user_id_key unique (user_id),
  constraint customers_tax_exempt_account check (((NOT tax_exempt) OR (user_id IS NOT NULL))),
  constraint customers_tax_exempt_reason_check check (((length(tax_exempt_reason) BETWEEN 1 AND 200) AND (tax_exempt_reason !~ '[\x01-\x1f\x7f-\x9f]'::text))),
  constraint customers_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
create index customers_email_idx on public.customers (lower(email), key);
create index customers_last_order_idx on public.customers (sort_last_order, key);
create index customers_name_idx on public.customers (sort_name, key);
create index customers_orders_idx on public.customers (orders_count, key);
create index customers_phone_idx on public.customers (sort_phone, key);
create index customers_search_idx on public.customers using gin (search_text extensions.gin_trgm_ops);
create index customers_spent_idx on public.customers (spent_cents, key);
alter table public.customers enable row level security;
revoke all on table public.customers from public;
grant select on table public.customers to authenticated;
grant select (user_id, tax_exempt, tax_exempt_reason, tax_exempt_until) on table public.customers to service_role;
grant update (tax_exempt, tax_exempt_reason, tax_exempt_until) on table public.customers to authenticated, service_role;

-- Tags are keyed as the Customers screen keys a buyer (an account's user id, or a guest's 'g-' key), so a guest's tags
-- follow their e-mail as their orders do. One spelling per tag and customer, whatever its case.
create table public.customer_tags (
  customer_key text not null,
  tag text not null,
  tag_key text generated always as (lower(tag)) stored not null,
  author_id uuid,
  created_at timestamptz default now() not null,
  constraint customer_tags_pkey primary key (customer_key, tag_key),
  constraint customer_tags_tag_check check (((length(tag) BETWEEN 1 AND 32) AND (tag = btrim(tag)))),
  constraint customer_tags_author_id_fkey foreign key (author_id) references auth.users(id) on delete set null,
  constraint customer_tags_customer_key_fkey foreign key (customer_key) references customers(key) on delete cascade
);
-- The filter: a tag's customers, read from the index, then joined to the screen's sort.
create index customer_tags_tag_idx on public.customer_tags (tag_key, customer_key);
alter table public.customer_tags enable row level security;
revoke all on table public.customer_tags from public;
grant select, delete on table public.customer_tags to authenticated;
grant insert (customer_key, tag, author_id) on table public.customer_tags to authenticated;

-- --- Price groups ---------------------------------------------------------------------------------------------------
create table public.price_groups (
  id uuid default gen_random_uuid() not null,
  name text not null,
  percent_off numeric(5,2) default 0 not null,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  constraint price_groups_pkey primary key (id),
  constraint price_groups_name_check check (((length(btrim(name)) BETWEEN 1 AND 60) AND (name !~ '[\x01-\x1f\x7f-\x9f]'::text))),
  constraint price_groups_percent_off_check check (((percent_off >= (0)::numeric) AND (percent_off < (100)::numeric)))
);
create unique index price_groups_name_idx on public.price_groups (lower(name));
alter table public.price_groups enable row level security;
revoke all on table public.price_groups from public;
grant insert, select, update, delete on table public.price_groups to authenticated;
grant select on table public.price_groups to service_role;

-- A fixed price for one product, for every option ('' in stone, style and size) or for one stone, style or size.
-- The resolver takes the most specific row that matches a selection (lib/purchase/group-pricing.ts).
create table public.price_group_prices (
  group_id uuid not null,
  product_id uuid not null,
  category text not null,
  stone text default ''::text not null,
  style text default ''::text not null,
  size text default ''::text not null,
  price numeric(10,2) not null,
  updated_at timestamptz default now() not null,
  constraint price_group_prices_pkey primary key (group_id, product_id, stone, style, size),
  constraint price_group_prices_category_check check ((category = ANY (ARRAY['rings'::text, 'necklaces'::text, 'bracelets'::text, 'earrings'::text, 'body_jewelry'::text]))),
  constraint price_group_prices_price_check check (((price > (0)::numeric) AND (price < (1000000)::numeric))),
  constraint price_group_prices_size_check check ((size ~ '^([0-9]{1,2}(\.[0-9]{1,2})?)?$'::text)),
  constraint price_group_prices_stone_check check ((stone = ANY (ARRAY[''::text, 'stone1'::text, 'stone2'::text]))),
  constraint price_group_prices_style_check check ((style = ANY (ARRAY[''::text, 'necklace'::text, 'bracelet'::text]))),
  constraint price_group_prices_group_id_fkey foreign key (group_id) references price_groups(id) on delete cascade
);
create index price_group_prices_product_idx on public.price_group_prices (product_id);
alter table public.price_group_prices enable row level security;
revoke all on table public.price_group_prices from public;
grant insert, select, update, delete on table public.price_group_prices to authenticated;
grant select on table public.price_group_prices to service_role;

-- --- Trade accounts -------------------------------------------------------------------------------------------------
create table public.trade_accounts (
  id uuid default gen_random_uuid() not null,
  owner_id uuid not null,
  status text default 'pending'::text not null,
  business_name text not null,
  business_type text not null,
  tax_id text not null,
  website text,
  phone text not null,
  address jsonb not null,
  certificate_path text,
  certificate_name text,
  certificate_type text,
  price_group_id uuid,
  tax_exempt boolean default false not null,
  certificate_expires_on date,
  expiry_reminded_for date,
  decision_note text,
  submitted_at timestamptz default now() not null,
  decided_at timestamptz,
  decided_by uuid,
  updated_at timestamptz default now() not null,
  payment_terms_days integer,
  credit_limit_cents bigint,
  stripe_customer_id text,
  constraint trade_accounts_pkey primary key (id),
  constraint trade_accounts_owner_id_key unique (owner_id),
  constraint trade_accounts_stripe_customer_id_key unique (stripe_customer_id),
  constraint trade_accounts_address_check check ((jsonb_typeof(address) = 'object'::text)),
  constraint trade_accounts_business_name_check check ((length(btrim(business_name)) BETWEEN 1 AND 120)),
  constraint trade_accounts_business_type_check check ((length(btrim(business_type)) BETWEEN 1 AND 60)),
  constraint trade_accounts_certificate_name_check check ((length(certificate_name) BETWEEN 1 AND 200)),
  constraint trade_accounts_certificate_type_check check ((certificate_type = ANY (ARRAY['application/pdf'::text, 'image/jpeg'::text, 'image/png'::text]))),
  constraint trade_accounts_check check ((certificate_path ~~ ((owner_id)::text || '/%'::text))),
  constraint trade_accounts_credit_limit_cents_check check ((credit_limit_cents BETWEEN 0 AND '100000000000'::bigint)),
  constraint trade_accounts_decision_note_check check ((length(decision_note) <= 1000)),
  constraint trade_accounts_exempt_until check (((NOT tax_exempt) OR (certificate_expires_on IS NOT NULL))),
  constraint trade_accounts_payment_terms_days_check check ((payment_terms_days = ANY (ARRAY[15, 30, 60]))),
  constraint trade_accounts_phone_check check ((length(btrim(phone)) BETWEEN 7 AND 30)),
  constraint trade_accounts_status_check check ((status = ANY (ARRAY['pending'::text, 'more_info'::text, 'approved'::text, 'declined'::text]))),
  constraint trade_accounts_tax_id_check check ((tax_id ~ '^[0-9]{2}-[0-9]{7}$'::text)),
  constraint trade_accounts_terms_with_limit check (((payment_terms_days IS NULL) = (credit_limit_cents IS NULL))),
  constraint trade_accounts_website_check check ((length(website) <= 200)),
  constraint trade_accounts_decided_by_fkey foreign key (decided_by) references auth.users(id) on delete set null,
  constraint trade_accounts_owner_id_fkey foreign key (owner_id) references auth.users(id) on delete cascade,
  constraint trade_accounts_price_group_id_fkey foreign key (price_group_id) references price_groups(id) on delete set null
);
create index trade_accounts_expiry_idx on public.trade_accounts (certificate_expires_on) where tax_exempt;
create index trade_accounts_group_idx on public.trade_accounts (price_group_id) where price_group_id is not null;
create index trade_accounts_status_idx on public.trade_accounts (status, submitted_at);
alter table public.trade_accounts enable row level security;
revoke all on table public.trade_accounts from public;
grant select on table public.trade_accounts to authenticated, service_role;
grant insert (owner_id, business_name, business_type, tax_id, website, phone, address, certificate_path, certificate_name, certificate_type) on table public.trade_accounts to authenticated;
grant update (status, business_name, business_type, tax_id, website, phone, address, certificate_path, certificate_name, certificate_type, price_group_id, tax_exempt, certificate_expires_on, decision_note, submitted_at, decided_at, decided_by, payment_terms_days, credit_limit_cents) on table public.trade_accounts to authenticated;
grant update (tax_exempt, expiry_reminded_for, stripe_customer_id) on table public.trade_accounts to service_role;

-- Who buys for an account: its owner, and the colleagues the owner adds. A person buys for one account at most.
create table public.trade_account_members (
  account_id uuid not null,
  user_id uuid not null,
  role text not null,
  added_at timestamptz default now() not null,
  constraint trade_account_members_pkey primary key (account_id, user_id),
  constraint trade_account_members_user_id_key unique (user_id),
  constraint trade_account_members_role_check check ((role = ANY (ARRAY['owner'::text, 'buyer'::text]))),
  constraint trade_account_members_account_id_fkey foreign key (account_id) references trade_accounts(id) on delete cascade,
  constraint trade_account_members_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
alter table public.trade_account_members enable row level security;
revoke all on table public.trade_account_members from public;
grant select, delete on table public.trade_account_members to authenticated;
grant select on table public.trade_account_members to service_role;
grant insert (account_id, user_id, role) on table public.trade_account_members to authenticated;

-- --- Invitations ----------------------------------------------------------------------------------------------------
create table public.trade_account_invites (
  id uuid default gen_random_uuid() not null,
  account_id uuid not null,
  email mail_address not null,
  token_hash text not null,
  invited_by uuid,
  created_at timestamptz default now() not null,
  expires_at timestamptz default (now() + '14 days'::interval) not null,
  accepted_at timestamptz,
  accepted_by uuid,
  constraint trade_account_invites_pkey primary key (id),
  constraint trade_account_invites_token_hash_key unique (token_hash),
  constraint trade_account_invites_email_check check (((email)::text = lower((email)::text))),
  constraint trade_account_invites_token_hash_check check ((token_hash ~ '^[0-9a-f]{64}$'::text)),
  constraint trade_account_invites_accepted_by_fkey foreign key (accepted_by) references auth.users(id) on delete set null,
  constraint trade_account_invites_account_id_fkey foreign key (account_id) references trade_accounts(id) on delete cascade,
  constraint trade_account_invites_invited_by_fkey foreign key (invited_by) references auth.users(id) on delete set null
);
create index trade_account_invites_account_idx on public.trade_account_invites (account_id, created_at desc);
-- One open invitation per address and account: inviting again renews it.
create unique index trade_account_invites_open_idx on public.trade_account_invites (account_id, email) where accepted_at is null;
alter table public.trade_account_invites enable row level security;
revoke all on table public.trade_account_invites from public;
grant select, delete on table public.trade_account_invites to authenticated;
grant select on table public.trade_account_invites to service_role;
grant insert (account_id, email, token_hash, invited_by) on table public.trade_account_invites to authenticated;
grant update (token_hash, invited_by) on table public.trade_account_invites to authenticated;

-- Every submission and decision, with who made it and when.
create table public.trade_account_events (
  id bigint generated always as identity not null,
  account_id uuid not null,
  kind text not null,
  detail jsonb default '{}'::jsonb not null,
  actor_id uuid,
  actor_email text,
  created_at timestamptz default now() not null,
  constraint trade_account_events_pkey primary key (id),
  constraint trade_account_events_detail_check check ((jsonb_typeof(detail) = 'object'::text)),
  constraint trade_account_events_kind_check check ((kind = ANY (ARRAY['submitted'::text, 'resubmitted'::text, 'approved'::text, 'declined'::text, 'more_info'::text, 'changed'::text, 'member_added'::text, 'member_removed'::text, 'expiry_reminded'::text, 'exemption_expired'::text]))),
  constraint trade_account_events_account_id_fkey foreign key (account_id) references trade_accounts(id) on delete cascade,
  constraint trade_account_events_actor_id_fkey foreign key (actor_id) references auth.users(id) on delete set null
);
create index trade_account_events_account_idx on public.trade_account_events (account_id, id);
alter table public.trade_account_events enable row level security;
revoke all on table public.trade_account_events from public;
grant select on table public.trade_account_events to authenticated, service_role;
grant insert (account_id, kind, detail, actor_id, actor_email) on table public.trade_account_events to authenticated, service_role;

-- Accepts the invitation for the caller: the membership, the used invitation and the event in the caller's
-- transaction. Answers 'accepted' or the check's refusal, writing nothing then.
create or replace function public.accept_trade_invite(p_token_hash text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c record;
begin
  -- Two accepts of one link wait for each other, and staff cannot change the account's status meanwhile.
  perform 1 from public.trade_account_invites i where i.token_hash = p_token_hash for update;
  perform 1 from public.trade_accounts a join public.trade_account_invites i on i.account_id = a.id
   where i.token_hash = p_token_hash for share of a;
  select * into c from public.trade_invite_check(p_token_hash);
  if c.state <> 'ready' then
    return c.state;
  end if;
  begin
    insert into public.trade_account_members (account_id, user_id, role) values (c.account_id, auth.uid(), 'buyer');
  exception when unique_violation then
    -- Joined another account in a transaction that committed after the check.
    return 'member_elsewhere';
  end;
  update public.trade_account_invites set accepted_at = now(), accepted_by = auth.uid() where id = c.invite_id;
  insert into public.trade_account_events (account_id, kind, detail, actor_id, actor_email)
  values (c.account_id, 'member_added', jsonb_build_object('user_id', auth.uid(), 'email', c.email, 'invite_id', c.invite_id),
          auth.uid(), c.email);
  return 'accepted';
end;
$$;
revoke all on function public.accept_trade_invite(p_token_hash text) from public;
grant all on function public.accept_trade_invite(p_token_hash text) to authenticated;

-- Grants the API roles every column of the catalog (prices shown to everyone) or every column but the prices.
create or replace function public.apply_price_visibility(p_visibility text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  t text;
  cols text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry', 'catalog_products'] loop
    select string_agg(quote_ident(column_name), ', ' order by ordinal_position) into cols
      from information_schema.columns
     where table_schema = 'public' and table_name = t and not public.is_price_column(column_name);
    execute format('revoke select on public.%I from anon, authenticated', t);
    if p_visibility = 'everyone' then
      execute format('grant select on public.%I to anon, authenticated', t);
    else
      execute format('grant select (%s) on public.%I to anon, authenticated', cols, t);
    end if;
  end loop;
end;
$$;
revoke all on function public.apply_price_visibility(p_visibility text) from public;

create or replace function public.customers_account_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array[new.id], array[]::text[]);
  return null;
end;
$$;
revoke all on function public.customers_account_changed() from public;

-- An account's name and phone come from its profile; its e-mail from the account itself.
create or replace function public.customers_profiles_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_customers(array(select n.user_id from changed_rows n), array[]::text[]);
  return null;
end;
$$;
revoke all on function public.customers_profiles_changed() from public;

-- A deleted product takes its fixed prices with it (the five product tables have no common parent to refer to).
create or replace function public.drop_deleted_product_prices()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.price_group_prices p using gone where p.product_id = gone.id;
  return null;
end;
$$;
revoke all on function public.drop_deleted_product_prices() from public;

-- Staff alone grant terms; the server alone names the Stripe customer.
create or replace function public.guard_trade_account()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The API roles and the shop's own roles for them (20261206000500_hidden_price_columns.sql) are buyers unless admins.
  if (select public.is_admin()) or current_user not in ('anon', 'authenticated', 'shop_anon', 'shop_authenticated') then
    new.updated_at := now();
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.status <> 'pending' or new.price_group_id is not null or new.tax_exempt or new.certificate_expires_on is not null
       or new.decision_note is not null or new.decided_at is not null or new.decided_by is not null
       or new.payment_terms_days is not null or new.credit_limit_cents is not null or new.stripe_customer_id is not null then
      raise exception 'Only staff decide on a trade account.' using errcode = '42501';
    end if;
    return new;
  end if;
  -- An owner may change and resubmit an application that is pending, was declined or was asked for more.
  if old.status = 'approved' or new.status <> 'pending'
     or new.price_group_id is distinct from old.price_group_id or new.tax_exempt is distinct from old.tax_exempt
     or new.certificate_expires_on is distinct from old.certificate_expires_on
     or new.decided_at is distinct from old.decided_at or new.decided_by is distinct from old.decided_by
     or new.expiry_reminded_for is distinct from old.expiry_reminded_for
     or new.payment_terms_days is distinct from old.payment_terms_days
     or new.credit_limit_cents is distinct from old.credit_limit_cents
     or new.stripe_customer_id is distinct from old.stripe_customer_id then
    raise exception 'Only staff decide on a trade account.' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function public.guard_trade_account() from public;

-- How many colleagues an account may have, counting open invitations (lib/trade/colleagues-rules.ts says the same).
-- An invitation runs 14 days from when it was last sent, whoever writes it. The account's row is locked first, so
-- two invitations at once cannot both pass the count.
create or replace function public.guard_trade_invite()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.created_at := now();
  new.expires_at := now() + interval '14 days';
  perform 1 from public.trade_accounts a where a.id = new.account_id for no key update;
  if (select count(*) from public.trade_account_members m where m.account_id = new.account_id and m.role = 'buyer')
     + (select count(*) from public.trade_account_invites i
         where i.account_id = new.account_id and i.accepted_at is null and i.expires_at > now() and i.id <> new.id) >= 20 then
    raise exception 'A trade account has at most 20 colleagues and open invitations.' using errcode = 'P0001';
  end if;
  return new;
end;
$$;
revoke all on function public.guard_trade_invite() from public;

-- A guest's key from their e-mail.
create or replace function public.guest_customer_key(p_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'g-' || md5(lower(p_email));
$$;
revoke all on function public.guest_customer_key(p_email text) from public;

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
revoke all on function public.handle_new_user() from public;

-- The columns that hold a price: the price columns of the five tables, a ring's size surcharge, and the listing
-- view's 'From' and opening prices.
create or replace function public.is_price_column(p_column text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_column ~ '^(price_stone[12]|[nb]_price_.*|size_surcharge|price_from|default_price|ring_size_surcharge)$';
$$;
revoke all on function public.is_price_column(p_column text) from public;

-- The users whose orders, documents and quotes the caller reads: every member of the caller's approved account, else
-- the caller alone. Policies ask it once per statement and compare with `user_id = any(...)`, which the user_id
-- indexes serve. PL/pgSQL keeps its plan for the session; a SQL function's query is planned again by every statement.
create or replace function public.my_account_user_ids()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  ids uuid[];
begin
  select array_agg(o.user_id order by o.user_id) into ids
    from public.trade_account_members m
    join public.trade_accounts a on a.id = m.account_id and a.status = 'approved'
    join public.trade_account_members o on o.account_id = m.account_id
   where m.user_id = auth.uid();
  return coalesce(ids, array[auth.uid()]);
end;
$$;
revoke all on function public.my_account_user_ids() from public;
grant all on function public.my_account_user_ids() to authenticated;

create or replace function public.my_price_group_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select a.price_group_id
    from public.trade_account_members m join public.trade_accounts a on a.id = m.account_id
   where m.user_id = auth.uid() and a.status = 'approved';
$$;
revoke all on function public.my_price_group_id() from public;
grant all on function public.my_price_group_id() to authenticated, service_role;

-- The account the caller buys for and its price group, when the account is approved (the policies below and the
-- price resolver's reads ask this once per statement).
create or replace function public.my_trade_account_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.account_id from public.trade_account_members m where m.user_id = auth.uid();
$$;
revoke all on function public.my_trade_account_id() from public;
grant all on function public.my_trade_account_id() to authenticated, service_role;

-- The members of the caller's account with their sign-in address and name, for the account's own screens: member
-- addresses live in auth.users, which no API role reads.
create or replace function public.my_trade_colleagues()
returns table (user_id uuid, role text, email text, full_name text, added_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select o.user_id, o.role, lower(u.email::text), p.full_name, o.added_at
    from public.trade_account_members m
    join public.trade_account_members o on o.account_id = m.account_id
    join auth.users u on u.id = o.user_id
    left join public.user_profiles p on p.user_id = o.user_id
   where m.user_id = auth.uid()
   order by o.role = 'buyer', o.added_at, o.user_id;
$$;
revoke all on function public.my_trade_colleagues() from public;
grant all on function public.my_trade_colleagues() to authenticated;

create or replace function public.price_visibility_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.apply_price_visibility(new.price_visibility);
  return null;
end;
$$;
revoke all on function public.price_visibility_changed() from public;

-- What the signed-in caller holding a link may do with it: 'ready' to accept, or why not. Also the join page's preview.
-- The invitee is not the owner and cannot read the invitation under RLS: the hash is the key.
create or replace function public.trade_invite_check(p_token_hash text)
returns table (invite_id uuid, account_id uuid, business_name text, email text, state text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  inv public.trade_account_invites;
  acct public.trade_accounts;
  me text := (select lower(u.email::text) from auth.users u where u.id = auth.uid());
  mine uuid := (select m.account_id from public.trade_account_members m where m.user_id = auth.uid());
begin
  select * into inv from public.trade_account_invites i where i.token_hash = p_token_hash;
  if inv.id is null or auth.uid() is null then
    return query select null::uuid, null::uuid, null::text, null::text, 'not_found'::text;
    return;
  end if;
  select * into acct from public.trade_accounts a where a.id = inv.account_id;
  return query select inv.id, inv.account_id, acct.business_name, inv.email::text,
    case
      when inv.accepted_at is not null and inv.accepted_by = auth.uid() and mine = inv.account_id then 'already_member'
      when inv.accepted_at is not null then 'used'
      when inv.expires_at <= now() then 'expired'
      when acct.status <> 'approved' then 'not_approved'
      when me is distinct from inv.email::text then 'wrong_email'
      when mine = inv.account_id then 'already_member'
      when mine is not null then 'member_elsewhere'
      else 'ready'
    end;
end;
$$;
revoke all on function public.trade_invite_check(p_token_hash text) from public;
grant all on function public.trade_invite_check(p_token_hash text) to authenticated;

-- Saving an address as the default of its type clears the previous default in the same transaction. Writers of one
-- customer's addresses of one type are serialised by a transaction-scoped advisory lock, so two concurrent "set as
-- default" writes both succeed and the later one wins, instead of one failing on user_addresses_one_default_idx.
-- Security invoker: it runs as the writer, under the same RLS policies as the write itself.
create or replace function public.user_addresses_single_default()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('user_addresses:' || new.user_id::text || ':' || new.address_type, 0));
  update public.user_addresses
     set is_default = false
   where user_id = new.user_id
     and address_type = new.address_type
     and is_default
     and id <> new.id;
  return new;
end;
$$;
revoke all on function public.user_addresses_single_default() from public;

-- Triggers
create trigger body_jewelry_drop_group_prices after delete on public.body_jewelry
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();
create trigger bracelets_drop_group_prices after delete on public.bracelets
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();
create trigger earrings_drop_group_prices after delete on public.earrings
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();
create trigger necklaces_drop_group_prices after delete on public.necklaces
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();
create trigger rings_drop_group_prices after delete on public.rings
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();
create trigger trade_account_invites_guard before insert or update of token_hash on public.trade_account_invites
for each row execute function public.guard_trade_invite();
create trigger trade_accounts_guard before insert or update on public.trade_accounts
for each row execute function public.guard_trade_account();
create trigger user_addresses_single_default
before insert or update of is_default, address_type on public.user_addresses
for each row when (new.is_default)
execute function public.user_addresses_single_default();
create trigger user_profiles_customers_insert after insert on public.user_profiles
referencing new table as changed_rows for each statement execute function public.customers_profiles_changed();
create trigger user_profiles_customers_update after update on public.user_profiles
referencing new table as changed_rows for each statement execute function public.customers_profiles_changed();
create trigger user_profiles_touch before update on public.user_profiles
for each row execute function public.touch_updated_at();
create trigger customers_account_changed after insert or update of email on auth.users
for each row execute function public.customers_account_changed();
create trigger on_auth_user_created
after insert on auth.users
for each row execute function public.handle_new_user();

-- Policies
-- Staff only: buyers never read their tags.
create policy "admins read customer tags" on public.customer_tags for select to authenticated using ((select public.is_admin()));
create policy "admins tag customers" on public.customer_tags for insert to authenticated
  with check ((select public.is_admin()) and author_id = (select auth.uid()));
create policy "admins untag customers" on public.customer_tags for delete to authenticated using ((select public.is_admin()));

create policy "admins read customers" on public.customers for select to authenticated
  using ((select public.is_admin()));
create policy "admins change customers' tax exemption" on public.customers for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "buyers read their group's prices" on public.price_group_prices for select to authenticated
  using ((select public.is_admin()) or group_id = (select public.my_price_group_id()));
create policy "admins write group prices" on public.price_group_prices for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "buyers read their group" on public.price_groups for select to authenticated
  using ((select public.is_admin()) or id = (select public.my_price_group_id()));
create policy "admins write groups" on public.price_groups for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "members and admins read events" on public.trade_account_events for select to authenticated
  using ((select public.is_admin()) or account_id = (select public.my_trade_account_id())
         or exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid())));
create policy "owners and admins record events" on public.trade_account_events for insert to authenticated
  with check (actor_id = (select auth.uid()) and ((select public.is_admin())
              or exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid()))));
create policy "the maintenance timer records events" on public.trade_account_events for insert to service_role
  with check (actor_id is null);
create policy "the maintenance timer reads events" on public.trade_account_events for select to service_role using (true);

create policy "owners and admins read invitations" on public.trade_account_invites for select to authenticated
  using ((select public.is_admin())
         or exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid())));
create policy "owners invite" on public.trade_account_invites for insert to authenticated
  with check (invited_by = (select auth.uid()) and accepted_at is null
              and exists (select 1 from public.trade_accounts a
                           where a.id = account_id and a.owner_id = (select auth.uid()) and a.status = 'approved'));
create policy "owners renew invitations" on public.trade_account_invites for update to authenticated
  using (accepted_at is null
         and exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid())))
  with check (invited_by = (select auth.uid())
              and exists (select 1 from public.trade_accounts a
                           where a.id = account_id and a.owner_id = (select auth.uid()) and a.status = 'approved'));
create policy "owners cancel invitations" on public.trade_account_invites for delete to authenticated
  using (accepted_at is null
         and exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid())));
create policy "the mail sender reads invitations" on public.trade_account_invites for select to service_role using (true);

create policy "members and admins read members" on public.trade_account_members for select to authenticated
  using ((select public.is_admin()) or user_id = (select auth.uid()) or account_id = (select public.my_trade_account_id()));
create policy "the maintenance timer reads members" on public.trade_account_members for select to service_role using (true);
-- The owner joins their own account as they apply; colleagues are added by the account's owner or staff.
create policy "owners and admins add members" on public.trade_account_members for insert to authenticated
  with check ((select public.is_admin())
              or (role = 'owner' and user_id = (select auth.uid())
                  and exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid())))
              or (role = 'buyer' and exists (select 1 from public.trade_accounts a
                                              where a.id = account_id and a.owner_id = (select auth.uid()) and a.status = 'approved')));
create policy "owners and admins remove buyers" on public.trade_account_members for delete to authenticated
  using (role = 'buyer' and ((select public.is_admin())
         or exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid()))));

create policy "members and admins read accounts" on public.trade_accounts for select to authenticated
  using ((select public.is_admin()) or owner_id = (select auth.uid()) or id = (select public.my_trade_account_id()));
create policy "buyers apply" on public.trade_accounts for insert to authenticated
  with check (owner_id = (select auth.uid()));
create policy "owners resubmit and admins decide" on public.trade_accounts for update to authenticated
  using ((select public.is_admin()) or owner_id = (select auth.uid()))
  with check ((select public.is_admin()) or owner_id = (select auth.uid()));
create policy "the maintenance timer reads accounts" on public.trade_accounts for select to service_role using (true);
create policy "the maintenance timer ends exemptions" on public.trade_accounts for update to service_role
  using (true) with check (true);

create policy "read own addresses" on public.user_addresses for select to authenticated
  using (user_id = (select auth.uid()));
create policy "add own addresses" on public.user_addresses for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "edit own addresses" on public.user_addresses for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "delete own addresses" on public.user_addresses for delete to authenticated
  using (user_id = (select auth.uid()));
-- A customer's page shows their saved addresses: admins read every address book (customers still only their own).
create policy "admins read addresses" on public.user_addresses for select to authenticated
  using ((select public.is_admin()));

create policy "read own profile" on public.user_profiles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "create own profile" on public.user_profiles for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "update own profile" on public.user_profiles for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
