-- Documents, mail and settings: invoices and credit notes with their gapless numbers, invoices on payment terms,
-- the mail outbox, and the shop's settings with their history.

set local check_function_bodies = off;

-- An issued document is what the PDF shows, as it was on the day: seller, buyer, lines and totals in `snapshot`.
create table public.invoices (
  id uuid default gen_random_uuid() not null,
  order_id uuid not null,
  number text,
  issued_at timestamptz default now() not null,
  total_amount bigint not null,
  snapshot jsonb not null,
  year integer not null,
  constraint invoices_pkey primary key (id),
  constraint invoices_number_key unique (number),
  constraint invoices_order_id_key unique (order_id),
  constraint invoices_total_amount_check check ((total_amount >= 0)),
  constraint invoices_year_check check ((year BETWEEN 2000 AND 9999)),
  constraint invoices_order_id_fkey foreign key (order_id) references orders(id) on delete cascade
);
alter table public.invoices enable row level security;
revoke all on table public.invoices from public;
grant select on table public.invoices to authenticated, service_role;

create table public.credit_notes (
  id uuid default gen_random_uuid() not null,
  order_id uuid not null,
  invoice_id uuid,
  refund_id uuid not null,
  number text not null,
  issued_at timestamptz default now() not null,
  amount bigint not null,
  snapshot jsonb not null,
  constraint credit_notes_pkey primary key (id),
  constraint credit_notes_number_key unique (number),
  constraint credit_notes_refund_id_key unique (refund_id),
  constraint credit_notes_amount_check check ((amount > 0)),
  constraint credit_notes_invoice_id_fkey foreign key (invoice_id) references invoices(id) on delete cascade,
  constraint credit_notes_order_id_fkey foreign key (order_id) references orders(id) on delete cascade,
  constraint credit_notes_refund_id_fkey foreign key (refund_id) references transactions(id) on delete cascade
);
create index credit_notes_order_idx on public.credit_notes (order_id, issued_at);
alter table public.credit_notes enable row level security;
revoke all on table public.credit_notes from public;
grant select on table public.credit_notes to authenticated, service_role;

-- The last number of each kind and year. Taking the next one locks the row until the transaction ends, so numbers
-- are handed out in commit order and a rolled-back transaction gives its number back: no gaps, no repeats.
create table public.document_numbers (
  kind text not null,
  year integer not null,
  last_number integer not null,
  constraint document_numbers_pkey primary key (kind, year),
  constraint document_numbers_kind_check check ((kind = ANY (ARRAY['invoice'::text, 'credit_note'::text]))),
  constraint document_numbers_last_number_check check ((last_number > 0)),
  constraint document_numbers_year_check check ((year BETWEEN 2000 AND 9999))
);
alter table public.document_numbers enable row level security;

-- --- Invoices on terms ----------------------------------------------------------------------------------------------
create table public.terms_invoices (
  order_id uuid not null,
  account_id uuid not null,
  terms_days integer not null,
  amount_cents bigint not null,
  credited_cents bigint default 0 not null,
  paid_cents bigint default 0 not null,
  status text default 'pending'::text not null,
  stripe_invoice_id text,
  number text,
  hosted_invoice_url text,
  invoice_pdf text,
  due_at timestamptz not null,
  paid_at timestamptz,
  paid_out_of_band boolean default false not null,
  last_payment_error text,
  reminded_at timestamptz,
  overdue_notices integer default 0 not null,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  constraint terms_invoices_pkey primary key (order_id),
  constraint terms_invoices_stripe_invoice_id_key unique (stripe_invoice_id),
  constraint terms_invoices_amount_cents_check check ((amount_cents > 0)),
  constraint terms_invoices_credit_within check ((credited_cents <= amount_cents)),
  constraint terms_invoices_credited_cents_check check ((credited_cents >= 0)),
  constraint terms_invoices_overdue_notices_check check ((overdue_notices BETWEEN 0 AND 3)),
  constraint terms_invoices_paid_cents_check check ((paid_cents >= 0)),
  constraint terms_invoices_status_check check ((status = ANY (ARRAY['pending'::text, 'draft'::text, 'open'::text, 'paid'::text, 'void'::text, 'uncollectible'::text]))),
  constraint terms_invoices_terms_days_check check ((terms_days = ANY (ARRAY[15, 30, 60]))),
  constraint terms_invoices_account_id_fkey foreign key (account_id) references trade_accounts(id) on delete restrict,
  constraint terms_invoices_order_id_fkey foreign key (order_id) references orders(id) on delete cascade
);
-- What is owed: the credit check sums an account's open rows, the receivables screen reads them by due date.
create index terms_invoices_account_open_idx on public.terms_invoices (account_id)
  include (amount_cents, credited_cents, paid_cents) where status in ('pending', 'draft', 'open');
