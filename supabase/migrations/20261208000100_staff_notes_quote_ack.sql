-- The fulfilment desk (ARCHITECTURE.md, "Where each feature lives"): staff's own notes on orders and customers, with
-- author and time, never shown to buyers; and the buyer's acknowledgement mail of a quote request.

create table public.staff_notes (
  id bigint generated always as identity primary key,
  order_id uuid references public.orders (id) on delete cascade,
  customer_key text references public.customers (key) on delete cascade,
  body text not null check (length(btrim(body)) between 1 and 2000),
  author_id uuid references auth.users (id) on delete set null,
  author_email text,
  created_at timestamptz not null default now(),
  constraint staff_notes_one_subject check ((order_id is null) <> (customer_key is null))
);
create index staff_notes_order_idx on public.staff_notes (order_id, id) where order_id is not null;
create index staff_notes_customer_idx on public.staff_notes (customer_key, id) where customer_key is not null;

alter table public.staff_notes enable row level security;
grant select, insert (order_id, customer_key, body, author_id, author_email) on public.staff_notes to authenticated;
-- Staff only, and a note is signed by whoever writes it.
create policy "admins read staff notes" on public.staff_notes for select to authenticated using ((select public.is_admin()));
create policy "admins write their own notes" on public.staff_notes for insert to authenticated
  with check ((select public.is_admin()) and author_id = (select auth.uid()));

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('order_confirmation', 'order_notice', 'dispatched', 'refund', 'quote_request', 'quote_received',
                  'quote_sent', 'quote_declined', 'trade_application', 'trade_decision', 'certificate_expiring',
                  'trade_invite', 'terms_invoice', 'terms_reminder', 'terms_overdue'));
