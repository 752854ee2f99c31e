// The account page for a customer with a long history: /dashboard (Orders tab, page 1 and the last page) for a
// customer with 5,000 orders of two lines each, signed in with a real session cookie. Called from bench/run.ts
// against its production server. Server time is measured one request at a time (what one customer waits);
// the same page under 10 concurrent connections is reported beside it.
import autocannon from 'autocannon';
import { createServerClient } from '@supabase/ssr';
import { createClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { randomUUID } from 'node:crypto';
import { apiUrl, databaseUrl, type StackConfig } from '../local-stack/config';
import { LOCAL_DEFAULTS } from '../lib/core/local-defaults';
import { realtimeOptions } from '../lib/core/supabase/realtime';

const ORDERS = Number(process.env.BENCH_ACCOUNT_ORDERS) || 5_000;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;

export async function seedCustomer(cfg: StackConfig): Promise<{ email: string; password: string }> {
  const email = `bench-${randomUUID().slice(0, 8)}@bench.test`;
  const password = `pw-${randomUUID()}`;
  const admin = createClient(apiUrl(cfg), LOCAL_DEFAULTS.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: realtimeOptions,
  });
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: 'Bench Buyer' } });
  if (error || !data.user) throw new Error(`bench customer: ${error?.message}`);
  const sql = postgres(databaseUrl(cfg), { max: 1, onnotice: () => {} });
  try {
    const products = await sql<{ id: string; category: string }[]>`
      select id, category from public.catalog_products order by created_at desc limit 40`;
    await sql`
      with made as (
        insert into public.orders (user_id, total_amount, status, created_at)
        select ${data.user.id}, 3000 + g, (array['pending','processing','dispatched','completed','cancelled'])[1 + g % 5],
               now() - make_interval(hours => g)
          from generate_series(1, ${ORDERS}::int) g
        returning id, total_amount
      )
      insert into public.order_items (order_id, product_id, product_category, quantity, unit_price, specifications)
      select made.id, (${products.map((p) => p.id)}::uuid[])[1 + (made.total_amount + k) % ${products.length}],
             (${products.map((p) => p.category)}::text[])[1 + (made.total_amount + k) % ${products.length}],
             2, 1500, 'Material: Gold'
        from made cross join generate_series(0, 1) k`;
  } finally {
    await sql.end();
  }
  return { email, password };
}

/** The Cookie header a browser sends after signing in: @supabase/ssr's own session cookies. */
export async function sessionCookie(cfg: StackConfig, who: { email: string; password: string }): Promise<string> {
  const jar = new Map<string, string>();
  const client = createServerClient(apiUrl(cfg), LOCAL_DEFAULTS.anonKey, {
    realtime: realtimeOptions,
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (list) => list.forEach(({ name, value }) => jar.set(name, value)),
    },
  });
  const { error } = await client.auth.signInWithPassword(who);
  if (error) throw new Error(`bench sign-in: ${error.message}`);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);
}

async function measure(url: string, cookie: string, connections: number) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, connections, duration: SECONDS, headers: { cookie } }, (err, r) => (err ? reject(err) : resolve(r)));
    run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  times.sort((a, b) => a - b);
  return { p50_ms: percentile(times, 0.5), p95_ms: percentile(times, 0.95), p99_ms: percentile(times, 0.99), rps: Math.round(result.requests.average) };
}

export async function benchAccount(base: string, cfg: StackConfig): Promise<Record<string, unknown>> {
  const t0 = Date.now();
  const customer = await seedCustomer(cfg);
  const cookie = await sessionCookie(cfg, customer);
  const lastPage = Math.ceil(ORDERS / 20);
  const pages = { orders_tab: '/dashboard', orders_tab_last_page: `/dashboard?page=${lastPage}` } as const;
  for (const path of Object.values(pages)) {
    const res = await fetch(base + path, { headers: { cookie } });
    const html = await res.text();
    if (res.status !== 200 || !html.includes('Order #')) throw new Error(`${path}: ${res.status}, no orders on the page`);
  }
  const out: Record<string, unknown> = { orders: ORDERS, seed_s: +((Date.now() - t0) / 1000).toFixed(1) };
  for (const [name, path] of Object.entries(pages)) {
    out[name] = { path, one_at_a_time: await measure(base + path, cookie, 1), connections_10: await measure(base + path, cookie, 10) };
    console.log(`account ${name.padEnd(21)} ${JSON.stringify(out[name])}`);
  }
  return out;
}
