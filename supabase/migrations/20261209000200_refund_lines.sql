-- What each refund credited, and why (ARCHITECTURE.md, "Order statuses"): staff refund chosen lines and quantities,
-- the shipping, or a free amount, always with a reason. The amount is the server's sum of what was chosen
-- (lib/admin/orders/refund-rules.ts); its credit note and mail list exactly these rows.

-- The reason sits on the refund's own transaction: a refund of a free amount has no lines but still has a reason.
-- Refunds made before, or in Stripe's dashboard, have none.
alter table public.transactions
  add column refund_reason text check (refund_reason in ('damaged', 'wrong_item', 'not_as_described', 'returned', 'goodwill', 'other')),
  add column refund_note text check (length(btrim(refund_note)) between 1 and 500),
  add constraint transactions_reason_of_refunds check (kind = 'refund' or (refund_reason is null and refund_note is null));

-- Admins record a line refund's reason and its share of tax (the share of the lines chosen, as the trigger
-- set_refund_tax_share() would take it from the amount).
grant insert (refund_reason, refund_note, tax_cents) on public.transactions to authenticated;

-- One row per line credited (its quantity and goods amount, tax apart on the transaction), and one for the shipping.
create table public.refund_lines (
  id bigint generated always as identity primary key,
  refund_id uuid not null references public.transactions (id) on delete cascade,
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('item', 'shipping')),
  order_item_id uuid references public.order_items (id) on delete cascade,
  quantity integer check (quantity > 0),
  amount_cents bigint not null check (amount_cents > 0),
  constraint refund_lines_item_has_quantity check ((kind = 'item') = (order_item_id is not null and quantity is not null))
);
create unique index refund_lines_item_key on public.refund_lines (refund_id, order_item_id) where kind = 'item';
create unique index refund_lines_shipping_key on public.refund_lines (refund_id) where kind = 'shipping';
create index refund_lines_order_idx on public.refund_lines (order_id);

-- The server checks what may still be refunded under the order's row lock; the table refuses the rest anyway: a line
-- of another order, or more of a line than was bought (refunds pending or succeeded count, as refundableCents does).
create or replace function public.check_refund_line()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  bought integer;
  before integer;
begin
  if not exists (select 1 from public.transactions t where t.id = new.refund_id and t.order_id = new.order_id and t.kind = 'refund') then
    raise exception 'A refund line must belong to a refund of its order.' using errcode = '23514';
  end if;
  if new.kind = 'item' then
    select i.quantity into bought from public.order_items i where i.id = new.order_item_id and i.order_id = new.order_id;
    if bought is null then
      raise exception 'A refund line must be a line of its order.' using errcode = '23514';
    end if;
    select coalesce(sum(l.quantity), 0) into before
      from public.refund_lines l join public.transactions t on t.id = l.refund_id
     where l.order_item_id = new.order_item_id and l.kind = 'item' and t.status in ('pending', 'succeeded');
    if before + new.quantity > bought then
      raise exception 'More of this line would be refunded than was bought.' using errcode = '23514';
    end if;
  end if;
  return new;
end;
$$;
revoke execute on function public.check_refund_line() from public, anon, authenticated, service_role;
create trigger refund_lines_check before insert on public.refund_lines
for each row execute function public.check_refund_line();

alter table public.refund_lines enable row level security;
grant select, insert (refund_id, order_id, kind, order_item_id, quantity, amount_cents) on public.refund_lines to authenticated;
grant select on public.refund_lines to service_role;
-- As the credit notes: admins first, then a per-row lookup of the row's order (`offset 0`).
create policy "read own or any as admin" on public.refund_lines for select to authenticated
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));
create policy "admins record refund lines" on public.refund_lines for insert to authenticated
  with check ((select public.is_admin()));
