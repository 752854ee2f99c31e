// Catalog back-office speed, measured against the bench's running production server and its large catalog (at 100,000
// products, about 20,000 per category), signed in as the demo admin with a real session:
//   category_page:  /admin/rings (page 1 and a deep page) under load: p50/p95 of every response;
//   import:         a bracelets CSV of BENCH_IMPORT_ROWS rows (10,000 by default; every column, an image_url per row)
//                   from the first byte sent to the 'done' line, with the server's largest worker RSS meanwhile; then
//                   the same SKUs with changes (every row an update), then that file again (no change);
//   save_to_storefront: the modal's update action over HTTP, then the product page, the rings listing and search
//                   asked every 20 ms until all three show the new price (10 saves).
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServerClient } from '@supabase/ssr';
import postgres from 'postgres';
import { toCsv } from '../lib/admin/catalog/csv-file';
import { csvColumns } from '../lib/admin/catalog/fields';
import { formValuesFromRow, type EditableRow } from '../lib/admin/catalog/form-values';
import type { ImportEvent } from '../lib/admin/catalog/import-rows';
import { LOCAL_DEFAULTS } from '../lib/core/local-defaults';
import { realtimeOptions } from '../lib/core/supabase/realtime';
import { PROJECT_ROOT } from '../local-stack/config';
import { DEMO_USERS } from '../supabase/seed/demo-users';
import { serverRss } from './workers';

export interface CatalogBenchTarget {
  /** The running server, e.g. http://127.0.0.1:55604. */
  base: string;
  supabaseUrl: string;
  databaseUrl: string;
  /** The server's build folder (its action manifest names the update action). */
  distDir: string;
  durationSeconds: number;
  /** The server's process, whose memory the import watches. */
  serverPid?: number;
}

/** Rows of the bench's import file. */
export const importRows = (fallback = 10_000) => Number(process.env.BENCH_IMPORT_ROWS) || fallback;
const SAVES = 10;

/** The q-th percentile (0..1), nearest rank. */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);
}

export async function adminCookie(supabaseUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  const client = createServerClient(supabaseUrl, LOCAL_DEFAULTS.anonKey, {
    realtime: realtimeOptions,
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (list) => list.forEach((c) => (c.value ? jar.set(c.name, c.value) : jar.delete(c.name))),
    },
  });
  const { error } = await client.auth.signInWithPassword({ email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password });
  if (error) throw new Error(`demo admin sign-in failed: ${error.message}`);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export async function pageLoad(url: string, cookie: string, seconds: number, connections = 10) {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: { cookie } }, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  times.sort((a, b) => a - b);
  return { connections, requests: r.requests.total, p50_ms: percentile(times, 0.5), p95_ms: percentile(times, 0.95), p99_ms: percentile(times, 0.99), rps: Math.round(r.requests.average) };
}

function importFile(imageUrl: string, edition: string, count: number): string {
  const columns = csvColumns('bracelets');
  const rows = Array.from({ length: count }, (_, i) => {
    const cells: Record<string, string> = {
      sku: `BENCH-IMP-${String(i).padStart(6, '0')}`,
      name: `Bench Import Bracelet ${i} ${edition}`,
      description: 'A bench bracelet, imported from a CSV file with every column filled in, to time the import.',
      material: ['silver', 'gold', 'rose-gold'][i % 3]!,
      stone: 'Garnet',
      stone1: 'Garnet',
      stone2: i % 2 ? 'Onyx' : '',
      weight: (5 + (i % 90) / 10).toFixed(2),
      moq: String(1 + (i % 6)),
      clasp_type: 'Lobster',
      is_new_arrival: i % 5 === 0 ? 'yes' : 'no',
      is_mens_jewelry: i % 7 === 0 ? 'true' : 'false',
      is_adjustable: 'false',
      is_necklace: i % 4 === 0 ? '1' : '0',
      image_url: imageUrl,
    };
    for (const c of columns) if (/_stone1$/.test(c)) cells[c] = (20 + (i % 50) + c.length / 10).toFixed(2);
    if (i % 2) for (const c of columns) if (/_stone2$/.test(c)) cells[c] = (25 + (i % 50)).toFixed(2);
    return columns.map((c) => cells[c] ?? '');
  });
  return toCsv(columns, rows);
}

async function timeImport(t: CatalogBenchTarget, cookie: string, csv: string, count: number, serverPid?: number) {
  let peak = 0;
  const sample = async () => {
    if (!serverPid) return;
    const rss = await serverRss(serverPid);
    peak = Math.max(peak, rss.primary_mb, ...Object.values(rss.workers_mb));
  };
  const sampler = setInterval(() => void sample(), 250);
  const t0 = performance.now();
  const res = await fetch(`${t.base}/api/admin/products/import?category=bracelets`, {
    method: 'POST',
    headers: { cookie, origin: t.base, 'content-type': 'text/csv' },
    body: csv,
  });
  const text = await res.text().finally(() => clearInterval(sampler));
  const ms = performance.now() - t0;
  const done = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as ImportEvent).find((e) => e.type === 'done');
  if (res.status !== 200 || !done || done.type !== 'done') throw new Error(`import failed: ${res.status} ${text.slice(-300)}`);
  if (done.created + done.updated + done.unchanged !== count) throw new Error(`import wrote ${done.created + done.updated} rows; first refusal: ${JSON.stringify(done.bad[0])}`);
  return {
    seconds: +(ms / 1000).toFixed(2),
    created: done.created,
    updated: done.updated,
    unchanged: done.unchanged,
    bytes: Buffer.byteLength(csv),
    ...(serverPid ? { peak_process_rss_mb: peak } : {}),
  };
}

