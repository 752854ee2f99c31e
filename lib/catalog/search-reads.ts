import 'server-only';
// How a search reads the catalog (ARCHITECTURE.md, 'Search'): the conditions the typed words (search-words.ts) make,
// and the plans that read each product table's matches, by walking an index in order where the words are common and
// through the full-text index where they are rare (search-plan.ts).
import type { Tx } from '../core/db';
import type { Window } from '../core/pagination';
import { CATEGORIES, type Category, type Material } from './categories';
import { listingWhere, materialIn, type Fragment } from './listing';
import type { SearchQuery } from './listing-params';
import { buildSearchTsQuery, cappedCount, SEARCH_COUNT_CAP, type CappedCount } from './search-query';
import type { ResolvedTerms } from './search-words';
import { choosePlan, matchShare, seekFor, seekQuery, type Plan, type Plans, type WordLexemes } from './search-plan';
import type { SearchStats, VectorColumn } from './search-stats';
import { SUMMARY_COLUMNS, type SummaryRow } from './summary';
import { ACTIVE_SQL } from './status';

/**
 * Per table, the rows a walk reads (active, of the chosen materials), the share of them a part of the matches holds
 * and the share holding its rarest word (what the full-text index returns of those rows), estimated from the
 * statistics; null without them.
 */
export type Shares = (category: Category) => { share: number; rows: number; seekShare: number } | null;

/**
 * How to read a part of the matches: its estimated shares, the rows a walk reads (`scope`, a condition) and, per
 * table, what the full-text index is asked for (`seek`): the typed word rarest in that table, the others being tested
 * on its matches. (Postgres reads every row holding a prefix from the index before it intersects the words, so 'gold
 * ring' through the index of a table without rings costs as much as 'gold'.)
 */
export interface Estimate {
  shares: Shares;
  scope: Fragment;
  seek: (category: Category) => Fragment | null;
  /**
   * The order a walk reads `scope` in when any order will do (a count): none, a sequential scan, over a whole table;
   * newest first through the materials' index where materials are chosen, which reads only their rows (the plans
   * count only those: plansFor). Unordered, Postgres would gather every row of a material from the full-text index
   * first, a slower read for a common material (measured in bench BENCH_ONLY=storefront).
   */
  anyOrder: Fragment | null;
}

export interface Matcher {
  /** Matches anywhere (or the exact SKU). */
  any: Fragment;
  /** Matches in the SKU or the name: these rank first (name_vector has an index of its own). */
  named: Fragment;
  /** The rest of the matches. */
  unnamed: Fragment;
  estimates: Record<'any' | 'named' | 'unnamed', Estimate>;
}

/** A table's estimate, worked out once a search: the plans and the tables' order ask for it many times. */
function oncePerTable<T>(estimate: (category: Category) => T): (category: Category) => T {
  const known = new Map<Category, T>();
  return (category) => {
    if (!known.has(category)) known.set(category, estimate(category));
    return known.get(category)!;
  };
}

/** Whether the statistics expect more than `n` matches of an estimate's part over the five tables (not without them). */
export function expectsMoreThan(estimate: Estimate, n: number): boolean {
  let expected = 0;
  for (const category of CATEGORIES) {
    const table = estimate.shares(category);
    if (!table) return false;
    expected += table.share * table.rows;
  }
  return expected > n;
}

/**
 * Estimates a query's parts from the statistics (searchStats(), read before the search's transaction: a transaction
 * waiting on a second connection of the pool could wait for ever under load): `estimate(column, scope, materials)`
 * for the part in that vector.
 */
