// A price group's buyer against an anonymous visitor, side by side on the production server (ARCHITECTURE.md,
// "Trade accounts and price groups"): the cached listing's requests per second (the buyer's from the front cache's
// copy for the group, found by the signed price view cookie), and product pages nobody has asked for yet, rendered
// one after another for each, taking turns, so both sides see the same machine.
import autocannon from 'autocannon';
import postgres from 'postgres';
import { createServerClient } from '@supabase/ssr';
import { createClient } from '@supabase/supabase-js';
import { cookieJar } from '../tests/support/auth-clients';
import { LOCAL_DEFAULTS } from '../lib/core/local-defaults';
import { SIGNED_IN_HINT_COOKIE } from '../lib/core/supabase/cookies';
import { PRICE_VIEW_COOKIE } from '../lib/core/http/price-view-cookie.mjs';
import { waitForQuiet } from '../scripts/wait-for-quiet';

const LISTING = '/category/rings';

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);
}

async function rps(url: string, headers: Record<string, string>, seconds: number) {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, connections: 10, duration: seconds, headers }, (err, result) => (err ? reject(err) : resolve(result)));
    run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  times.sort((a, b) => a - b);
  return { rps: Math.round(r.requests.average), p50_ms: percentile(times, 0.5), p95_ms: percentile(times, 0.95) };
}

/** A buyer of a 12% group, signed in: their session cookies and the price view cookie the server gave them. */
async function groupBuyer(sql: postgres.Sql, base: string, supabaseUrl: string) {
  const email = `bench-group-${Date.now()}@bench.test`;
  const password = `pw-${Date.now()}`;
  const admin = createClient(supabaseUrl, LOCAL_DEFAULTS.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`bench buyer: ${error?.message}`);
  const [group] = await sql<{ id: string }[]>`insert into price_groups (name, percent_off) values (${`Bench ${Date.now()}`}, 12) returning id`;
  const [account] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, price_group_id)
    values (${data.user.id}, 'approved', 'Bench Boutique', 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })}, ${group!.id})
    returning id`;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${account!.id}, ${data.user.id}, 'owner')`;
  const jar = cookieJar();
  const signIn = await createServerClient(supabaseUrl, LOCAL_DEFAULTS.anonKey, { cookies: jar.methods }).auth.signInWithPassword({ email, password });
  if (signIn.error) throw new Error(`bench buyer sign-in: ${signIn.error.message}`);
  const session = [...jar.cookies, [SIGNED_IN_HINT_COOKIE, '1'] as const].map(([n, v]) => `${n}=${v}`).join('; ');
  return { session, groupId: group!.id, refresh: () => viewCookie(base, session) };
}

/** The session's cookies plus a fresh price view cookie (it lives a minute), as the browser would hold them. */
async function viewCookie(base: string, session: string): Promise<string> {
  const res = await fetch(base + LISTING, { headers: { cookie: session } });
  await res.arrayBuffer();
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${PRICE_VIEW_COOKIE}=`));
  if (!set) throw new Error('the server gave the buyer no price view cookie');
  return `${session}; ${set.split(';')[0]}`;
}

async function warmed(url: string, cookie?: string) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(url, { headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    if (res.headers.get('x-nextjs-cache') === 'HIT') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never came from the cache`);
}

export async function benchPriceViews(opts: { base: string; databaseUrl: string; supabaseUrl: string; seconds: number }) {
  const sql = postgres(opts.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const buyer = await groupBuyer(sql, opts.base, opts.supabaseUrl);
    await warmed(opts.base + LISTING);
    let cookie = await buyer.refresh();
    await warmed(opts.base + LISTING, cookie);
    await waitForQuiet();
    const anonymous = await rps(opts.base + LISTING, {}, opts.seconds);
    cookie = await buyer.refresh();
    await waitForQuiet();
    const group = await rps(opts.base + LISTING, { cookie }, opts.seconds);
    const listing = { path: LISTING, anonymous, group, rps_ratio: +(group.rps / anonymous.rps).toFixed(2) };
    console.log(`cached listing: anonymous ${anonymous.rps} req/s, group buyer ${group.rps} req/s (×${listing.rps_ratio})`);

    // Product pages nobody has asked for: each product once for the visitor and once for the buyer, in turns.
    const products = await sql<{ id: string }[]>`select id from rings where status = 'active' order by created_at desc offset 200 limit 60`;
    const times = { anonymous: [] as number[], group: [] as number[] };
    cookie = await buyer.refresh();
    await waitForQuiet();
    for (const [i, { id }] of products.entries()) {
      if (i % 20 === 0) cookie = await buyer.refresh();
      for (const side of i % 2 === 0 ? (['anonymous', 'group'] as const) : (['group', 'anonymous'] as const)) {
        const t0 = performance.now();
        const res = await fetch(`${opts.base}/rings/${id}`, { headers: side === 'group' ? { cookie } : {} });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`/rings/${id} (${side}): ${res.status}`);
        times[side].push(performance.now() - t0);
      }
    }
    for (const list of Object.values(times)) list.sort((a, b) => a - b);
    const page = {
      pages: products.length,
      anonymous: { p50_ms: percentile(times.anonymous, 0.5), p95_ms: percentile(times.anonymous, 0.95) },
      group: { p50_ms: percentile(times.group, 0.5), p95_ms: percentile(times.group, 0.95) },
      p95_ratio: +(percentile(times.group, 0.95) / percentile(times.anonymous, 0.95)).toFixed(2),
    };
    console.log(`uncached product page p95: anonymous ${page.anonymous.p95_ms} ms, group buyer ${page.group.p95_ms} ms (×${page.p95_ratio})`);
    return { cached_listing: listing, uncached_product_page: page };
  } finally {
    await sql.end();
  }
}
