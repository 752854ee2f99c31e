// The Customers screen and the header search at size: 20,000 customers (BENCH_CUSTOMERS; 70% accounts, 30% guests)
// who placed the bench's 100,000 orders (BENCH_ORDERS, seeded here unless the admin part already did) on the
// 100,000-product catalog. Server time of the functions the pages and the search route call, as the demo admin under
// RLS, one call after another in a child process (react-server condition, as Next.js runs them):
//   - the customers list: several sorts both ways, first, middle and last pages, searches and tag filters (staff's
//     tags: 'VIP' on one customer in 50, 'Net 30' on one in 5) (target p95 ≤ 100 ms);
//   - the header search across products, orders and customers (target p95 ≤ 30 ms);
//   - the customer page of the top-spending account and of the top-spending guest.
// The buyers are written by set-based SQL; the running totals come from the triggers, as in the shop.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { DEMO_USERS } from '../supabase/seed/demo-users';
import { seedBenchOrders } from './admin-orders';
import { reportFromChild, seededBench, timings } from './child';
import { vacuumAllVisible } from '../supabase/seed/vacuum';

const RESULT_TAG = 'CUSTOMERS_RESULT ';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS) || 20_000;
const ORDERS = Number(process.env.BENCH_ORDERS) || 100_000;
const ROUNDS = Number(process.env.BENCH_CUSTOMERS_ROUNDS) || 10;
const ACCOUNT_SHARE = 0.7;

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Katherine', 'Linus', 'Margaret', 'Niklaus', 'Radia', 'Tim', 'Vint', 'Shafi', 'Leslie', 'Ken', 'Dennis', 'Sophie'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'McCarthy', 'Johnson', 'Torvalds', 'Hamilton', 'Wirth', 'Perlman', 'Berners', 'Cerf', 'Goldwasser', 'Lamport', 'Thompson', 'Ritchie', 'Wilson', 'Moreno', 'Okafor', 'Nakamura', 'Schmidt', 'Rossi'];