create index terms_invoices_open_due_idx on public.terms_invoices (due_at, order_id) where status in ('pending', 'draft', 'open');
-- Cash collected per period (the dashboard).
create index terms_invoices_paid_idx on public.terms_invoices (paid_at) include (paid_cents) where paid_at is not null;
-- Invoices Stripe has not made yet (the maintenance sweep).
create index terms_invoices_unmade_idx on public.terms_invoices (created_at) where stripe_invoice_id is null or status = 'draft';
alter table public.terms_invoices enable row level security;
revoke all on table public.terms_invoices from public;
grant select on table public.terms_invoices to authenticated;
grant insert, select, update on table public.terms_invoices to service_role;

-- One row per message, written with the event that causes it. Every app server runs a sender that claims due rows
-- (FOR UPDATE SKIP LOCKED), marks them 'sending' for a lease, sends, and marks them sent; a failure is retried
-- with back-off until the last try marks it failed. A lease that runs out (a sender that died mid-send) makes
-- the row due again, so such a message may go out twice, never more.
create table public.mail_outbox (
  id bigint generated always as identity not null,
  kind text not null,
  order_id uuid,
  to_address mail_address,
  dedupe_key text not null,
  payload jsonb default '{}'::jsonb not null,
  status text default 'queued'::text not null,
  attempts integer default 0 not null,
  next_attempt_at timestamptz default now() not null,
  locked_until timestamptz,
  last_error text,
  message_id text,
  sent_at timestamptz,
  created_at timestamptz default now() not null,
  quote_id uuid,
  trade_account_id uuid,
  constraint mail_outbox_pkey primary key (id),
  constraint mail_outbox_dedupe_key_key unique (dedupe_key),
  constraint mail_outbox_dedupe_key_check check ((length(dedupe_key) <= 200)),
  constraint mail_outbox_kind_check check ((kind = ANY (ARRAY['order_confirmation'::text, 'order_notice'::text, 'dispatched'::text, 'refund'::text, 'quote_request'::text, 'quote_received'::text, 'quote_sent'::text, 'quote_declined'::text, 'trade_application'::text, 'trade_decision'::text, 'certificate_expiring'::text, 'trade_invite'::text, 'terms_invoice'::text, 'terms_reminder'::text, 'terms_overdue'::text, 'shipment'::text]))),
  constraint mail_outbox_last_error_check check ((length(last_error) <= 1000)),
  constraint mail_outbox_status_check check ((status = ANY (ARRAY['queued'::text, 'sending'::text, 'sent'::text, 'failed'::text]))),
  constraint mail_outbox_order_id_fkey foreign key (order_id) references orders(id) on delete cascade,
  constraint mail_outbox_quote_id_fkey foreign key (quote_id) references quotes(id) on delete cascade,
  constraint mail_outbox_trade_account_id_fkey foreign key (trade_account_id) references trade_accounts(id) on delete cascade
);
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at, id) where status in ('queued', 'sending');
create index mail_outbox_order_idx on public.mail_outbox (order_id, id);
create index mail_outbox_quote_idx on public.mail_outbox (quote_id, id) where quote_id is not null;
create index mail_outbox_trade_account_idx on public.mail_outbox (trade_account_id, id) where trade_account_id is not null;
alter table public.mail_outbox enable row level security;
revoke all on table public.mail_outbox from public;
grant select on table public.mail_outbox to authenticated;
grant insert, select, update on table public.mail_outbox to service_role;
grant insert (kind, order_id, to_address, dedupe_key, payload, quote_id, trade_account_id) on table public.mail_outbox to authenticated;
grant update (status, attempts, next_attempt_at, last_error) on table public.mail_outbox to authenticated;

