-- Partial shipments (ARCHITECTURE.md, "Where each feature lives": dispatch with carrier and tracking). Staff ship
-- chosen lines and quantities of an order, each parcel with its own carrier and tracking number; the order becomes
-- dispatched when its last line ships. The whole-order dispatch (the status control) is one shipment of everything
-- still to ship, so an order's shipments always say what left the building.

create table public.shipments (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  carrier text check (length(carrier) between 1 and 60 and carrier !~ '[\r\n]'),
  tracking_number text check (length(tracking_number) between 1 and 100 and tracking_number !~ '[\r\n]'),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index shipments_order_idx on public.shipments (order_id, id);

create table public.shipment_lines (
  shipment_id bigint not null references public.shipments (id) on delete cascade,
  order_item_id uuid not null references public.order_items (id) on delete cascade,
  quantity integer not null check (quantity > 0),
  primary key (shipment_id, order_item_id)
);
-- What an item has shipped so far (the over-ship check, "still to ship").
create index shipment_lines_item_idx on public.shipment_lines (order_item_id) include (quantity);

-- Orders dispatched or completed before shipments existed went out whole: one shipment each, with the order's
-- carrier and tracking number. Written before the check below, which would lock each order in turn.
with made as (
  insert into public.shipments (order_id, carrier, tracking_number, created_at)
  select o.id, o.carrier, o.tracking_number, coalesce(o.dispatched_at, o.created_at) from public.orders o
   where o.status in ('dispatched', 'completed') or o.dispatched_at is not null
  returning id, order_id
)
insert into public.shipment_lines (shipment_id, order_item_id, quantity)
select made.id, i.id, i.quantity from made join public.order_items i on i.order_id = made.order_id;

-- A line never ships more than was ordered, nor a line of another order. The order's row lock makes two shipments of
-- one order take turns, so each sees what the other shipped.
create or replace function public.check_shipment_line()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_order uuid;
  v_item_order uuid;
  v_ordered integer;
  v_shipped bigint;
begin
  select s.order_id into v_order from public.shipments s where s.id = new.shipment_id;
  perform 1 from public.orders o where o.id = v_order for update;
  select i.order_id, i.quantity into v_item_order, v_ordered from public.order_items i where i.id = new.order_item_id;
  if v_item_order is distinct from v_order then
    raise exception 'That line is not on this order.' using errcode = '23514';
  end if;
  select coalesce(sum(l.quantity), 0) into v_shipped from public.shipment_lines l where l.order_item_id = new.order_item_id;
  if v_shipped + new.quantity > v_ordered then
    raise exception 'More would ship than was ordered.' using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke execute on function public.check_shipment_line() from public, anon, authenticated, service_role;
create trigger shipment_lines_check before insert on public.shipment_lines
for each row execute function public.check_shipment_line();

-- Admins record shipments and fill in a parcel's tracking later; the buyer (and their trade account's members) read
-- their order's, as they read its items. Nobody changes or deletes a shipped line.
alter table public.shipments enable row level security;
alter table public.shipment_lines enable row level security;
grant select on public.shipments, public.shipment_lines to authenticated, service_role;
grant insert (order_id, carrier, tracking_number, created_by) on public.shipments to authenticated;
grant update (carrier, tracking_number) on public.shipments to authenticated;
grant insert (shipment_id, order_item_id, quantity) on public.shipment_lines to authenticated;

create policy "read own shipments" on public.shipments for select to authenticated
  using ((select public.is_admin()) or exists (
    select 1 from public.orders o where o.id = order_id and o.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));
create policy "admins record shipments" on public.shipments for insert to authenticated
  with check ((select public.is_admin()) and created_by = (select auth.uid()));
create policy "admins fill in tracking" on public.shipments for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "read own shipment lines" on public.shipment_lines for select to authenticated
  using ((select public.is_admin()) or exists (
    select 1 from public.shipments s join public.orders o on o.id = s.order_id
     where s.id = shipment_id and o.user_id = any ((select public.my_account_user_ids())::uuid[]) offset 0
  ));
create policy "admins record shipment lines" on public.shipment_lines for insert to authenticated
  with check ((select public.is_admin()));

-- --- The mail of a shipment -----------------------------------------------------------------------------------------

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('order_confirmation', 'order_notice', 'dispatched', 'refund', 'quote_request', 'quote_received',
                  'quote_sent', 'quote_declined', 'trade_application', 'trade_decision', 'certificate_expiring',
                  'trade_invite', 'terms_invoice', 'terms_reminder', 'terms_overdue', 'shipment'));
