// The category screens' list view and its bulk price change, on the bench's large catalog (100,000 products: 20,000
// rings), against the running production server, signed in as the demo admin:
//   list_sql:   the list loader's SQL (count and page), called in a child process as the admin under RLS, sorted by
//               price and by updated, both ways, on the first, the middle and the last page: p50/p95 of each, with the
//               indexes its plan reads (EXPLAIN), once vacuumed, and again right after the bulk change below (its
//               dead rows not yet vacuumed); and with a common and a rare search word;
//   list_page:  /admin/rings?view=list sorted by price and by updated, first, middle and last page, under load;
//   bulk_price_20k: the bulk price action (+5% on every ring: 'all 20,000 matching') over HTTP, the history rows it
//               wrote, then the product page, the rings listing (lowest price first) and search asked every 20 ms until
//               all three show the new price; beside it, a fixed CPU-bound query's time (the machine's load).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import postgres from 'postgres';
import { PROJECT_ROOT } from '../local-stack/config';
import { adminCookie, pageLoad } from './catalog-admin';
import { reportFromChild, runBenchChild, timings } from './child';
import { vacuumAllVisible } from '../supabase/seed/vacuum';

const RESULT_TAG = 'CATALOG_LIST_RESULT ';
const ROUNDS = Number(process.env.BENCH_LIST_ROUNDS) || 40;

export interface CatalogListTarget {
  base: string;
  supabaseUrl: string;
  databaseUrl: string;
  distDir: string;
  durationSeconds: number;
  env: Record<string, string>;
}

const summary = timings;

function actionId(distDir: string, exportedName: string): string {
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, distDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, a]) => a.filename === 'lib/admin/catalog/actions.ts' && a.exportedName === exportedName);
  if (!found) throw new Error(`${exportedName} is not in the build`);
  return found[0];
}

