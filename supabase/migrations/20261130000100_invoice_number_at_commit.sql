-- An invoice takes its number as its transaction commits, not when it is written. Numbers stay gapless (a
-- transaction that rolls back never took one), but the yearly counter's row lock, which every payment being
-- fulfilled at the same moment needs, is now held only for the commit itself: before, it was held from the
-- issue_document() statement across the round trip to the app and back with COMMIT, so concurrent fulfilments
-- queued on it. Credit notes keep taking theirs at once: the refund that issues one shows its number.

-- The year the number belongs to (the shop's time zone, as the app computed it when issuing).
alter table public.invoices add column year integer check (year between 2000 and 9999);
update public.invoices set year = split_part(number, '-', 2)::integer;
alter table public.invoices alter column year set not null;
alter table public.invoices alter column number drop not null;

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
revoke execute on function public.take_document_number(text, integer) from public, anon, authenticated, service_role;

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
revoke execute on function public.number_invoice_at_commit() from public, anon, authenticated, service_role;
create constraint trigger invoices_number_at_commit after insert on public.invoices
deferrable initially deferred
for each row execute function public.number_invoice_at_commit();

-- An issued document never changes; the one exception is an invoice taking its number at commit, an update that
-- sets the number alone (so the refusal runs for a numbered invoice, or for an update that names another column).
drop trigger invoices_never_change on public.invoices;
create trigger invoices_never_change before update on public.invoices
for each row when (old.number is not null) execute function public.refuse_document_change();
create trigger invoices_numbered_only before update of id, order_id, year, issued_at, total_amount, snapshot
on public.invoices for each row execute function public.refuse_document_change();

-- As before (20261126000100), except that an invoice is written without its number, which the commit gives it:
-- the answer's number is null for a new invoice.
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
revoke execute on function public.issue_document(text, integer, uuid, uuid, bigint, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.issue_document(text, integer, uuid, uuid, bigint, jsonb) to authenticated, service_role;
