-- The shop writes to people: every order has an e-mail address; mail goes out through an outbox written in the same
-- transaction as the event that causes it; fulfilled orders get an invoice and refunds a credit note, numbered from
-- gapless yearly sequences and never changed once issued; dispatches carry a carrier and tracking number; and the
-- shop's own name, address and tax number live in one settings row that staff edit.

-- A mail address as the shop accepts it: one line, no header tricks (the app checks the form with zod as well).
create domain public.mail_address as text
  check (value ~ '^[^\s@<>(),;:"\[\]\\]+@[^\s@<>(),;:"\[\]\\]+\.[^\s@<>(),;:"\[\]\\]+$' and length(value) <= 320);

-- --- Orders: the buyer's address, and the dispatch --------------------------------------------------------------

alter table public.checkout_sessions
  add column email public.mail_address;
alter table public.orders
  -- Null on orders placed before checkout asked for it.
  add column customer_email public.mail_address,
  add column carrier text check (length(carrier) between 1 and 60),
  add column tracking_number text check (length(tracking_number) between 1 and 100 and tracking_number !~ '[\r\n]'),
  add column dispatched_at timestamptz;
-- Admins set the dispatch details with the status (RLS: "admins update orders").
grant update (carrier, tracking_number, dispatched_at) on public.orders to authenticated;

-- --- Shop settings ---------------------------------------------------------------------------------------------

create table public.shop_settings (
  id boolean primary key default true check (id), -- one row
  shop_name text not null default 'Aurelia Fine Jewelry' check (length(shop_name) between 1 and 120),
  postal_address text not null default '' check (length(postal_address) <= 500),
  support_email text not null default '' check (support_email = '' or support_email::public.mail_address is not null),
  support_phone text not null default '' check (length(support_phone) <= 40 and support_phone !~ '[\r\n]'),
  tax_number text not null default '' check (length(tax_number) <= 60 and tax_number !~ '[\r\n]'),
  invoice_footer text not null default '' check (length(invoice_footer) <= 1000),
  -- Where the shop's new-order notices go; empty: SHOP_NOTIFY_EMAIL. Staff only (no column grant to the API roles).
  notify_email text not null default '' check (notify_email = '' or notify_email::public.mail_address is not null),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
insert into public.shop_settings (id) values (true);

alter table public.shop_settings enable row level security;
create policy "everyone reads the shop's settings" on public.shop_settings for select to anon, authenticated
  using (true);
create policy "admins change the shop's settings" on public.shop_settings for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
-- The storefront's footer and JSON-LD, mails and documents read the public columns; the notification address is read
-- by the mail sender (service role) and by admins through admin_shop_settings().
grant select (id, shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer, updated_at)
  on public.shop_settings to anon, authenticated;
grant update (shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer, notify_email,
  updated_at, updated_by) on public.shop_settings to authenticated;
grant select on public.shop_settings to service_role;

create or replace function public.admin_shop_settings()
returns setof public.shop_settings
language sql
stable
security definer
set search_path = ''
as $$ select * from public.shop_settings where (select public.is_admin()) $$;
revoke execute on function public.admin_shop_settings() from public, anon, authenticated, service_role;
grant execute on function public.admin_shop_settings() to authenticated;

-- Who changed which setting, and when: one row per changed field, written by a trigger in the same transaction.
create table public.shop_settings_events (
  id bigint generated always as identity primary key,
  field text not null,
  from_value text,
  to_value text,
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text,
  created_at timestamptz not null default clock_timestamp()
);
create index shop_settings_events_created_idx on public.shop_settings_events (id desc);
alter table public.shop_settings_events enable row level security;
create policy "admins read settings history" on public.shop_settings_events for select to authenticated
  using ((select public.is_admin()));
grant select on public.shop_settings_events to authenticated;

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
                               'invoice_footer', 'notify_email'] loop
    if before ->> field is distinct from after ->> field then
      insert into public.shop_settings_events (field, from_value, to_value, actor_id, actor_email)
      values (field, before ->> field, after ->> field, auth.uid(), auth.email());
    end if;
  end loop;
  return null;
end;
$$;
revoke execute on function public.record_shop_settings_change() from public, anon, authenticated, service_role;
create trigger shop_settings_history after update on public.shop_settings
for each row execute function public.record_shop_settings_change();

-- --- Invoices and credit notes ---------------------------------------------------------------------------------

-- The last number of each kind and year. Taking the next one locks the row until the transaction ends, so numbers
-- are handed out in commit order and a rolled-back transaction gives its number back: no gaps, no repeats.
create table public.document_numbers (
  kind text not null check (kind in ('invoice', 'credit_note')),
  year integer not null check (year between 2000 and 9999),
  last_number integer not null check (last_number > 0),
  primary key (kind, year)
);
alter table public.document_numbers enable row level security;

-- An issued document is what the PDF shows, as it was on the day: seller, buyer, lines and totals in `snapshot`.
create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null unique references public.orders (id) on delete cascade,
  number text not null unique,
  issued_at timestamptz not null default now(),
  total_amount bigint not null check (total_amount >= 0), -- cents
  snapshot jsonb not null
);

