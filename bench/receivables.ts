// The Receivables screen at size: BENCH_RECEIVABLES (10,000) open invoices on terms across BENCH_RECEIVABLES_ACCOUNTS
// (500) trade accounts, due from four months ago to two months ahead, beside 2,000 paid and void ones the screen
// leaves out. Server time of the screen's loader, as the demo admin under RLS, one call after another in a child
// process (react-server condition, as Next.js runs it): first, middle and last pages of all open invoices and of the
// overdue ones, and one customer's invoices (target p95 ≤ 50 ms); and the whole CSV export, streamed.
// The rows are written by set-based SQL, as placing orders on terms writes them (an order and its invoice).
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { DEMO_USERS } from '../supabase/seed/demo-users';
import { vacuumAllVisible } from '../supabase/seed/vacuum';
import { reportFromChild, seededBench, timings } from './child';

const RESULT_TAG = 'RECEIVABLES_RESULT ';
const OPEN = Number(process.env.BENCH_RECEIVABLES) || 10_000;
const ACCOUNTS = Number(process.env.BENCH_RECEIVABLES_ACCOUNTS) || 500;
const CLOSED = 2_000;
const ROUNDS = Number(process.env.BENCH_RECEIVABLES_ROUNDS) || 20;

export async function seedReceivables(databaseUrl: string): Promise<Record<string, unknown>> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const t0 = Date.now();
    await sql.begin(async (tx) => {
      await tx`
        insert into auth.users (id, email, aud, role, created_at, updated_at)
        select gen_random_uuid(), 'owner' || i || '@bench-receivables.test', 'authenticated', 'authenticated', now(), now()
          from generate_series(1, ${ACCOUNTS}::int) i`;
      await tx`
        insert into public.trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, payment_terms_days, credit_limit_cents)
        select u.id, 'approved', 'Bench Boutique ' || substring(u.email from 'owner(\\d+)@'), 'Boutique', '12-3456789', '+1 555 010 0000',
               '{"line1": "1 Main St", "city": "Austin", "state": "TX", "postal_code": "78701", "country": "US"}'::jsonb,
               (array[15, 30, 60])[1 + abs(hashtext(u.email)::bigint) % 3], 5000000
          from auth.users u where u.email like '%@bench-receivables.test'`;
      await tx`
        insert into public.trade_account_members (account_id, user_id, role)
        select a.id, a.owner_id, 'owner' from public.trade_accounts a join auth.users u on u.id = a.owner_id
         where u.email like '%@bench-receivables.test'`;
      // Invoice i goes to account i mod ACCOUNTS; the last CLOSED are paid (most) or void.
      await tx`
        create temp table bench_terms on commit drop as
        select gen_random_uuid() as order_id, a.id as account_id, g.i, abs(hashint4(g.i + 104729)::bigint) as h
          from generate_series(1, ${OPEN + CLOSED}::int) g(i)
          join (select id, row_number() over (order by id) - 1 as k from public.trade_accounts a
                 where exists (select 1 from auth.users u where u.id = a.owner_id and u.email like '%@bench-receivables.test')) a
            on a.k = g.i % ${ACCOUNTS}::int`;
      await tx`
        insert into public.orders (id, order_reference, customer_name, status, total_amount, created_at, updated_at)
        select order_id, 'RCB-' || lpad(i::text, 6, '0'), 'Bench Buyer', 'processing', 5000 + h % 500000,
               now() - make_interval(days => (h % 150)::int), now() - make_interval(days => (h % 150)::int)
          from bench_terms`;
      await tx`
        insert into public.terms_invoices (order_id, account_id, terms_days, amount_cents, credited_cents, paid_cents, status, number,
                                           due_at, paid_at, paid_out_of_band, created_at)
        select order_id, account_id, 30, 5000 + h % 500000,
               case when h % 17 = 0 then 1000 else 0 end,
               case when i > ${OPEN}::int and h % 5 <> 0 then 5000 + h % 500000 - case when h % 17 = 0 then 1000 else 0 end
                    when h % 11 = 0 then 2000 else 0 end,
               case when i > ${OPEN}::int then (case when h % 5 = 0 then 'void' else 'paid' end)
                    when h % 50 = 0 then 'pending' when h % 50 = 1 then 'draft' else 'open' end,
               case when h % 50 > 1 then 'BENCH-' || lpad(i::text, 6, '0') end,
               -- Due from 120 days ago to 60 days ahead, at any minute of the day.
               now() + make_interval(mins => ((h % (180 * 1440)) - 120 * 1440)::int),
               case when i > ${OPEN}::int and h % 5 <> 0 then now() - make_interval(days => (h % 30)::int) end,
               h % 7 = 0, now() - make_interval(days => (h % 150)::int)
          from bench_terms`;
    });
    await vacuumAllVisible(sql, ['terms_invoices', 'orders', 'trade_accounts']);
    const [counts] = await sql<[{ open: number; closed: number; accounts: number }]>`
      select (select count(*)::int from public.terms_invoices where status in ('pending', 'draft', 'open')) as open,
             (select count(*)::int from public.terms_invoices where status not in ('pending', 'draft', 'open')) as closed,
             (select count(distinct account_id)::int from public.terms_invoices) as accounts`;
    return { ...counts, seed_s: +((Date.now() - t0) / 1000).toFixed(1) };
  } finally {
    await sql.end();
  }
}

