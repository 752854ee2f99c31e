-- Checkout for a business: shipping methods staff price by zone, sales tax through Stripe Tax, tax-exempt accounts and
-- a minimum order. The checkout record keeps what the server priced (goods, shipping, tax) and the order copies it
-- when the payment is fulfilled; the PaymentIntent's amount is always their sum (ARCHITECTURE.md, "Checkout").

-- --- Shipping methods -------------------------------------------------------------------------------------------

-- A zone is a country ('US', 'CA') or a US state ('US-IL'). A band starts at an order value in cents ('value') or
-- a parcel weight in grams ('weight'); the band with the largest start at or below the order's figure applies.
create table public.shipping_methods (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 80 and name !~ '[\x01-\x1f\x7f-\x9f]'),
  zones text[] not null
    check (cardinality(zones) between 1 and 300
           and array_to_string(zones, ',') ~ '^[A-Z]{2}(-[A-Z0-9]{1,3})?(,[A-Z]{2}(-[A-Z0-9]{1,3})?)*$'),
  basis text not null default 'value' check (basis in ('value', 'weight')),
  -- [{"from": 0, "cents": 1500}, {"from": 50000, "cents": 2500}]: starts ascending, the first at 0.
  bands jsonb not null check (jsonb_typeof(bands) = 'array' and jsonb_array_length(bands) between 1 and 20),
  -- Goods at or above this value ship free by this method; null: never free.
  free_over_cents bigint check (free_over_cents > 0),
  handling_cents bigint not null default 0 check (handling_cents between 0 and 100000000),
  position integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shipping_methods_position_idx on public.shipping_methods (position, created_at) where active;
create trigger shipping_methods_touch before update on public.shipping_methods
for each row execute function public.touch_updated_at();

alter table public.shipping_methods enable row level security;
-- The cart's estimate and the checkout show the active methods to anyone; staff see and change them all.
create policy "everyone reads active shipping methods" on public.shipping_methods for select to anon, authenticated
  using (active or (select public.is_admin()));
create policy "admins add shipping methods" on public.shipping_methods for insert to authenticated
  with check ((select public.is_admin()));
create policy "admins change shipping methods" on public.shipping_methods for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins remove shipping methods" on public.shipping_methods for delete to authenticated
  using ((select public.is_admin()));
grant select on public.shipping_methods to anon, authenticated, service_role;
grant insert, update, delete on public.shipping_methods to authenticated;

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
revoke execute on function public.record_shipping_method_change() from public, anon, authenticated, service_role;
create trigger shipping_methods_history after insert or update or delete on public.shipping_methods
for each row execute function public.record_shipping_method_change();

-- --- Tax and minimum order settings ----------------------------------------------------------------------------

alter table public.shop_settings
  add column tax_enabled boolean not null default false,
  -- Stripe Tax product tax codes by category ({"rings": "txcd_99999999", …}); a category left out uses the default.
  add column tax_codes jsonb not null default '{}'::jsonb check (jsonb_typeof(tax_codes) = 'object'),
  -- Where parcels leave from: {"line1", "city", "state", "postal_code", "country"}; null: Stripe's head office.
  add column ship_from jsonb check (ship_from is null or jsonb_typeof(ship_from) = 'object'),
  -- Goods below this value cannot be ordered; null: no minimum.
  add column min_order_cents bigint check (min_order_cents > 0);
grant select (tax_enabled, tax_codes, ship_from, min_order_cents) on public.shop_settings to anon, authenticated;
grant update (tax_enabled, tax_codes, ship_from, min_order_cents) on public.shop_settings to authenticated;

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
                               'min_order_cents'] loop
    if before -> field is distinct from after -> field then
      insert into public.shop_settings_events (field, from_value, to_value, actor_id, actor_email)
      values (field, before ->> field, after ->> field, auth.uid(), auth.email());
    end if;
  end loop;
  return null;
end;
$$;
revoke execute on function public.record_shop_settings_change() from public, anon, authenticated, service_role;

-- --- Tax-exempt accounts ------------------------------------------------------------------------------------------

-- Staff mark an account exempt (a resale certificate on file); its checkout passes the exemption to Stripe Tax and
-- the invoice says why no tax was charged. Accounts only: a guest's e-mail address proves nothing.
alter table public.customers
  add column tax_exempt boolean not null default false,
  add column tax_exempt_reason text
    check (length(tax_exempt_reason) between 1 and 200 and tax_exempt_reason !~ '[\x01-\x1f\x7f-\x9f]'),
  add constraint customers_tax_exempt_account check (not tax_exempt or user_id is not null);
create policy "admins change customers' tax exemption" on public.customers for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
grant update (tax_exempt, tax_exempt_reason) on public.customers to authenticated;
-- The checkout (service role) reads a buyer's exemption.
grant select (user_id, tax_exempt, tax_exempt_reason) on public.customers to service_role;

-- --- What a checkout and an order charge -----------------------------------------------------------------------

alter table public.checkout_sessions
  -- The lines' sum; amount = goods + shipping + tax. Null on records opened before this migration (amount = goods).
  add column goods_cents bigint check (goods_cents >= 0),
  add column shipping_method_id uuid,
  add column shipping_method text,
  add column shipping_cents bigint not null default 0 check (shipping_cents >= 0),
  add column tax_cents bigint not null default 0 check (tax_cents >= 0),
  -- Stripe Tax's calculation the tax came from, and its jurisdictions ([{"name", "rate", "cents"}]).
  add column tax_calculation_id text,
  add column tax_breakdown jsonb not null default '[]'::jsonb check (jsonb_typeof(tax_breakdown) = 'array'),
  -- Why no tax was charged (the account's exemption), passed to Stripe Tax as customer_exempt; null: taxed.
  add column tax_exempt_reason text,
  -- The shipping address the shipping and tax were priced for: payment is refused until it is the one saved.
  add column priced_for jsonb;

alter table public.orders
  add column goods_cents bigint check (goods_cents >= 0),
  add column shipping_method text,
  add column shipping_cents bigint not null default 0 check (shipping_cents >= 0),
  add column tax_cents bigint not null default 0 check (tax_cents >= 0),
  add column tax_breakdown jsonb not null default '[]'::jsonb check (jsonb_typeof(tax_breakdown) = 'array'),
  -- Why no tax was charged, for the invoice; null: taxed as Stripe Tax calculated.
  add column tax_exempt_reason text,
  add column tax_calculation_id text,
  -- Stripe Tax's transaction, recorded from the calculation once the order is written.
  add column tax_transaction_id text;
update public.orders set goods_cents = total_amount where goods_cents is null;
create index orders_tax_unrecorded_idx on public.orders (created_at)
  where tax_calculation_id is not null and tax_transaction_id is null;

-- A refund's share of the tax, and the Stripe Tax reversal that reported it.
alter table public.transactions
  add column tax_cents bigint check (tax_cents >= 0),
  add column tax_reversal_id text;

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
revoke execute on function public.set_refund_tax_share() from public, anon, authenticated, service_role;
create trigger transactions_refund_tax_share before insert or update of status on public.transactions
for each row execute function public.set_refund_tax_share();
