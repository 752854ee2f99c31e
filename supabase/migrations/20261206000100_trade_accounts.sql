-- Trade accounts and price groups (ARCHITECTURE.md, "Trade accounts and price groups").
--
-- A signed-in buyer applies for a trade account with a resale certificate; staff approve it (with a price group, and
-- tax exemption until the certificate expires), decline it with a reason or ask for more. Every decision is kept.
-- A price group takes a percentage off list prices and may fix prices per product and option. The buyers of an
-- approved account are its members: its owner, and later the colleagues the owner invites.

-- --- Price groups ---------------------------------------------------------------------------------------------------

create table public.price_groups (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 60 and name !~ '[\x01-\x1f\x7f-\x9f]'),
  percent_off numeric(5, 2) not null default 0 check (percent_off >= 0 and percent_off < 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index price_groups_name_idx on public.price_groups (lower(name));

-- A fixed price for one product, for every option ('' in stone, style and size) or for one stone, style or size.
-- The resolver takes the most specific row that matches a selection (lib/purchase/group-pricing.ts).
create table public.price_group_prices (
  group_id uuid not null references public.price_groups (id) on delete cascade,
  product_id uuid not null,
  category text not null check (category in ('rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry')),
  stone text not null default '' check (stone in ('', 'stone1', 'stone2')),
  style text not null default '' check (style in ('', 'necklace', 'bracelet')),
  size text not null default '' check (size ~ '^([0-9]{1,2}(\.[0-9]{1,2})?)?$'),
  price numeric(10, 2) not null check (price > 0 and price < 1000000),
  updated_at timestamptz not null default now(),
  primary key (group_id, product_id, stone, style, size)
);
create index price_group_prices_product_idx on public.price_group_prices (product_id);

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
revoke execute on function public.drop_deleted_product_prices() from public, anon, authenticated, service_role;
create trigger rings_drop_group_prices after delete on public.rings
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();
create trigger necklaces_drop_group_prices after delete on public.necklaces
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();
create trigger bracelets_drop_group_prices after delete on public.bracelets
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();
create trigger earrings_drop_group_prices after delete on public.earrings
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();
create trigger body_jewelry_drop_group_prices after delete on public.body_jewelry
  referencing old table as gone for each statement execute function public.drop_deleted_product_prices();

-- --- Trade accounts -------------------------------------------------------------------------------------------------

create table public.trade_accounts (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null unique references auth.users (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'more_info', 'approved', 'declined')),
  business_name text not null check (length(btrim(business_name)) between 1 and 120),
  business_type text not null check (length(btrim(business_type)) between 1 and 60),
  tax_id text not null check (tax_id ~ '^[0-9]{2}-[0-9]{7}$'),
  website text check (length(website) <= 200),
  phone text not null check (length(btrim(phone)) between 7 and 30),
  -- {"line1", "line2", "city", "state", "postal_code", "country"}
  address jsonb not null check (jsonb_typeof(address) = 'object'),
  -- The resale certificate in the private resale-certificates bucket: '<owner id>/<file>'.
  certificate_path text check (certificate_path like owner_id::text || '/%'),
  certificate_name text check (length(certificate_name) between 1 and 200),
  certificate_type text check (certificate_type in ('application/pdf', 'image/jpeg', 'image/png')),
  -- Set by staff on approval.
  price_group_id uuid references public.price_groups (id) on delete set null,
  tax_exempt boolean not null default false,
  certificate_expires_on date,
  -- The expiry date whose 30-day reminder has been sent, so each certificate is reminded of once.
  expiry_reminded_for date,
  -- The latest decline reason or request for more, as staff wrote it.
  decision_note text check (length(decision_note) <= 1000),
  submitted_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint trade_accounts_exempt_until check (not tax_exempt or certificate_expires_on is not null)
);
create index trade_accounts_status_idx on public.trade_accounts (status, submitted_at);
create index trade_accounts_group_idx on public.trade_accounts (price_group_id) where price_group_id is not null;
create index trade_accounts_expiry_idx on public.trade_accounts (certificate_expires_on) where tax_exempt;

