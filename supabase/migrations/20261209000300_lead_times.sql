-- When each product ships (lib/catalog/lead-time.ts holds the same rules for the forms, the CSV and the pages):
-- in stock ships in N business days (min = max = N), made to order in N to M weeks. Every product starts in stock,
-- 2 days. The columns are added with constant defaults, so no row is rewritten and no product trigger runs; the
-- history and import triggers read a table's columns from its definition, so they need no change.
do $$
declare
  t text;
begin
  foreach t in array array['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] loop
    execute format($q$
      alter table public.%1$I
        add column lead_time_kind text not null default 'in_stock',
        add column lead_time_min smallint not null default 2,
        add column lead_time_max smallint not null default 2,
        add constraint %1$s_lead_time_valid check (
          (lead_time_kind = 'in_stock' and lead_time_min between 1 and 30 and lead_time_max = lead_time_min)
          or (lead_time_kind = 'made_to_order' and lead_time_min between 1 and 52 and lead_time_max between lead_time_min and 52))$q$, t);
  end loop;
end;
$$;

-- An order keeps the promise made when it was placed. Lines written before this have none (all three null).
alter table public.order_items
  add column lead_time_kind text,
  add column lead_time_min smallint,
  add column lead_time_max smallint,
  add constraint order_items_lead_time_valid check (
    (lead_time_kind is null and lead_time_min is null and lead_time_max is null)
    or (lead_time_kind = 'in_stock' and lead_time_min between 1 and 30 and lead_time_max = lead_time_min)
    or (lead_time_kind = 'made_to_order' and lead_time_min between 1 and 52 and lead_time_max between lead_time_min and 52));

-- Where prices are hidden, the API roles hold a column list of each product table: the new columns join it.
select public.apply_price_visibility(coalesce((select price_visibility from public.shop_settings limit 1), 'everyone'));
