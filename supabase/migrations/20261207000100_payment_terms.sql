-- Payment terms (ARCHITECTURE.md, "Payment terms"): staff grant an approved trade account Net 15, 30 or 60 and a
-- credit limit; its buyers may then place an order without a card, and Stripe Invoicing collects.
--
-- terms_invoices holds one row per order placed on terms: what the order owes, and the Stripe invoice that collects
-- it as Stripe last said (status, number, links, due date, payment). The row is written with the order; the Stripe
-- invoice is made after the commit and named here, so an order never waits on Stripe and a failed call is retried.

-- --- Terms on the account -------------------------------------------------------------------------------------------

alter table public.trade_accounts
  add column payment_terms_days int check (payment_terms_days in (15, 30, 60)),
  add column credit_limit_cents bigint check (credit_limit_cents between 0 and 100000000000),
  -- The account's customer at Stripe, made the first time it orders on terms.
  add column stripe_customer_id text unique,
  add constraint trade_accounts_terms_with_limit check ((payment_terms_days is null) = (credit_limit_cents is null));

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
revoke execute on function public.guard_trade_account() from public, anon, authenticated, service_role;

grant update (payment_terms_days, credit_limit_cents) on public.trade_accounts to authenticated;
grant update (stripe_customer_id) on public.trade_accounts to service_role;

-- --- Invoices on terms ----------------------------------------------------------------------------------------------

create table public.terms_invoices (
  order_id uuid primary key references public.orders (id) on delete cascade,
  account_id uuid not null references public.trade_accounts (id) on delete restrict,
  terms_days int not null check (terms_days in (15, 30, 60)),
  -- What the order charged, in cents; credit notes on the unpaid invoice lower what is owed.
  amount_cents bigint not null check (amount_cents > 0),
  credited_cents bigint not null default 0 check (credited_cents >= 0),
  paid_cents bigint not null default 0 check (paid_cents >= 0),
  -- 'pending': not yet made at Stripe; then Stripe's own statuses.
  status text not null default 'pending' check (status in ('pending', 'draft', 'open', 'paid', 'void', 'uncollectible')),
  stripe_invoice_id text unique,
  number text,
  hosted_invoice_url text,
  invoice_pdf text,
  -- Placed + terms until Stripe finalizes the invoice, then Stripe's due date.
  due_at timestamptz not null,
  paid_at timestamptz,
  paid_out_of_band boolean not null default false,
  last_payment_error text,
  -- The reminder before the due date, and the overdue notices sent so far (1, 15 and 30 days late).
  reminded_at timestamptz,
  overdue_notices int not null default 0 check (overdue_notices between 0 and 3),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint terms_invoices_credit_within check (credited_cents <= amount_cents)
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
grant select on public.terms_invoices to authenticated, service_role;
grant insert, update on public.terms_invoices to service_role;
create policy "members and admins read terms invoices" on public.terms_invoices for select to authenticated
  using ((select public.is_admin()) or account_id = (select public.my_trade_account_id()));
create policy "the server keeps terms invoices" on public.terms_invoices for all to service_role using (true) with check (true);

-- --- The mails ------------------------------------------------------------------------------------------------------

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('order_confirmation', 'order_notice', 'dispatched', 'refund', 'quote_request', 'quote_sent',
                  'quote_declined', 'trade_application', 'trade_decision', 'certificate_expiring', 'trade_invite',
                  'terms_invoice', 'terms_reminder', 'terms_overdue'));