-- Who buys for an account: its owner, and the colleagues the owner adds. A person buys for one account at most.
create table public.trade_account_members (
  account_id uuid not null references public.trade_accounts (id) on delete cascade,
  user_id uuid not null unique references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'buyer')),
  added_at timestamptz not null default now(),
  primary key (account_id, user_id)
);

-- Every submission and decision, with who made it and when.
create table public.trade_account_events (
  id bigint generated always as identity primary key,
  account_id uuid not null references public.trade_accounts (id) on delete cascade,
  kind text not null check (kind in ('submitted', 'resubmitted', 'approved', 'declined', 'more_info', 'changed',
                                     'member_added', 'member_removed', 'expiry_reminded', 'exemption_expired')),
  detail jsonb not null default '{}'::jsonb check (jsonb_typeof(detail) = 'object'),
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text,
  created_at timestamptz not null default now()
);
create index trade_account_events_account_idx on public.trade_account_events (account_id, id);

-- The owner writes the application; everything staff decide is theirs alone, whatever columns a grant opens.
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
       or new.decision_note is not null or new.decided_at is not null or new.decided_by is not null then
      raise exception 'Only staff decide on a trade account.' using errcode = '42501';
    end if;
    return new;
  end if;
  -- An owner may change and resubmit an application that is pending, was declined or was asked for more.
  if old.status = 'approved' or new.status <> 'pending'
     or new.price_group_id is distinct from old.price_group_id or new.tax_exempt is distinct from old.tax_exempt
     or new.certificate_expires_on is distinct from old.certificate_expires_on
     or new.decided_at is distinct from old.decided_at or new.decided_by is distinct from old.decided_by
     or new.expiry_reminded_for is distinct from old.expiry_reminded_for then
    raise exception 'Only staff decide on a trade account.' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end;
$$;
revoke execute on function public.guard_trade_account() from public, anon, authenticated, service_role;
create trigger trade_accounts_guard before insert or update on public.trade_accounts
for each row execute function public.guard_trade_account();

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
revoke execute on function public.my_trade_account_id() from public, anon, authenticated, service_role;
grant execute on function public.my_trade_account_id() to authenticated, service_role;

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
revoke execute on function public.my_price_group_id() from public, anon, authenticated, service_role;
grant execute on function public.my_price_group_id() to authenticated, service_role;

-- --- Row-level security ---------------------------------------------------------------------------------------------

alter table public.price_groups enable row level security;
alter table public.price_group_prices enable row level security;
alter table public.trade_accounts enable row level security;
alter table public.trade_account_members enable row level security;
alter table public.trade_account_events enable row level security;

revoke all on public.price_groups, public.price_group_prices, public.trade_accounts, public.trade_account_members,
  public.trade_account_events from public, anon, authenticated, service_role;

-- A buyer reads their own group and its prices, never another's; staff read and write them all.
grant select, insert, update, delete on public.price_groups, public.price_group_prices to authenticated;
grant select on public.price_groups, public.price_group_prices to service_role;
create policy "buyers read their group" on public.price_groups for select to authenticated
  using ((select public.is_admin()) or id = (select public.my_price_group_id()));
create policy "admins write groups" on public.price_groups for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "buyers read their group's prices" on public.price_group_prices for select to authenticated
  using ((select public.is_admin()) or group_id = (select public.my_price_group_id()));
create policy "admins write group prices" on public.price_group_prices for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

grant select on public.trade_accounts to authenticated, service_role;
grant insert (owner_id, business_name, business_type, tax_id, website, phone, address, certificate_path,
              certificate_name, certificate_type) on public.trade_accounts to authenticated;
grant update (status, business_name, business_type, tax_id, website, phone, address, certificate_path,
              certificate_name, certificate_type, submitted_at, price_group_id, tax_exempt, certificate_expires_on,
              decision_note, decided_at, decided_by) on public.trade_accounts to authenticated;