-- --- Shop settings ---------------------------------------------------------------------------------------------
create table public.shop_settings (
  id boolean default true not null,
  shop_name text default 'Aurelia Fine Jewelry'::text not null,
  postal_address text default ''::text not null,
  support_email text default ''::text not null,
  support_phone text default ''::text not null,
  tax_number text default ''::text not null,
  invoice_footer text default ''::text not null,
  notify_email text default ''::text not null,
  updated_at timestamptz default now() not null,
  updated_by uuid,
  tax_enabled boolean default false not null,
  tax_codes jsonb default '{}'::jsonb not null,
  ship_from jsonb,
  min_order_cents bigint,
  price_visibility text default 'everyone'::text not null,
  guest_checkout boolean default true not null,
  constraint shop_settings_pkey primary key (id),
  constraint shop_settings_id_check check (id),
  constraint shop_settings_invoice_footer_check check ((length(invoice_footer) <= 1000)),
  constraint shop_settings_min_order_cents_check check ((min_order_cents > 0)),
  constraint shop_settings_notify_email_check check (((notify_email = ''::text) OR ((notify_email)::mail_address IS NOT NULL))),
  constraint shop_settings_postal_address_check check ((length(postal_address) <= 500)),
  constraint shop_settings_price_visibility_check check ((price_visibility = ANY (ARRAY['everyone'::text, 'signed_in'::text, 'trade'::text]))),
  constraint shop_settings_ship_from_check check (((ship_from IS NULL) OR (jsonb_typeof(ship_from) = 'object'::text))),
  constraint shop_settings_shop_name_check check ((length(shop_name) BETWEEN 1 AND 120)),
  constraint shop_settings_support_email_check check (((support_email = ''::text) OR ((support_email)::mail_address IS NOT NULL))),
  constraint shop_settings_support_phone_check check (((length(support_phone) <= 40) AND (support_phone !~ '[\r\n]'::text))),
  constraint shop_settings_tax_codes_check check ((jsonb_typeof(tax_codes) = 'object'::text)),
  constraint shop_settings_tax_number_check check (((length(tax_number) <= 60) AND (tax_number !~ '[\r\n]'::text))),
  constraint shop_settings_updated_by_fkey foreign key (updated_by) references auth.users(id) on delete set null
);
alter table public.shop_settings enable row level security;
revoke all on table public.shop_settings from public;
grant select on table public.shop_settings to service_role;
grant select (id, shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer, updated_at, tax_enabled, tax_codes, ship_from, min_order_cents, price_visibility, guest_checkout) on table public.shop_settings to anon, authenticated;
grant update (shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer, notify_email, updated_at, updated_by, tax_enabled, tax_codes, ship_from, min_order_cents, price_visibility, guest_checkout) on table public.shop_settings to authenticated;

-- Who changed which setting, and when: one row per changed field, written by a trigger in the same transaction.
create table public.shop_settings_events (
  id bigint generated always as identity not null,
  field text not null,
  from_value text,
  to_value text,
  actor_id uuid,
  actor_email text,
  created_at timestamptz default clock_timestamp() not null,
  constraint shop_settings_events_pkey primary key (id),
  constraint shop_settings_events_actor_id_fkey foreign key (actor_id) references auth.users(id) on delete set null
);
create index shop_settings_events_created_idx on public.shop_settings_events (id desc);
alter table public.shop_settings_events enable row level security;
revoke all on table public.shop_settings_events from public;
grant select on table public.shop_settings_events to authenticated;

create or replace function public.admin_shop_settings()
returns setof public.shop_settings
language sql
stable
security definer
set search_path = ''
as $$ select * from public.shop_settings where (select public.is_admin()) $$;
revoke all on function public.admin_shop_settings() from public;
grant all on function public.admin_shop_settings() to authenticated;

