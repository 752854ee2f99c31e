// The orders desk at size: BENCH_DESK_ORDERS (1,000,000) orders of 1–5 lines on the seeded catalog, with 50,000
// buyers' e-mails and a PO number on one order in three. Server time of the functions the orders screen and the pick
// list route call, as the demo admin under RLS, one call after another in a child process (react-server condition,
// as Next.js runs them):
//   - the orders screen with a search word: a reference, its start, an e-mail, a name, a PO number, its start, a word
//     every order matches and one none does, with and without a status filter (target ≤ 50 ms);
//   - the pick list of 100 orders, read, laid out and drawn to the whole PDF, the route's work before its first byte
//     (target ≤ 1 s).
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { DEMO_USERS } from '../supabase/seed/demo-users';
import { vacuumAllVisible } from '../supabase/seed/vacuum';
import { seedBenchOrders } from './admin-orders';
import { reportFromChild, seededBench, timings } from './child';

const RESULT_TAG = 'ORDERS_DESK_RESULT ';
const ORDERS = Number(process.env.BENCH_DESK_ORDERS) || 1_000_000;
const ROUNDS = Number(process.env.BENCH_DESK_ROUNDS) || 10;
const PICK_ROUNDS = 5;

async function seedDesk(databaseUrl: string): Promise<Record<string, unknown>> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from public.orders where order_reference like 'BEN-%'`;
    // In slices, so one transaction's temporary tables stay small.
    const slice = 250_000;
    let ms = 0;
    for (let done = n; done < ORDERS; done += slice) {
      const r = await seedBenchOrders(sql, Math.min(slice, ORDERS - done), { contacts: true });
      ms += r.ms;
      console.log(`orders desk: seeded ${done + Math.min(slice, ORDERS - done)} orders`);
    }
    await vacuumAllVisible(sql, ['orders', 'order_items', 'transactions', 'customers']);
    const [counts] = await sql<[{ orders: number; items: number }]>`
      select (select count(*)::int from public.orders) as orders, (select count(*)::int from public.order_items) as items`;
    return { ...counts, seed_s: +(ms / 1000).toFixed(1) };
  } finally {
    await sql.end();
  }
}

export async function benchOrdersDesk(databaseUrl: string, env: Record<string, string>): Promise<Record<string, unknown>> {
  return seededBench('orders desk', () => seedDesk(databaseUrl), fileURLToPath(import.meta.url), RESULT_TAG, env);
}

const summary = timings;

async function child() {
  const { loadAdminOrders } = await import('../lib/admin/orders/list');
  const { parseOrdersQuery } = await import('../lib/admin/orders/params');
  const { readPickList } = await import('../lib/admin/orders/packing');
  const { pickListContent } = await import('../lib/admin/orders/packing-content');
  const { drawSheetPdf } = await import('../lib/documents/sheet-pdf');
  const { db } = await import('../lib/core/db');
  const { env } = await import('../lib/core/env');
  const sql = db();
  const timeZone = env().SHOP_TIME_ZONE;
  const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  const actor = { role: 'authenticated' as const, userId: admin!.id, email: DEMO_USERS.admin.email };
  const [{ reference }] = await sql<[{ reference: string }]>`
    select order_reference as reference from public.orders where order_reference like 'BEN-%' order by created_at desc offset 50000 limit 1`;
  const [{ po }] = await sql<[{ po: string }]>`
    select purchase_order as po from public.orders where purchase_order like 'PO-%' order by created_at desc offset 1000 limit 1`;
  const searches = [reference, reference.slice(0, 8), 'buyer4242@bench-desk.test', 'buyer4242', 'bench buyer 4242', po, po.slice(0, 6), 'bench', 'zzqx'];
  const views: Record<string, string>[] = searches.flatMap((q): Record<string, string>[] => [{ q }, { q, status: 'completed' }, { q, sort: 'oldest', page: '2' }]);

  const loadBefore = +loadavg()[0]!.toFixed(1);
  const all: number[] = [];
  const perSearch: Record<string, number[]> = {};
  for (let round = 0; round <= ROUNDS; round++) {
    for (const v of views) {
      const t0 = performance.now();
      await loadAdminOrders(actor, parseOrdersQuery(new URLSearchParams(v)), timeZone);
      const ms = performance.now() - t0;
      if (round > 0) {
        all.push(ms);
        (perSearch[v.q!] ??= []).push(ms);
      }
    }
  }
  const found = Object.fromEntries(
    await Promise.all(searches.map(async (q) => [q, (await loadAdminOrders(actor, parseOrdersQuery(new URLSearchParams({ q })), timeZone)).total] as const)),
  );

  // 100 orders spread over the history, as staff would tick them on a busy morning.
  const ids = (await sql<{ id: string }[]>`
    select id from public.orders where order_reference like 'BEN-%' order by created_at desc limit 100 offset 1000`).map((r) => r.id);
  const pick: number[] = [];
  let bytes = 0;
  let rows = 0;
  for (let round = 0; round <= PICK_ROUNDS; round++) {
    const t0 = performance.now();
    const list = await readPickList(actor, ids);
    const pdf = await drawSheetPdf(pickListContent(list, timeZone, new Date()));
    const ms = performance.now() - t0;
    if (round > 0) pick.push(ms);
    bytes = pdf.byteLength;
    rows = list.lines.length;
  }
  await sql.end();
  return {
    load_average: { before: loadBefore, after: +loadavg()[0]!.toFixed(1) },
    orders_search: summary(all),
    orders_search_p95_by_query: Object.fromEntries(Object.entries(perSearch).map(([q, t]) => [q, summary(t).p95_ms])),
    orders_search_found: found,
    pick_list_100_orders: { ...summary(pick), pdf_kb: Math.round(bytes / 1024), rows },
  };
}

if (process.argv.includes('--child')) reportFromChild(RESULT_TAG, child);