create table public.credit_notes (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  invoice_id uuid references public.invoices (id) on delete cascade,
  -- The refund it documents: one credit note per refund.
  refund_id uuid not null unique references public.transactions (id) on delete cascade,
  number text not null unique,
  issued_at timestamptz not null default now(),
  amount bigint not null check (amount > 0), -- cents
  snapshot jsonb not null
);
create index credit_notes_order_idx on public.credit_notes (order_id, issued_at);

create or replace function public.refuse_document_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% % was issued and cannot change', tg_table_name, old.number using errcode = 'P0001';
end;
$$;
revoke execute on function public.refuse_document_change() from public, anon, authenticated, service_role;
create trigger invoices_never_change before update on public.invoices
for each row execute function public.refuse_document_change();
create trigger credit_notes_never_change before update on public.credit_notes
for each row execute function public.refuse_document_change();

alter table public.invoices enable row level security;
alter table public.credit_notes enable row level security;
create policy "read own or any as admin" on public.invoices for select to authenticated
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())
  ));
create policy "read own or any as admin" on public.credit_notes for select to authenticated
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())
  ));
grant select on public.invoices, public.credit_notes to authenticated;
grant select on public.invoices, public.credit_notes to service_role;

-- Issues the next document of a kind for a year and stores it, in the caller's transaction. Called by the
-- fulfilment (service role) and by an admin's refund (RLS decides nothing here: the function checks who calls).
-- An order's invoice is issued once: asking again answers the one there is, without taking a number. The seller is
-- the shop settings as they are now, unless the snapshot names one. One statement, so the yearly number's row lock
-- is held from here to the commit and no longer.
create or replace function public.issue_document(
  p_kind text, p_year integer, p_order_id uuid, p_refund_id uuid, p_amount bigint, p_snapshot jsonb
)
returns table (id uuid, number text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
  doc_number text;
  snapshot jsonb := p_snapshot;
begin
  if not ((select auth.role()) = 'service_role' or (select public.is_admin())) then
    raise exception 'only the shop issues documents' using errcode = '42501';
  end if;
  if p_kind = 'invoice' then
    return query select i.id, i.number from public.invoices i where i.order_id = p_order_id;
    if found then
      return;
    end if;
  end if;
  if not snapshot ? 'seller' then
    -- The shape of ShopSettings in lib/settings/shop-settings.ts (a test compares the two).
    snapshot := snapshot || jsonb_build_object('seller', (
      select jsonb_build_object('shopName', s.shop_name, 'postalAddress', s.postal_address,
                                'supportEmail', s.support_email, 'supportPhone', s.support_phone,
                                'taxNumber', s.tax_number, 'invoiceFooter', s.invoice_footer)
        from public.shop_settings s));
  end if;
  insert into public.document_numbers as d (kind, year, last_number) values (p_kind, p_year, 1)
  on conflict (kind, year) do update set last_number = d.last_number + 1
  returning last_number into n;
  doc_number := case p_kind when 'invoice' then 'INV' else 'CN' end || '-' || p_year || '-' || lpad(n::text, 6, '0');
  if p_kind = 'invoice' then
    return query insert into public.invoices as i (order_id, number, total_amount, snapshot)
      values (p_order_id, doc_number, p_amount, snapshot) returning i.id, i.number;
  else
    return query insert into public.credit_notes as c (order_id, invoice_id, refund_id, number, amount, snapshot)
      values (p_order_id, (select inv.id from public.invoices inv where inv.order_id = p_order_id), p_refund_id,
              doc_number, p_amount, snapshot)
      returning c.id, c.number;
  end if;
end;
$$;
revoke execute on function public.issue_document(text, integer, uuid, uuid, bigint, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.issue_document(text, integer, uuid, uuid, bigint, jsonb) to authenticated, service_role;

-- --- Mail outbox -----------------------------------------------------------------------------------------------

-- One row per message, written with the event that causes it. Every app server runs a sender that claims due rows
-- (FOR UPDATE SKIP LOCKED), marks them 'sending' for a lease, sends, and marks them sent; a failure is retried
-- with back-off until the last try marks it failed. A lease that runs out (a sender that died mid-send) makes
-- the row due again, so such a message may go out twice, never more.
create table public.mail_outbox (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('order_confirmation', 'order_notice', 'dispatched', 'refund')),
  order_id uuid references public.orders (id) on delete cascade,
  -- Null: the shop's own notification address, read when sending.
  to_address public.mail_address,
  -- One message per event, however often the event's code runs.
  dedupe_key text not null unique check (length(dedupe_key) <= 200),
  payload jsonb not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text check (length(last_error) <= 1000),
  message_id text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at, id) where status in ('queued', 'sending');
create index mail_outbox_order_idx on public.mail_outbox (order_id, id);

alter table public.mail_outbox enable row level security;
create policy "admins read mail" on public.mail_outbox for select to authenticated using ((select public.is_admin()));
create policy "admins queue mail" on public.mail_outbox for insert to authenticated
  with check ((select public.is_admin()));
-- Resend: only a failed message, back to the queue.
create policy "admins resend failed mail" on public.mail_outbox for update to authenticated
  using ((select public.is_admin()) and status = 'failed')
  with check ((select public.is_admin()) and status = 'queued');
grant select on public.mail_outbox to authenticated;
grant insert (kind, order_id, to_address, dedupe_key, payload) on public.mail_outbox to authenticated;
grant update (status, attempts, next_attempt_at, last_error) on public.mail_outbox to authenticated;
grant select, insert, update on public.mail_outbox to service_role;