-- Issues an invoice or a credit note (the shop's server or an admin). The snapshot gets the seller's details from
-- shop_settings unless it has them. An order has one invoice: asking again answers the existing one. A new invoice
-- is written without its number, which the commit gives it (number_invoice_at_commit), so the number row stays
-- locked for the commit only and the answer's number is null; a credit note takes its number at once.
create or replace function public.issue_document(
  p_kind text, p_year integer, p_order_id uuid, p_refund_id uuid, p_amount bigint, p_snapshot jsonb
)
returns table (id uuid, number text)
language plpgsql
security definer
set search_path = ''
as $$
declare
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
  if p_kind = 'invoice' then
    return query insert into public.invoices as i (order_id, year, total_amount, snapshot)
      values (p_order_id, p_year, p_amount, snapshot) returning i.id, i.number;
  else
    return query insert into public.credit_notes as c (order_id, invoice_id, refund_id, number, amount, snapshot)
      values (p_order_id, (select inv.id from public.invoices inv where inv.order_id = p_order_id), p_refund_id,
              public.take_document_number(p_kind, p_year), p_amount, snapshot)
      returning c.id, c.number;
  end if;
end;
$$;
revoke all on function public.issue_document(p_kind text, p_year integer, p_order_id uuid, p_refund_id uuid, p_amount bigint, p_snapshot jsonb) from public;
grant all on function public.issue_document(p_kind text, p_year integer, p_order_id uuid, p_refund_id uuid, p_amount bigint, p_snapshot jsonb) to authenticated, service_role;

-- Deferred to the commit: numbers the invoice if it is still there and still has none (the number is taken only
-- for a row that is updated, so a deleted invoice takes none).
create or replace function public.number_invoice_at_commit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.invoices set number = public.take_document_number('invoice', new.year)
   where id = new.id and number is null;
  return null;
end;
$$;
revoke all on function public.number_invoice_at_commit() from public;

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
revoke all on function public.record_shop_settings_change() from public;

create or replace function public.refuse_document_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% % was issued and cannot change', tg_table_name, old.number using errcode = 'P0001';
end;
$$;
revoke all on function public.refuse_document_change() from public;

-- The next number of a kind and year: locks that row of document_numbers until the transaction ends.
create or replace function public.take_document_number(p_kind text, p_year integer)
returns text
language plpgsql
set search_path = ''
as $$
declare
  n integer;
begin
  update public.document_numbers d set last_number = d.last_number + 1
   where d.kind = p_kind and d.year = p_year
  returning d.last_number into n;
  if n is null then
    insert into public.document_numbers as d (kind, year, last_number) values (p_kind, p_year, 1)
    on conflict (kind, year) do update set last_number = d.last_number + 1
    returning d.last_number into n;
  end if;
  return case p_kind when 'invoice' then 'INV' else 'CN' end || '-' || p_year || '-' || lpad(n::text, 6, '0');
end;
$$;
revoke all on function public.take_document_number(p_kind text, p_year integer) from public;

-- Triggers
create trigger credit_notes_never_change before update on public.credit_notes
for each row execute function public.refuse_document_change();
create trigger invoices_never_change before update on public.invoices
for each row when (old.number is not null) execute function public.refuse_document_change();
create constraint trigger invoices_number_at_commit after insert on public.invoices
deferrable initially deferred
for each row execute function public.number_invoice_at_commit();
create trigger invoices_numbered_only before update of id, order_id, year, issued_at, total_amount, snapshot
on public.invoices for each row execute function public.refuse_document_change();
create trigger shop_settings_history after update on public.shop_settings
for each row execute function public.record_shop_settings_change();
create trigger shop_settings_price_visibility after update of price_visibility on public.shop_settings
for each row when (old.price_visibility is distinct from new.price_visibility)
execute function public.price_visibility_changed();

-- Policies. Invoices and credit notes are read as an order's lines are: admins first, then a per-row lookup of the
-- row's order (see the policies of 20261210000400_orders.sql).
create policy "read own or any as admin" on public.credit_notes for select to authenticated
  using ((( SELECT is_admin() AS is_admin) OR (EXISTS ( SELECT 1
   FROM orders o
  WHERE ((o.id = credit_notes.order_id) AND (o.user_id = ANY (( SELECT my_account_user_ids() AS my_account_user_ids)::uuid[])))
 OFFSET 0))));

create policy "read own or any as admin" on public.invoices for select to authenticated
  using ((( SELECT is_admin() AS is_admin) OR (EXISTS ( SELECT 1
   FROM orders o
  WHERE ((o.id = invoices.order_id) AND (o.user_id = ANY (( SELECT my_account_user_ids() AS my_account_user_ids)::uuid[])))
 OFFSET 0))));

create policy "admins read mail" on public.mail_outbox for select to authenticated using ((select public.is_admin()));
create policy "admins queue mail" on public.mail_outbox for insert to authenticated
  with check ((select public.is_admin()));
-- Resend: only a failed message, back to the queue.
create policy "admins resend failed mail" on public.mail_outbox for update to authenticated
  using ((select public.is_admin()) and status = 'failed')
  with check ((select public.is_admin()) and status = 'queued');
-- The owner queues the mail of an open invitation of theirs, in the invitation's transaction: to its address, once
-- per token, and only with the token whose hash it stores (the link the mail carries).
create policy "owners queue their invitations" on public.mail_outbox for insert to authenticated
  with check (kind = 'trade_invite' and order_id is null and quote_id is null and exists (
    select 1 from public.trade_account_invites i join public.trade_accounts a on a.id = i.account_id
     where i.account_id = trade_account_id and a.owner_id = (select auth.uid()) and a.status = 'approved'
       and i.accepted_at is null and i.email::text = to_address::text
       and dedupe_key = 'trade_invite:' || i.token_hash
       and encode(sha256(convert_to(coalesce(payload ->> 'token', ''), 'UTF8')), 'hex') = i.token_hash));

create policy "everyone reads the shop's settings" on public.shop_settings for select to anon, authenticated
  using (true);
create policy "admins change the shop's settings" on public.shop_settings for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "admins read settings history" on public.shop_settings_events for select to authenticated
  using ((select public.is_admin()));

create policy "members and admins read terms invoices" on public.terms_invoices for select to authenticated
  using ((select public.is_admin()) or account_id = (select public.my_trade_account_id()));
create policy "the server keeps terms invoices" on public.terms_invoices for all to service_role using (true) with check (true);

insert into public.shop_settings (id) values (true);