export async function benchReceivables(databaseUrl: string, env: Record<string, string>): Promise<Record<string, unknown>> {
  return seededBench('receivables', () => seedReceivables(databaseUrl), fileURLToPath(import.meta.url), RESULT_TAG, env);
}

const summary = timings;

async function child() {
  const { loadReceivables } = await import('../lib/admin/receivables/query');
  const { receivablesCsvStream } = await import('../lib/admin/receivables/export');
  const { parseReceivablesQuery } = await import('../lib/admin/receivables/params');
  const { env } = await import('../lib/core/env');
  const { db } = await import('../lib/core/db');
  const sql = db();
  const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  const actor = { role: 'authenticated' as const, userId: admin!.id, email: DEMO_USERS.admin.email };
  const [{ account }] = await sql<[{ account: string }]>`
    select account_id as account from public.terms_invoices where status = 'open' group by account_id order by count(*) desc, account_id limit 1`;
  const timeZone = env().SHOP_TIME_ZONE;
  const first = await loadReceivables(actor, parseReceivablesQuery({}), { now: new Date(), timeZone });
  const overdue = await loadReceivables(actor, parseReceivablesQuery({ filter: 'overdue' }), { now: new Date(), timeZone });
  const views: Record<string, string>[] = [
    {},
    { page: String(Math.ceil(first.totalPages / 2)) },
    { page: String(first.totalPages) },
    { filter: 'overdue' },
    { filter: 'overdue', page: String(Math.ceil(overdue.totalPages / 2)) },
    { filter: 'overdue', page: String(overdue.totalPages) },
    { account },
    { account, filter: 'overdue' },
  ];

  const loadBefore = +loadavg()[0]!.toFixed(1);
  const all: number[] = [];
  const perView: Record<string, number[]> = {};
  // One untimed round warms the pool and Postgres's caches.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const v of views) {
      const t0 = performance.now();
      const page = await loadReceivables(actor, parseReceivablesQuery(v), { now: new Date(), timeZone });
      const ms = performance.now() - t0;
      if (page.invoices.length === 0) throw new Error(`receivables view ${JSON.stringify(v)} is empty`);
      if (round > 0) {
        all.push(ms);
        (perView[new URLSearchParams(v).toString() || 'all'] ??= []).push(ms);
      }
    }
  }
  // The whole file of every open invoice, streamed batch by batch.
  const exports: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const body = await new Response(receivablesCsvStream(actor, { filter: 'all', account: null }, { now: new Date(), timeZone })).arrayBuffer();
    exports.push(performance.now() - t0);
    bytes = body.byteLength;
  }
  await sql.end();
  return {
    load_average: { before: loadBefore, after: +loadavg()[0]!.toFixed(1) },
    open_invoices: first.total,
    overdue_invoices: overdue.total,
    receivables_page: summary(all),
    receivables_page_p95_by_view: Object.fromEntries(Object.entries(perView).map(([v, t]) => [v, summary(t).p95_ms])),
    csv_export_all: { ...summary(exports), bytes },
  };
}

if (process.argv.includes('--child')) reportFromChild(RESULT_TAG, child);