async function until(t0: number, check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - t0;
    if (performance.now() - t0 > 60_000) throw new Error('the storefront did not show the change within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const money = (n: number) => `$${n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export async function benchCatalogList(t: CatalogListTarget): Promise<Record<string, unknown>> {
  const sql = postgres(t.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const cookie = await adminCookie(t.supabaseUrl);
    const [{ rings }] = (await sql`select count(*)::int as rings from public.rings`) as unknown as [{ rings: number }];
    const last = Math.ceil(rings / 20);
    // The steady state: autovacuum has set the visibility map the index-only page scans rely on.
    await vacuumAllVisible(sql, ['rings']);
    const out: Record<string, unknown> = { rings, list_sql: await runBenchChild(fileURLToPath(import.meta.url), RESULT_TAG, t.env) };
    const pages: Record<string, unknown> = {};
    for (const sort of ['price', 'updated'] as const) {
      for (const page of [1, Math.ceil(last / 2), last]) {
        pages[`${sort}_page_${page}`] = await pageLoad(`${t.base}/admin/rings?view=list&sort=${sort}&page=${page}`, cookie, Math.min(5, t.durationSeconds), 1);
      }
    }
    out.list_page = pages;

    // The cheapest ring stays the cheapest after +5%: the listing's first card, the product page and search show it.
    const [cheap] = await sql<{ id: string; sku: string; price_from: string }[]>`
      select id, sku, price_from from public.rings where status = 'active' and price_from is not null order by price_from, id limit 1`;
    const [{ events: before }] = (await sql`select count(*)::int as events from public.product_events`) as unknown as [{ events: number }];
    // A fixed CPU-bound query timed beside the bulk change: on a shared machine it says how loaded the database was.
    const r0 = performance.now();
    await sql`select count(*) from generate_series(1, 5000000)`;
    const referenceMs = Math.round(performance.now() - r0);
    const t0 = performance.now();
    const res = await fetch(`${t.base}/admin/rings?view=list`, {
      method: 'POST',
      headers: { cookie, origin: t.base, 'next-action': actionId(t.distDir, 'bulkChangeProductPrices'), 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component' },
      body: JSON.stringify([{ category: 'rings', target: { kind: 'matching', filter: { status: null, material: null, isNew: false, isMens: false, q: '' }, expected: rings }, percent: 5 }]),
    });
    const answer = await res.text();
    const actionMs = performance.now() - t0;
    if (res.status !== 200 || !answer.includes(`Prices of ${rings.toLocaleString('en-US')} products changed by +5%`)) {
      throw new Error(`bulk price change failed: ${res.status} ${answer.slice(0, 400)}`);
    }
    const [changed] = await sql<{ price_from: string }[]>`select price_from from public.rings where id = ${cheap!.id}`;
    const after = changed!.price_from;
    const shown = money(Number(after));
    const page = until(t0, async () => (await (await fetch(`${t.base}/rings/${cheap!.id}`)).text()).includes(shown));
    const listing = until(t0, async () => (await (await fetch(`${t.base}/category/rings?sort=price-asc`)).text()).includes(`From ${shown}`));
    const search = until(t0, async () => {
      const body = (await (await fetch(`${t.base}/api/search?q=${encodeURIComponent(cheap!.sku)}`)).json()) as { results: { id: string; price_from: number }[] };
      return body.results.some((r) => r.id === cheap!.id && r.price_from.toFixed(2) === Number(after).toFixed(2));
    });
    const visible = Math.max(...(await Promise.all([page, listing, search])));
    const [{ events }] = (await sql`select count(*)::int as events from public.product_events`) as unknown as [{ events: number }];
    out.bulk_price_20k = {
      products: rings,
      action_ms: Math.round(actionMs),
      to_storefront_ms: Math.round(visible),
      history_rows: events - before,
      cpu_reference_query_ms: referenceMs,
      price: { before: cheap!.price_from, after },
    };
    out.list_sql_after_bulk = await runBenchChild(fileURLToPath(import.meta.url), RESULT_TAG, { ...t.env, BENCH_LIST_ROUNDS: '20' });
    console.log('catalog list view:', JSON.stringify(out));
    return out;
  } finally {
    await sql.end();
  }
}

async function child() {
  const { loadCategoryList } = await import('../lib/admin/catalog/list');
  const { EMPTY_FILTER, LIST_SORTS } = await import('../lib/admin/catalog/list-params');
  const { db, withActor } = await import('../lib/core/db');
  const sql = db();
  const [admin] = await sql<{ user_id: string }[]>`select user_id from public.admin_users limit 1`;
  const actor = { role: 'authenticated' as const, userId: admin!.user_id };
  const [{ rings }] = (await sql`select count(*)::int as rings from public.rings`) as unknown as [{ rings: number }];
  const last = Math.ceil(rings / 20);
  const out: Record<string, unknown> = {};
  for (const sort of ['price', 'updated'] as const) {
    for (const dir of ['asc', 'desc'] as const) {
      for (const [where, page] of [['first', 1], ['middle', Math.ceil(last / 2)], ['last', last]] as const) {
        const times: number[] = [];
        for (let round = 0; round <= ROUNDS; round++) {
          const t0 = performance.now();
          await withActor(actor, (tx) => loadCategoryList(tx, 'rings', { ...EMPTY_FILTER, sort, dir, page }, 'UTC'));
          if (round > 0) times.push(performance.now() - t0);
        }
        // What the page's key query reads, as the loader runs it (its offset from the nearer end, sorting off).
        const offset = Math.min((page - 1) * 20, Math.max(0, rings - page * 20));
        const scan = (dir === 'asc') !== ((page - 1) * 20 > offset) ? 'asc' : 'desc';
        const col = LIST_SORTS[sort].column;
        const [plan] = await withActor(actor, async (tx) => {
          await tx`select set_config('enable_sort', 'off', true)`;
          return tx.unsafe(`explain (analyze, format json) select r.id from public.rings r where true order by r.${col} ${scan}, r.id ${scan} limit 20 offset ${offset}`);
        });
        const text = JSON.stringify(plan);
        const indexes = [...new Set([...text.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]))];
        out[`${sort}_${dir}_${where}`] = { page, ...summary(times), plan_indexes: indexes, sorts_table: text.includes('"Node Type":"Sort"') };
      }
    }
  }
  // A search word, sorted by updated: a common one (its count stops at 1,000, '1,000+') on the first and the last
  // page it shows, and a rare one.
  for (const [name, q] of [['common_word', 'halo'], ['rare_word', 'RNG-S0000123']] as const) {
    for (const page of [1, 50]) {
      const times: number[] = [];
      let shown = { total: 0, capped: false, page: 0 };
      for (let round = 0; round <= ROUNDS; round++) {
        const t0 = performance.now();
        const got = await withActor(actor, (tx) => loadCategoryList(tx, 'rings', { ...EMPTY_FILTER, q, sort: 'updated', dir: 'desc', page }, 'UTC'));
        if (round > 0) times.push(performance.now() - t0);
        shown = { total: got.total, capped: got.capped, page: got.page };
      }
      out[`search_${name}_page_${page}`] = { q, ...shown, ...summary(times) };
    }
  }
  await sql.end();
  return out;
}

if (process.argv.includes('--child')) reportFromChild(RESULT_TAG, child);