export function estimator(tx: Tx, stats: SearchStats, words: readonly WordLexemes[], sku: string) {
  return (column: VectorColumn, scope: Fragment, materials: readonly Material[] = []): Estimate => ({
    shares: oncePerTable((category) => {
      const table = stats[category]?.[column];
      if (!table) return null;
      const byMaterial = stats[category]?.material;
      const inMaterials = materials.length === 0 || !byMaterial ? 1 : materials.reduce((s, m) => s + (byMaterial.get(m) ?? 0), 0);
      const share = matchShare(table, words);
      return { share, rows: table.rows * inMaterials, seekShare: seekFor(table, words)?.share ?? share };
    }),
    scope,
    anyOrder: materials.length > 0 ? tx.unsafe(WALK_ORDERS.newest) : null,
    seek: (category) => {
      const table = stats[category]?.[column];
      const seek = table ? seekFor(table, words) : null;
      if (!seek) return null;
      // The lexemes as they are (a cast, not to_tsquery, which would split 'rng-1008' into a phrase of its parts).
      const asked = tx`${tx.unsafe(column)} @@ ${seekQuery(seek.groups)}::text::tsquery`;
      // The chosen materials are in the same GIN index as the words, so the index returns only their rows.
      const inIndex = materials.length === 0 ? asked : tx`${tx.unsafe(materialIn(materials))} and ${asked}`;
      return tx`(${inIndex} or lower(sku) collate "C" = ${sku})`;
    },
  });
}

/** Matches among active products only: the shop never finds a draft or archived product. */
export function matcher(tx: Tx, stats: SearchStats, { matches, words }: ResolvedTerms, sku: string, materials: readonly Material[]): Matcher {
  const query = buildSearchTsQuery(matches)!;
  const active = tx.unsafe(ACTIVE_SQL);
  const named = tx`(name_vector @@ (select to_tsquery('english', ${query})) or lower(sku) collate "C" = ${sku})`;
  const estimate = estimator(tx, stats, words, sku);
  const scope = tx.unsafe(listingWhere({ kind: 'all' }, materials));
  const any = estimate('search_vector', scope, materials);
  const inName = estimate('name_vector', scope, materials);
  return {
    any: tx`${active} and (search_vector @@ (select to_tsquery('english', ${query})) or lower(sku) collate "C" = ${sku})`,
    named,
    unnamed: tx`not coalesce(${named}, false)`,
    estimates: {
      any,
      named: inName,
      unnamed: {
        ...any,
        shares: oncePerTable((category) => {
          const [all, name] = [any.shares(category), inName.shares(category)];
          return all && name ? { ...all, share: Math.max(0, all.share - name.share) } : null;
        }),
      },
    },
  };
}

/** Each table's plan for reading its first `needed` matches in an index order (search-plan.ts). */
export function plansFor(shares: Shares, needed: number): Plans {
  const plans: Plans = {};
  for (const category of CATEGORIES) {
    const estimate = shares(category);
    if (estimate) plans[category] = choosePlan(estimate.share, estimate.rows, needed, estimate.seekShare);
  }
  return plans;
}

/**
 * Search plans are fixed by hand (search-plan.ts): matches are found through the full-text and SKU indexes or by
 * walking an index in order, never by reading whole tables, whose every row would cost a tsvector test, nor by
 * sorting a whole table's rows to walk them (a walk stops after its first matches). No parallel workers: a search is
 * short, and workers would take the cores other requests need. Generic plans: since the shape of each statement
 * fixes its plan, a prepared statement is planned once per connection rather than at every run (planning the five
 * tables' parts was a large share of a search: measured in bench BENCH_ONLY=storefront); the typed query is parsed
 * once a statement, as a sub-select, not once a row. Set for the search's own transaction only; countAndPage allows a
 * sequential scan for its one statement.
 */
export async function useIndexes(tx: Tx): Promise<void> {
  await tx`select set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true),
                  set_config('max_parallel_workers_per_gather', '0', true), set_config('plan_cache_mode', 'force_generic_plan', true)`;
}

/**
 * One product table's matches of `condition` as keys, sort columns and whether each is a name or SKU match, read as
 * planned (search-plan.ts). The tables are read directly, not through the catalog view: planning the view's five
 * tables once per table would cost more than reading a rare word's matches.
 *   - walk: the table's rows in `read.scope` (active, of the chosen materials) in the order `read.by`, each tested;
 *     OFFSET 0 keeps the condition out of the ordered scan, so Postgres cannot swap it for a read of the full-text
 *     index, whose cost it underestimates for a common word (every row holding it is read before the first returns).
 *     With `read.by` null, in no order: a sequential scan where the statement allows one;
 *   - index: through the full-text index for `read.seek` (the rarest word; the whole condition without one), the rest
 *     tested on what it returns; OFFSET 0 keeps a LIMIT above out of the plan, under which Postgres walks an index to
 *     the end of a table the words are rare in;
 *   - no plan (no statistics yet): Postgres's choice.
 */
