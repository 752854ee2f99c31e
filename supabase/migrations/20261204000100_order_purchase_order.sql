-- An optional purchase order number and company name, typed at checkout: saved on the checkout record with the
-- addresses (never read from the browser later) and copied onto the order when the payment is fulfilled. Blank is
-- null; the app trims and refuses control characters (lib/core/validation/text.ts), and the table refuses them too.
alter table public.checkout_sessions
  add column purchase_order text
    check (length(purchase_order) between 1 and 40 and purchase_order !~ '[\x01-\x1f\x7f-\x9f]'),
  add column company_name text
    check (length(company_name) between 1 and 120 and company_name !~ '[\x01-\x1f\x7f-\x9f]');
alter table public.orders
  add column purchase_order text
    check (length(purchase_order) between 1 and 40 and purchase_order !~ '[\x01-\x1f\x7f-\x9f]'),
  add column company_name text
    check (length(company_name) between 1 and 120 and company_name !~ '[\x01-\x1f\x7f-\x9f]');
-- Both tables' existing grants cover the new columns (orders: select for authenticated, insert for service_role).

-- The header search finds an order by its PO number typed in full or by its start, case-insensitively. "C" order
-- lets a range on the lower-cased text read the index whatever the database's collation.
create index orders_purchase_order_idx on public.orders ((lower(purchase_order) collate "C"))
  where purchase_order is not null;

-- Security definer, as admin_people_search: the orders policy would keep Postgres from the index (lower() is not
-- leakproof), so the function checks is_admin() itself. A range, not LIKE, so the parameter's prefix uses the index.
create or replace function public.admin_order_po_search(p_prefix text, p_limit integer)
returns setof jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('id', r.id, 'order_reference', r.order_reference, 'customer_name', r.customer_name,
                            'customer_email', r.customer_email::text, 'status', r.status,
                            'total_amount', r.total_amount, 'purchase_order', r.purchase_order)
    from (select lower(p_prefix) collate "C" as p) q
    join public.orders r
      on r.purchase_order is not null
     and lower(r.purchase_order) collate "C" >= q.p
     and lower(r.purchase_order) collate "C" < q.p || chr(1114111)
     and starts_with(lower(r.purchase_order), q.p)
   where (select public.is_admin()) and coalesce(p_prefix, '') <> ''
   order by lower(r.purchase_order) collate "C", r.created_at desc, r.id desc
   limit greatest(1, least(p_limit, 50));
$$;
revoke execute on function public.admin_order_po_search(text, integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_order_po_search(text, integer) to authenticated;