grant update (expiry_reminded_for, tax_exempt) on public.trade_accounts to service_role;
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

grant select on public.trade_account_members to authenticated, service_role;
grant insert (account_id, user_id, role), delete on public.trade_account_members to authenticated;
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

grant select, insert (account_id, kind, detail, actor_id, actor_email) on public.trade_account_events to authenticated;
grant select, insert (account_id, kind, detail, actor_id, actor_email) on public.trade_account_events to service_role;
create policy "members and admins read events" on public.trade_account_events for select to authenticated
  using ((select public.is_admin()) or account_id = (select public.my_trade_account_id())
         or exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid())));
create policy "owners and admins record events" on public.trade_account_events for insert to authenticated
  with check (actor_id = (select auth.uid()) and ((select public.is_admin())
              or exists (select 1 from public.trade_accounts a where a.id = account_id and a.owner_id = (select auth.uid()))));
create policy "the maintenance timer records events" on public.trade_account_events for insert to service_role
  with check (actor_id is null);
create policy "the maintenance timer reads events" on public.trade_account_events for select to service_role using (true);

-- --- Resale certificates: a private bucket, each owner's files in their own folder -------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('resale-certificates', 'resale-certificates', false, 10485760, array['application/pdf', 'image/jpeg', 'image/png'])
on conflict (id) do update set public = excluded.public,
  file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

create policy "owners and admins read certificates" on storage.objects for select to authenticated
  using (bucket_id = 'resale-certificates'
         and ((storage.foldername(name))[1] = (select auth.uid())::text or (select public.is_admin())));
create policy "owners upload certificates" on storage.objects for insert to authenticated
  with check (bucket_id = 'resale-certificates' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- --- Who sees prices ------------------------------------------------------------------------------------------------

alter table public.shop_settings
  -- 'everyone' (SPEC.md's shop), 'signed_in' buyers, or approved 'trade' accounts only.
  add column price_visibility text not null default 'everyone' check (price_visibility in ('everyone', 'signed_in', 'trade')),
  add column guest_checkout boolean not null default true;
grant select (price_visibility, guest_checkout) on public.shop_settings to anon, authenticated;
grant update (price_visibility, guest_checkout) on public.shop_settings to authenticated;

create or replace function public.record_shop_settings_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  field text;
  before jsonb := to_jsonb(old);
  after jsonb := to_jsonb(new);
begin
  foreach field in array array['shop_name', 'postal_address', 'support_email', 'support_phone', 'tax_number',
                               'invoice_footer', 'notify_email', 'tax_enabled', 'tax_codes', 'ship_from',
                               'min_order_cents', 'price_visibility', 'guest_checkout'] loop
    if before -> field is distinct from after -> field then
      insert into public.shop_settings_events (field, from_value, to_value, actor_id, actor_email)
      values (field, before ->> field, after ->> field, auth.uid(), auth.email());
    end if;
  end loop;
  return null;
end;
$$;
revoke execute on function public.record_shop_settings_change() from public, anon, authenticated, service_role;

-- --- Exemption follows the certificate ------------------------------------------------------------------------------

-- The last day an account's exemption holds (its certificate's expiry); null: no end (staff's own exemption).
alter table public.customers add column tax_exempt_until date;
grant update (tax_exempt_until) on public.customers to authenticated;
grant select (tax_exempt_until) on public.customers to service_role;

-- --- Mail -----------------------------------------------------------------------------------------------------------

alter table public.mail_outbox add column trade_account_id uuid references public.trade_accounts (id) on delete cascade;
create index mail_outbox_trade_account_idx on public.mail_outbox (trade_account_id, id) where trade_account_id is not null;
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('order_confirmation', 'order_notice', 'dispatched', 'refund', 'quote_request', 'quote_sent',
                  'quote_declined', 'trade_application', 'trade_decision', 'certificate_expiring'));
grant insert (trade_account_id) on public.mail_outbox to authenticated;