export function tableMatches(
  tx: Tx,
  category: Category,
  plan: Plan | undefined,
  read: { by: Fragment | null; scope: Fragment; seek: Fragment | null },
  condition: Fragment,
  named: Fragment,
): Fragment {
  const table = tx.unsafe(`public.${category}`);
  const cols = tx`id, ${tx.unsafe(`'${category}'`)}::text as category, created_at, price_from, coalesce(${named}, false) as named`;
  if (plan === 'walk') {
    const order = read.by ? tx`order by ${read.by}` : tx``;
    return tx`select ${cols} from (select * from ${table} where ${read.scope} ${order} offset 0) t where ${condition}`;
  }
  if (plan === 'index') {
    return read.seek
      ? tx`select ${cols} from (select * from ${table} where ${read.seek} offset 0) t where ${condition}`
      : tx`select ${cols} from (select * from ${table} where ${condition} offset 0) t`;
  }
  return tx`select ${cols} from ${table} t where ${condition}`;
}

/**
 * The products meeting `condition`, in no order, for a LIMIT above: table by table, the most matches first, each
 * walked in `estimate.anyOrder` or read through its indexes, as planned for `needed` rows (through the indexes without
 * statistics).
 */
function plannedMatches(tx: Tx, condition: Fragment, estimate: Estimate, needed: number, named: Fragment): Fragment {
  const { shares, scope, anyOrder } = estimate;
  const plans = plansFor(shares, needed);
  const matches = (category: Category) => (shares(category)?.share ?? 0) * (shares(category)?.rows ?? 0);
  const parts = [...CATEGORIES]
    .sort((a, b) => matches(b) - matches(a))
    .map(
      (category) =>
        tx`(${tableMatches(tx, category, plans[category] ?? 'index', { by: anyOrder, scope, seek: estimate.seek(category) }, condition, named)})`,
    );
  return tx`(${parts.reduce((all, part) => tx`${all} union all ${part}`)}) found`;
}

/** A product as [id, category]. */
export type ProductKey = readonly [string, string];

/** The summaries of products given as keys, in the keys' order. */
export async function summariesOf(tx: Tx, keys: readonly ProductKey[]): Promise<SummaryRow[]> {
  if (keys.length === 0) return [];
  return tx<SummaryRow[]>`
    select ${tx.unsafe(SUMMARY_COLUMNS.split(', ').map((c) => `c.${c}`).join(', '))}
      from unnest(${keys.map((k) => k[0])}::uuid[], ${keys.map((k) => k[1])}::text[]) with ordinality as k(id, category, n)
      join catalog_products c on c.id = k.id and c.category = k.category
     order by k.n`;
}

/** The orders of a search's results; relevance puts SKU and name matches first. */
const ORDERS: Record<SearchQuery['sort'], string> = {
  relevance: 'named desc, created_at desc, id desc',
  newest: 'created_at desc, id desc',
  'price-asc': 'price_from asc nulls last, id asc',
  'price-desc': 'price_from desc nulls last, id desc',
};

/**
 * One pass over the matches through the indexes, stopping after SEARCH_COUNT_CAP + 1: their count and, when that
 * count is exact, the rows of `window` in `order`, ranked among all of them. Null rows when there are more
 * matches than the cap: the caller walks an index instead (so many matches are found among the first rows of any
 * order).
 */
export async function countAndPage(
  tx: Tx,
  match: Matcher,
  where: Fragment,
  sort: SearchQuery['sort'],
  window: Window,
): Promise<{ count: CappedCount; rows: SummaryRow[] | null }> {
  // The order the matches are read in does not matter here: all of them are sorted when they are fewer than the cap,
  // and none is shown when they are more. So a walked table is read in the estimate's `anyOrder`: without a material
  // filter, in its physical order, by a sequential scan allowed for this statement alone (sent in the same round
  // trip): a few hundred pages where the created_at index visits a page per row (measured in bench
  // BENCH_ONLY=storefront).
  const [, [row]] = await Promise.all([
    tx`select set_config('enable_seqscan', 'on', true)`.execute(),
    tx<{ n: number; keys: [string, string][] }[]>`
      with m as materialized (
        select * from ${plannedMatches(tx, where, match.estimates.any, SEARCH_COUNT_CAP + 1, sort === 'relevance' ? match.named : tx`false`)}
         limit ${SEARCH_COUNT_CAP + 1})
      select (select count(*)::int from m) as n,
             (select coalesce(json_agg(json_build_array(k.id, k.category)), '[]'::json)
                from (select id, category from m order by ${tx.unsafe(ORDERS[sort])}
                       limit ${window.limit} offset ${window.offset}) k) as keys`.execute(),
    tx`select set_config('enable_seqscan', 'off', true)`.execute(),
  ]);
  const count = cappedCount(row?.n ?? 0);
  if (count.capped) return { count, rows: null };
  return { count, rows: await summariesOf(tx, row?.keys ?? []) };
}