/** The import of a new file, of that file with every row changed, and of the changed file again. */
export async function benchImports(t: CatalogBenchTarget, cookie: string, sql: postgres.Sql, count: number, serverPid?: number) {
  const [image] = await sql<{ image_url: string }[]>`select image_url from public.product_images where bracelet_id is not null limit 1`;
  const out = {
    rows: count,
    import: await timeImport(t, cookie, importFile(image!.image_url, 'A', count), count, serverPid),
    reimport_changed: await timeImport(t, cookie, importFile(image!.image_url, 'B', count), count, serverPid),
    reimport_unchanged: await timeImport(t, cookie, importFile(image!.image_url, 'B', count), count, serverPid),
  };
  await sql`delete from public.bracelets where sku like 'BENCH-IMP-%'`;
  return out;
}

function updateActionId(distDir: string): string {
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, distDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, a]) => a.filename === 'lib/admin/catalog/actions.ts' && a.exportedName === 'updateProduct');
  if (!found) throw new Error('the update action is not in the build');
  return found[0];
}

/** Asks `check` every 20 ms until it holds; the time it took, in ms from `t0`. */
async function until(t0: number, check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - t0;
    if (performance.now() - t0 > 30_000) throw new Error('the storefront did not show the change within 30 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function timeSaves(t: CatalogBenchTarget, cookie: string, sql: postgres.Sql) {
  const actionId = updateActionId(t.distDir);
  const [found] = await sql<{ row: EditableRow }[]>`
    select to_jsonb(r) - 'search_vector' - 'price_from' as row from public.rings r order by created_at desc, id desc limit 1`;
  const row = found!.row;
  const values = formValuesFromRow('rings', row);
  const save: number[] = [];
  const visible: number[] = [];
  for (let i = 1; i <= SAVES; i++) {
    // Below any other price of the ring, so it is also the listing's 'From' price.
    const price = (0.5 + i / 100 + (Date.now() % 7) / 1000).toFixed(2);
    const t0 = performance.now();
    const res = await fetch(`${t.base}/admin/rings`, {
      method: 'POST',
      headers: { cookie, origin: t.base, 'next-action': actionId, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component' },
      body: JSON.stringify([{ category: 'rings', id: row.id, values: { ...values, price_stone1: price } }]),
    });
    const answer = await res.text();
    if (res.status !== 200 || !answer.includes('Product updated successfully')) throw new Error(`save failed: ${res.status} ${answer.slice(0, 300)}`);
    save.push(performance.now() - t0);
    const shown = `$${price}`;
    const page = until(t0, async () => (await (await fetch(`${t.base}/rings/${row.id}`)).text()).includes(shown));
    const listing = until(t0, async () => (await (await fetch(`${t.base}/category/rings`)).text()).includes(`From ${shown}`));
    const search = until(t0, async () => {
      const body = (await (await fetch(`${t.base}/api/search?q=${encodeURIComponent(String(row.sku))}`)).json()) as { results: { id: string; price_from: number }[] };
      return body.results.some((r) => r.id === row.id && r.price_from.toFixed(2) === price);
    });
    visible.push(Math.max(...(await Promise.all([page, listing, search]))));
  }
  save.sort((a, b) => a - b);
  visible.sort((a, b) => a - b);
  return {
    saves: SAVES,
    action_p50_ms: percentile(save, 0.5),
    save_to_storefront_p50_ms: percentile(visible, 0.5),
    save_to_storefront_max_ms: percentile(visible, 1),
  };
}

export async function benchCatalogAdmin(t: CatalogBenchTarget): Promise<Record<string, unknown>> {
  const sql = postgres(t.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const cookie = await adminCookie(t.supabaseUrl);
    const [{ rings }] = (await sql`select count(*)::int as rings from public.rings`) as unknown as [{ rings: number }];
    const deep = Math.max(1, Math.floor(rings / 20 / 2));
    const out: Record<string, unknown> = {
      rings,
      category_page: await pageLoad(`${t.base}/admin/rings`, cookie, t.durationSeconds),
      category_page_deep: { page: deep, ...(await pageLoad(`${t.base}/admin/rings?page=${deep}`, cookie, t.durationSeconds)) },
      category_page_one_client: await pageLoad(`${t.base}/admin/rings`, cookie, t.durationSeconds, 1),
    };
    out.imports = await benchImports(t, cookie, sql, importRows(), t.serverPid);
    out.save_to_storefront = await timeSaves(t, cookie, sql);
    console.log('catalog back office:', JSON.stringify(out));
    return out;
  } finally {
    await sql.end();
  }
}
