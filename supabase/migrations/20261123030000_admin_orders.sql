-- Back office: refunds beside payments in `transactions`, each order's history of status changes and refunds, and
-- the indexes the dashboard and the orders screen read.

-- A transaction is a payment (the buyer paid `amount`) or a refund (`amount` went back to the buyer). Refund rows
-- carry Stripe's refund id (re_…) as provider_transaction_id, Stripe's refund status (pending, succeeded, failed,
-- canceled), the admin who asked for it and the idempotency key of the refund dialog: one key, one refund.
alter table public.transactions
  add column kind text not null default 'payment' check (kind in ('payment', 'refund')),
  add column idempotency_key text check (length(idempotency_key) between 8 and 100),
  add column created_by uuid references auth.users (id) on delete set null;
create unique index transactions_idempotency_key_idx on public.transactions (idempotency_key)
  where idempotency_key is not null;
create index transactions_refunds_idx on public.transactions (order_id) where kind = 'refund';

-- Admins record the refunds they make, as themselves; nobody but the server's fulfilment records a payment.
grant insert (order_id, provider, provider_transaction_id, amount, status, payment_method, kind, idempotency_key, created_by)
  on public.transactions to authenticated;
create policy "admins record their refunds" on public.transactions for insert to authenticated
  with check ((select public.is_admin()) and kind = 'refund' and created_by = (select auth.uid()));

-- Who changed what, and when: written by triggers in the same transaction as the change itself, whoever makes it
-- (an admin under RLS, or the webhook as the service role, whose rows have no actor).
create table public.order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('status', 'refund')),
  from_status text,
  to_status text,
  amount bigint check (amount > 0), -- refunds, cents
  reference text, -- Stripe's refund id
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text,
  created_at timestamptz not null default clock_timestamp()
);
create index order_events_order_idx on public.order_events (order_id, id);

alter table public.order_events enable row level security;
revoke all on public.order_events from anon, authenticated;
grant select on public.order_events to authenticated;
create policy "admins read order history" on public.order_events for select to authenticated
  using ((select public.is_admin()));

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
revoke execute on function public.record_order_status_change() from public, anon, authenticated;

create trigger orders_status_history after update of status on public.orders
for each row when (old.status is distinct from new.status) execute function public.record_order_status_change();

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
revoke execute on function public.record_refund_event() from public, anon, authenticated;

create trigger transactions_refund_history after insert on public.transactions
for each row when (new.kind = 'refund') execute function public.record_refund_event();

-- The dashboard's aggregates read a period from these indexes alone (user_id is there for the RLS check). Items and
-- payments are written in the same transaction as their order, so their created_at is the order's.
create index orders_created_figures_idx on public.orders (created_at, id) include (status, total_amount, user_id);
-- The orders screen pages through these without visiting the table (a deep OFFSET skips index entries only).
create index orders_status_created_list_idx on public.orders (status, created_at, id) include (user_id);
create index order_items_created_figures_idx on public.order_items (created_at)
  include (order_id, product_id, quantity, unit_price);
create index orders_unpaid_idx on public.orders (id) include (user_id) where status in ('cancelled', 'refunded');
create index transactions_payments_created_idx on public.transactions (created_at) include (payment_method, amount, order_id)
  where kind = 'payment' and status = 'completed';

-- Admins read every item and transaction: asking is_admin() first (once per statement) spares the per-row lookup of
-- the order that customers need, which the dashboard would otherwise pay for each of hundreds of thousands of rows.
alter policy "read own order items" on public.order_items
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())
  ));
alter policy "read own transactions" on public.transactions
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())
  ));

-- Admin search walks the newest rows for a common word and the GIN index for a rare one; which is which the planner
-- learns from the words' statistics, and with the default sample a prefix nobody uses ('zz') can look common.
alter table public.rings alter column search_vector set statistics 1000;
alter table public.necklaces alter column search_vector set statistics 1000;
alter table public.bracelets alter column search_vector set statistics 1000;
alter table public.earrings alter column search_vector set statistics 1000;
alter table public.body_jewelry alter column search_vector set statistics 1000;
