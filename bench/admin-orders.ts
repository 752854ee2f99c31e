// A large order history for the back-office bench: `orders` orders over the last two years with 1–5 lines each
// (3 on average), one card payment each, statuses weighted like a working shop. Set-based SQL: a few statements.
import type postgres from 'postgres';

// `contacts`: each order also gets one of 50,000 buyers' e-mails, and one in three a PO number, for the search benches.
export async function seedBenchOrders(
  sql: postgres.Sql,
  orders: number,
  { contacts = false }: { contacts?: boolean } = {},
): Promise<{ orders: number; items: number; ms: number }> {
  const t0 = Date.now();
  const [before] = await sql<{ n: number }[]>`select count(*)::int as n from public.order_items`;
  // Numbered on from the bench's orders already there, so a second call makes new references.
  const [{ start }] = await sql<[{ start: number }]>`select count(*)::int as start from public.orders where order_reference like 'BEN-%'`;
  await sql.begin(async (tx) => {
    await tx`
      create temp table bench_orders on commit drop as
      select gen_random_uuid() as id, i, h,
             -- Uniform over two years, to the second.
             now() - make_interval(secs => (h % (730 * 86400))::int) as created_at,
             (array['pending','processing','dispatched','completed','completed','completed','completed','completed',
                    'completed','completed','cancelled','refunded'])[1 + (h / 7) % 12] as status,
             1 + (h / 97) % 5 as lines
        from (select i, abs(hashint4(i + 7919))::bigint as h from generate_series(${start + 1}::int, ${start + orders}::int) as i) g`;
    await tx`
      create temp table bench_products on commit drop as
      select (row_number() over (order by id) - 1)::int as k, id, category, coalesce(default_price, price_from, 25) as price
        from public.catalog_products`;
    await tx`create unique index on bench_products (k)`;
    await tx`
      create temp table bench_items on commit drop as
      select o.id as order_id, o.created_at, p.id as product_id, p.category,
             (array[1, 2, 3, 5, 6, 10, 12])[1 + (o.h / 13 + l) % 7] as quantity,
             round(p.price * 100)::bigint as unit_price
        from bench_orders o
        cross join generate_series(1, o.lines) as l
        join bench_products p on p.k = ((o.h * 31 + l * 7907) % (select count(*) from bench_products))::int`;
    await tx`
      insert into public.orders
        (id, order_reference, customer_name, customer_phone, customer_email, purchase_order, status, total_amount,
         shipping_address, billing_address, created_at, updated_at)
      select o.id, 'BEN-' || lpad(o.i::text, 7, '0') || '-' || substr(o.id::text, 1, 4),
             'Bench Buyer ' || (o.h % 5000), '(212) 555-' || lpad((o.h % 10000)::text, 4, '0'),
             case when ${contacts} then 'buyer' || (o.h % 50000) || '@bench-desk.test' end,
             case when ${contacts} and o.h % 3 = 0 then 'PO-' || lpad((o.h % 1000000)::text, 6, '0') end,
             o.status, t.total,
             jsonb_build_object('full_name', 'Bench Buyer ' || (o.h % 5000), 'address_line1', (o.h % 1900) || ' Main Street',
                                'address_line2', null, 'city', 'New York', 'state', 'NY', 'postal_code', '10012',
                                'country', 'US', 'phone', '(212) 555-0100'),
             null, o.created_at, o.created_at
        from bench_orders o
        join (select order_id, sum(quantity * unit_price)::bigint as total from bench_items group by order_id) t on t.order_id = o.id`;
    await tx`
      insert into public.order_items (order_id, product_id, product_category, quantity, unit_price, specifications, created_at)
      select order_id, product_id, category, quantity, unit_price, 'Material: Gold', created_at from bench_items`;
    await tx`
      insert into public.transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, created_at)
      select o.id, 'stripe', 'pi_bench_' || replace(o.id::text, '-', ''), t.total_amount,
             case o.status when 'pending' then 'pending' when 'cancelled' then 'cancelled' when 'refunded' then 'refunded' else 'completed' end,
             case when o.h % 50 = 0 then null else 'card' end, o.created_at
        from bench_orders o join public.orders t on t.id = o.id`;
  });
  await sql`analyze public.orders, public.order_items, public.transactions`;
  const [after] = await sql<{ n: number }[]>`select count(*)::int as n from public.order_items`;
  return { orders, items: after!.n - before!.n, ms: Date.now() - t0 };
}
