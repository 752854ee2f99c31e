// The back office's price list import at 10,000 rows, in-process (the database and the app's code, without HTTP):
// the file read once to check it, then every row checked, its SKU looked up and its option checked against the
// product, and the good rows written in one transaction, a batch at a time. Three runs on the same groups: every
// price new, the same file again (nothing to write), and every price changed. The budget is 10 s a run.
import { fileURLToPath } from 'node:url';
import { reportFromChild, runBenchChild } from './child';

const RESULT_TAG = 'PRICE_LIST_RESULT ';
const ROWS = Number(process.env.BENCH_PRICE_LIST_ROWS) || 10_000;
const GROUPS = 3;
const BUDGET_MS = 10_000;
const GROUP_PREFIX = 'Bench price list';

export function benchPriceListImport(env: Record<string, string>): Promise<Record<string, unknown>> {
  return runBenchChild(fileURLToPath(import.meta.url), RESULT_TAG, env);
}

async function child() {
  const { db, withActor } = await import('../lib/core/db');
  const { toCsv } = await import('../lib/core/csv');
  const { PRICE_LIST_COLUMNS } = await import('../lib/admin/price-groups/csv-rows');
  const { checkPriceListFile, writePriceListFile } = await import('../lib/admin/price-groups/import-file');
  const sql = db();
  const [admin] = await sql<{ id: string; email: string }[]>`
    select u.id, u.email from public.admin_users a join auth.users u on u.id = a.user_id limit 1`;
  if (!admin) throw new Error('no admin to import as');
  const actor = { role: 'authenticated' as const, userId: admin.id, email: admin.email };

  // A third of the rows per group, over products of every category with a list price: rings in one of their sizes
  // where they have sizes, necklaces at 18 inches, the rest in every option.
  const perGroup = Math.ceil(ROWS / GROUPS);
  const products = await sql<{ sku: string; style: string; size: string; list: string }[]>`
    select sku, style, size, list from (
      (select sku, '' as style, coalesce(sizes[1], '') as size, price_stone1 as list from public.rings where price_stone1 > 0 and sku is not null limit ${perGroup})
      union all (select sku, 'necklace', '18', n_price_18_stone1 from public.necklaces where n_price_18_stone1 > 0 and not is_adjustable and sku is not null limit ${perGroup})
      union all (select sku, '', '', b_price_7_stone1 from public.bracelets where b_price_7_stone1 > 0 and sku is not null limit ${perGroup})
      union all (select sku, '', '', price_stone1 from public.earrings where price_stone1 > 0 and sku is not null limit ${perGroup})
      union all (select sku, '', '', price_stone1 from public.body_jewelry where price_stone1 > 0 and sku is not null limit ${perGroup})
    ) p order by md5(sku) limit ${perGroup}`;
  if (products.length < perGroup) throw new Error(`only ${products.length} products for ${perGroup} rows a group`);
  const names = Array.from({ length: GROUPS }, (_, i) => `${GROUP_PREFIX} ${i + 1}`);
  await sql`delete from public.price_groups where name like ${GROUP_PREFIX + '%'}`;
  for (const name of names) await sql`insert into public.price_groups (name, percent_off) values (${name}, 10)`;

  const file = (factor: number) => {
    const rows: string[][] = [];
    for (const name of names) {
      for (const p of products) {
        if (rows.length === ROWS) break;
        rows.push([name, p.sku, '', p.style, p.size, (Number(p.list) * factor).toFixed(2)]);
      }
    }
    return new TextEncoder().encode(toCsv(PRICE_LIST_COLUMNS, rows));
  };
  const run = async (bytes: Uint8Array) => {
    const t0 = performance.now();
    const checked = await checkPriceListFile(bytes);
    if (!checked.ok) throw new Error(checked.error);
    const outcome = await withActor(actor, (tx) => writePriceListFile(tx, checked.value, () => {}));
    const ms = Math.round(performance.now() - t0);
    if (outcome.bad.length > 0) throw new Error(`${outcome.bad.length} rows refused, the first: ${JSON.stringify(outcome.bad[0])}`);
    return { ms, ...outcome.counts, within_budget: ms <= BUDGET_MS };
  };
  try {
    const first = file(0.8);
    const result = {
      rows: ROWS,
      groups: GROUPS,
      file_kb: Math.round(first.byteLength / 1024),
      budget_ms: BUDGET_MS,
      new_prices: await run(first),
      same_file_again: await run(first),
      every_price_changed: await run(file(0.75)),
    };
    if (![result.new_prices, result.same_file_again, result.every_price_changed].every((r) => r.within_budget)) {
      throw new Error(`a ${ROWS}-row import took over ${BUDGET_MS} ms: ${JSON.stringify(result)}`);
    }
    return result;
  } finally {
    await sql`delete from public.price_groups where name like ${GROUP_PREFIX + '%'}`;
    await sql.end();
  }
}

if (process.argv.includes('--child')) reportFromChild(RESULT_TAG, child);