/** How many of the newest products a walk looks at before it reads the indexes category by category. */
const SEARCH_PROBE_ROWS = 2000;

type WalkOrder = 'newest' | 'price-asc' | 'price-desc';

/** Index orders of the walks ("highest first, unpriced last" is not an index order: priced and unpriced rows are walked apart). */
export const WALK_ORDERS: Record<WalkOrder, string> = {
  newest: 'created_at desc, id desc',
  'price-asc': 'price_from asc nulls last, id asc',
  'price-desc': 'price_from desc, id desc',
};

/**
 * A window of the matches of `condition` in an index order, for when they are many, as keys. Each category is asked
 * on its own, with its own limit and plan (search-plan.ts): a table where the words are common is walked in index
 * order and stops early, one where they are rare is read through the full-text index. (Over the whole view, one plan
 * walks every table, reading all of a table that holds no match.)
 */
export async function walkKeys(tx: Tx, condition: Fragment, order: WalkOrder, window: Window, estimate: Estimate): Promise<ProductKey[]> {
  if (window.limit === 0) return [];
  const by = tx.unsafe(WALK_ORDERS[order]);
  const perCategory = window.offset + window.limit;
  const plans = plansFor(estimate.shares, perCategory);
  const parts = CATEGORIES.map((category) => {
    const read = { by, scope: estimate.scope, seek: estimate.seek(category) };
    return tx`(select * from (${tableMatches(tx, category, plans[category], read, condition, tx`false`)}) t order by ${by} limit ${perCategory})`;
  });
  const union = parts.reduce((all, part) => tx`${all} union all ${part}`);
  const keys = await tx<{ id: string; category: string }[]>`
    select id, category from (${union}) m order by ${by} limit ${window.limit} offset ${window.offset}`;
  return keys.map((k) => [k.id, k.category] as const);
}

/** walkKeys' products as summaries. */
export async function walkByCategory(tx: Tx, condition: Fragment, order: WalkOrder, window: Window, estimate: Estimate): Promise<SummaryRow[]> {
  return summariesOf(tx, await walkKeys(tx, condition, order, window, estimate));
}

/**
 * A window of the matches of `condition`, newest first, when they are many, as keys: each category's index as
 * planned, or, without statistics, the newest products first (when enough of them match, these are the newest
 * matches overall).
 */
export async function newestKeys(tx: Tx, condition: Fragment, window: Window, estimate: Estimate): Promise<ProductKey[]> {
  if (window.limit === 0) return [];
  const plans = plansFor(estimate.shares, window.offset + window.limit);
  if (CATEGORIES.every((category) => plans[category])) return walkKeys(tx, condition, 'newest', window, estimate);
  const probed = await tx<{ id: string; category: string }[]>`
    select id, category
      from (select * from catalog_products where ${tx.unsafe(ACTIVE_SQL)}
             order by created_at desc, id desc limit ${SEARCH_PROBE_ROWS}) newest
     where ${condition} order by created_at desc, id desc limit ${window.limit} offset ${window.offset}`;
  return probed.length === window.limit ? probed.map((k) => [k.id, k.category] as const) : walkKeys(tx, condition, 'newest', window, estimate);
}

/** newestKeys' products as summaries. */
export async function newestMatches(tx: Tx, condition: Fragment, window: Window, estimate: Estimate): Promise<SummaryRow[]> {
  return summariesOf(tx, await newestKeys(tx, condition, window, estimate));
}