/** Accounts and guests, and the bench's orders shared out among them. */
async function seedCustomers(databaseUrl: string): Promise<Record<string, unknown>> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const t0 = Date.now();
    const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from public.orders where order_reference like 'BEN-%'`;
    const orders = n >= ORDERS ? { orders: n, ms: 0 } : await seedBenchOrders(sql, ORDERS - n);
    const t1 = Date.now();
    const accounts = Math.round(CUSTOMERS * ACCOUNT_SHARE);
    await sql.begin(async (tx) => {
      await tx`
        insert into auth.users (id, email, aud, role, raw_user_meta_data, created_at, updated_at)
        select gen_random_uuid(), 'buyer' || i || '@bench-customers.test', 'authenticated', 'authenticated',
               jsonb_build_object('full_name', (${FIRST}::text[])[1 + i % ${FIRST.length}] || ' ' || (${LAST}::text[])[1 + (i / ${FIRST.length}) % ${LAST.length}]),
               now(), now()
          from generate_series(1, ${accounts}::int) i`;
      await tx`
        update public.user_profiles p set phone_number = '(' || (200 + i % 700) || ') 555-' || lpad((i % 10000)::text, 4, '0')
          from (select id, substring(email from 'buyer(\\d+)@')::int as i from auth.users where email like '%@bench-customers.test') u
         where p.user_id = u.id`;
      // Order k goes to buyer k mod CUSTOMERS: the first 70% are accounts, the rest guests (e-mail and name typed at
      // checkout, sometimes in capitals).
      await tx`
        with o as (
          select id, (row_number() over (order by id) - 1) % ${CUSTOMERS}::int as b from public.orders where order_reference like 'BEN-%'
        ), u as (
          select id, substring(email from 'buyer(\\d+)@')::int - 1 as b from auth.users where email like '%@bench-customers.test'
        )
        update public.orders t
           set user_id = u.id,
               customer_email = case when u.id is null
                 then case when o.b % 7 = 0 then 'GUEST' else 'guest' end || o.b || '@bench-guests.test'
                 else 'buyer' || (o.b + 1) || '@bench-customers.test' end,
               customer_name = (${FIRST}::text[])[1 + o.b % ${FIRST.length}] || ' ' || (${LAST}::text[])[1 + (o.b / 3) % ${LAST.length}]
          from o left join u on u.b = o.b
         where t.id = o.id`;
      // Some refunds: one order in 25 gets a partial refund back.
      await tx`
        insert into public.transactions (order_id, provider, provider_transaction_id, amount, status, kind, created_at)
        select id, 'stripe', 're_bench_' || replace(id::text, '-', ''), total_amount / 4, 'succeeded', 'refund', created_at
          from public.orders where order_reference like 'BEN-%' and status = 'completed' and abs(hashtext(id::text)) % 25 = 0`;
      // Staff's tags: a rare one and a common one.
      await tx`
        insert into public.customer_tags (customer_key, tag)
        select key, tag from (select key, row_number() over (order by key) as i from public.customers) c
          cross join lateral (values ('VIP', 50), ('Net 30', 5)) t(tag, every)
         where c.i % t.every = 0
        on conflict do nothing`;
    });
    await vacuumAllVisible(sql, ['customers', 'customer_tags', 'orders', 'transactions', 'user_profiles']);
    const [counts] = await sql<[{ customers: number; guests: number; orders: number; products: number }]>`
      select (select count(*)::int from public.customers) as customers,
             (select count(*)::int from public.customers where user_id is null) as guests,
             (select count(*)::int from public.orders) as orders,
             (select count(*)::int from public.catalog_products) as products`;
    return { ...counts, orders_seed_s: +(orders.ms / 1000).toFixed(1), customers_seed_s: +((Date.now() - t1) / 1000).toFixed(1), total_s: +((Date.now() - t0) / 1000).toFixed(1) };
  } finally {
    await sql.end();
  }
}

export async function benchCustomers(databaseUrl: string, env: Record<string, string>): Promise<Record<string, unknown>> {
  return seededBench('customers', () => seedCustomers(databaseUrl), fileURLToPath(import.meta.url), RESULT_TAG, env);
}

const summary = timings;

async function child() {
  const { loadCustomers } = await import('../lib/admin/customers/list');
  const { loadCustomer } = await import('../lib/admin/customers/detail');
  const { parseCustomersQuery } = await import('../lib/admin/customers/params');
  const { searchAdmin } = await import('../lib/admin/search/query');
  const { db } = await import('../lib/core/db');
  const sql = db();
  const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  const actor = { role: 'authenticated' as const, userId: admin!.id, email: DEMO_USERS.admin.email };
  const [{ reference }] = await sql<[{ reference: string }]>`select order_reference as reference from public.orders where order_reference like 'BEN-%' order by created_at desc offset 5000 limit 1`;
  // The top-spending account and the top-spending guest: their orders are found by different indexes.
  const [{ key }] = await sql<[{ key: string }]>`select key from public.customers where user_id is not null order by spent_cents desc limit 1`;
  const [{ key: guestKey }] = await sql<[{ key: string }]>`select key from public.customers where user_id is null order by spent_cents desc limit 1`;
  const [{ sku }] = await sql<[{ sku: string }]>`select sku from public.catalog_products where sku is not null order by id limit 1`;

  const lastPage = Math.ceil(CUSTOMERS / 20);
  const views: Record<string, string>[] = [
    ...['last-order', 'spent', 'orders', 'name', 'email', 'phone'].flatMap((sort) =>
      ['asc', 'desc'].flatMap((dir) => [1, Math.ceil(lastPage / 2), lastPage].map((page) => ({ sort, dir, page: String(page) }))),
    ),
    { q: 'lovelace', sort: 'spent', dir: 'desc', page: '1' },
    { q: 'ada hopper', sort: 'name', dir: 'asc', page: '2' },
    { q: '555-01', sort: 'last-order', dir: 'desc', page: '1' },
    { q: 'buyer1234@', sort: 'last-order', dir: 'desc', page: '1' },
    { q: 'bench-guests', sort: 'orders', dir: 'desc', page: '100' },
    { q: 'zzqx', sort: 'last-order', dir: 'desc', page: '1' },
    { tag: 'vip', sort: 'spent', dir: 'desc', page: '1' },
    { tag: 'vip', sort: 'name', dir: 'asc', page: '10' },
    { tag: 'net 30', sort: 'last-order', dir: 'desc', page: '1' },
    { tag: 'net 30', sort: 'orders', dir: 'desc', page: '100' },
    { tag: 'net 30', q: 'lovelace', sort: 'spent', dir: 'desc', page: '1' },
  ];
  const searches = ['ada', 'lovelace', 'ada lovelace', reference, reference.slice(0, 8), 'buyer1234@', 'guest15077', 'GUEST15008@bench', 'gold ring', sku, 'zz', 'zzqx', 'hopper grace', '555-0'];

  // The machine's load while measuring (other work on the same cores shows in every figure).
  const loadBefore = +loadavg()[0]!.toFixed(1);
  const list: number[] = [];
  const header: number[] = [];
  const page: number[] = [];
  const guestPage: number[] = [];
  const perSearch: Record<string, number[]> = {};
  const perView: Record<string, number[]> = {};
  // One untimed round warms the pool and Postgres's caches.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const v of views) {
      const t0 = performance.now();
      await loadCustomers(actor, parseCustomersQuery(v));
      const ms = performance.now() - t0;
      if (round > 0) {
        list.push(ms);
        (perView[new URLSearchParams(v).toString()] ??= []).push(ms);
      }
    }
    for (const q of searches) {
      const t0 = performance.now();
      await searchAdmin(actor, q);
      const ms = performance.now() - t0;
      if (round > 0) {
        header.push(ms);
        (perSearch[q] ??= []).push(ms);
      }
    }
    const t0 = performance.now();
    await loadCustomer(actor, key, 1);
    if (round > 0) page.push(performance.now() - t0);
    const t1 = performance.now();
    await loadCustomer(actor, guestKey, 1);
    if (round > 0) guestPage.push(performance.now() - t1);
  }
  const found = Object.fromEntries(
    await Promise.all(searches.map(async (q) => {
      const r = await searchAdmin(actor, q);
      return [q, [r.products.length, r.orders.length, r.customers.length]] as const;
    })),
  );
  await sql.end();
  return {
    load_average: { before: loadBefore, after: +loadavg()[0]!.toFixed(1) },
    customers_list: summary(list),
    customers_list_p95_by_view: Object.fromEntries(Object.entries(perView).map(([v, t]) => [v, summary(t).p95_ms])),
    header_search: summary(header),
    header_search_p95_by_query: Object.fromEntries(Object.entries(perSearch).map(([q, t]) => [q, summary(t).p95_ms])),
    header_search_found_products_orders_customers: found,
    customer_page: summary(page),
    guest_customer_page: summary(guestPage),
  };
}

if (process.argv.includes('--child')) reportFromChild(RESULT_TAG, child);
