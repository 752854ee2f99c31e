import 'server-only';
// The list view of a category screen, read as the admin under RLS: 20 rows a page in the chosen sort, under the
// chosen filters, with the count. The sort column comes from a closed list (LIST_SORTS), each backed by a
// (column, id) index of every product table, and a deep page is read from the nearer end of that index.
import { PAGE_SIZE, type Category } from '../../catalog/categories';
import type { Tx } from '../../core/db';
import { formatDateTime } from '../../core/format/date';
import { toCents } from '../../core/format/money';
import { nearestEndWindow, totalPagesFor } from '../../core/pagination';
import { cappedCount, SEARCH_COUNT_CAP, type CappedCount } from '../../catalog/search-query';
import { hasFilter, LIST_SORTS, type ListFilter, type ListQuery, type ProductStatus } from './list-params';

export interface AdminListRow {
  id: string;
  name: string;
  sku: string | null;
  imageUrl: string | null;
  /** The lowest price above zero, in cents; null when the product has none. */
  priceFromCents: number | null;
  moq: number;
  status: ProductStatus;
  /** In the shop's time zone. */
  updatedLabel: string;
  updatedAt: string;
  isNew: boolean;
  isMens: boolean;
}

export interface CategoryListData {
  rows: AdminListRow[];
  total: number;
  /** A search word's count stops at SEARCH_COUNT_CAP ('1,000+'), as the shop's search does; only those pages are shown. */
  capped: boolean;
  page: number;
  totalPages: number;
}

const table = (tx: Tx, category: Category) => tx(`public.${category}`);

/** `%`, `_` and `\` typed by the admin are matched as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE condition of a filter, as a query fragment (the table is aliased `r`). */
export function listWhere(tx: Tx, filter: ListFilter) {
  let w = tx`true`;
  if (filter.status) w = tx`${w} and r.status = ${filter.status}`;
  if (filter.material) w = tx`${w} and r.material = ${filter.material}`;
  if (filter.isNew) w = tx`${w} and r.is_new_arrival`;
  if (filter.isMens) w = tx`${w} and r.is_mens_jewelry`;
  if (filter.q) w = tx`${w} and ${searchCondition(tx, filter.q)}`;
  return w;
}

/** A search word's condition: the name or the SKU, as the trigram index holds them (20261210000200_catalog.sql). */
function searchCondition(tx: Tx, q: string) {
  return tx`(r.name || chr(9) || coalesce(r.sku, '')) ilike ${likePattern(q)}`;
}

/** How many rows of the list's order a page of a capped search walks before the planner's own plan is asked instead. */
export const CAPPED_WALK_ROWS = 10_000;

/**
 * A page of a search word with more matches than the cap: the first CAPPED_WALK_ROWS rows of the other filters in the
 * list's order, each tested for the word. Under RLS, Postgres may not use the name statistics for ILIKE (not
 * leakproof), so it guesses few matches and reads and sorts every one of them (slow for a word many rows hold:
 * measured in bench BENCH_ONLY=catalog-list); a common word fills the pages within a few thousand rows of the order.
 * Null when the walk ends before the page does (a word rarer in that order).
 */
async function walkedPage(tx: Tx, category: Category, query: ListQuery, window: { offset: number; limit: number }): Promise<string[] | null> {
  const column = tx(LIST_SORTS[query.sort].column);
  const dir = tx.unsafe(query.dir);
  // Sorting off for this one statement (sent in the same round trip): the walk reads the (column, id) index in order
  // and stops at the page's last match.
  const [, ids] = await Promise.all([
    tx`select set_config('enable_sort', 'off', true)`.execute(),
    tx<{ id: string }[]>`
      select w.id from (
        select r.id, r.${column} as k, ${searchCondition(tx, query.q)} as hit from ${table(tx, category)} r
         where ${listWhere(tx, { ...query, q: '' })}
         order by r.${column} ${dir}, r.id ${dir} limit ${CAPPED_WALK_ROWS}) w
       where w.hit order by w.k ${dir}, w.id ${dir} offset ${window.offset} limit ${window.limit}`.execute(),
    tx`select set_config('enable_sort', 'on', true)`.execute(),
  ]);
  return ids.length === window.limit ? ids.map((r) => r.id) : null;
}

/**
 * How many products of the category match the list's filters. Without a search word, summed from the counters kept
 * with every product write (public.product_counts has the columns listWhere names), so it costs the same at any
 * catalog size and is exact. A search word needs the products' names and SKUs, so its count stops after
 * SEARCH_COUNT_CAP: a common word ('halo' in 200,000 rings) would otherwise count tens of thousands of matches for
 * every page.
 */
export async function countMatching(tx: Tx, category: Category, filter: ListFilter): Promise<CappedCount> {
  if (filter.q) {
    const [row] = await tx<{ total: number }[]>`
      select count(*)::int as total from (select from ${table(tx, category)} r where ${listWhere(tx, filter)} limit ${SEARCH_COUNT_CAP + 1}) m`;
    return cappedCount(row?.total ?? 0);
  }
  return { total: await countAllMatching(tx, category, filter), capped: false };
}

/**
 * The exact count, whatever the filter: the grid's count (no filter, from the counters), and what 'Select all matching'
 * confirms when the list's count stopped at the cap.
 */
export async function countAllMatching(tx: Tx, category: Category, filter: ListFilter): Promise<number> {
  const [row] = filter.q
    ? await tx<{ total: number }[]>`select count(*)::int as total from ${table(tx, category)} r where ${listWhere(tx, filter)}`
    : await tx<{ total: number }[]>`
        select coalesce(sum(r.total), 0)::int as total from public.product_counts r
         where r.category = ${category} and ${listWhere(tx, filter)}`;
  return row?.total ?? 0;
}

interface Row {
  id: string;
  name: string;
  sku: string | null;
  image_url: string | null;
  price_from: string | null;
  moq: number | null;
  status: ProductStatus;
  updated_at: Date;
  is_new_arrival: boolean;
  is_mens_jewelry: boolean;
}

/** One page of the list; a page past the end shows the last one. */
export async function loadCategoryList(tx: Tx, category: Category, query: ListQuery, timeZone: string): Promise<CategoryListData> {
  const w = listWhere(tx, query);
  const { total, capped } = await countMatching(tx, category, query);
  const totalPages = totalPagesFor(total, PAGE_SIZE);
  const page = Math.max(1, Math.min(query.page, totalPages || 1));
  // A capped count does not know where the matches end, so its pages are read from the start.
  const window = capped ? { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, reverse: false } : nearestEndWindow(page, PAGE_SIZE, total);
  const column = tx(LIST_SORTS[query.sort].column);
  // Ties broken by id in the same direction, so `desc` is the index read backwards (NULLs first, as Postgres puts
  // them) and a page read from the far end is the exact mirror of the near one.
  const scan = tx.unsafe((query.dir === 'asc') !== window.reverse ? 'asc' : 'desc');
  const dir = tx.unsafe(query.dir);
  // Unfiltered, a page in the middle of 20,000 rows is cheapest read by walking the index past 10,000 entries, but
  // the planner picks a scan and a sort of the whole table there (slower: measured in bench BENCH_ONLY=catalog-list). Sorting is turned
  // off for this one statement; with a filter the planner's own choice stands (few rows may match).
  const forceIndex = !hasFilter(query) && window.limit > 0;
  const walked = capped && window.limit > 0 ? await walkedPage(tx, category, query, window) : null;
  if (forceIndex) await tx`select set_config('enable_sort', 'off', true)`;
  const ids =
    walked ??
    (window.limit === 0
      ? []
      : (
          await tx<{ id: string }[]>`
            select r.id from ${table(tx, category)} r where ${w}
             order by r.${column} ${scan}, r.id ${scan} limit ${window.limit} offset ${window.offset}`
        ).map((r) => r.id));
  if (forceIndex) await tx`select set_config('enable_sort', 'on', true)`;
  // Then only the page's rows are read in full, in the screen's order.
  const rows =
    ids.length === 0
      ? []
      : await tx<Row[]>`
          select r.id, r.name, r.sku, r.image_url, r.price_from, r.moq, r.status, r.updated_at, r.is_new_arrival, r.is_mens_jewelry
            from ${table(tx, category)} r where r.id = any(${ids}::uuid[])
           order by r.${column} ${dir}, r.id ${dir}`;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      sku: r.sku,
      imageUrl: r.image_url,
      priceFromCents: r.price_from === null ? null : toCents(Number(r.price_from)),
      moq: r.moq ?? 1,
      status: r.status,
      updatedAt: r.updated_at.toISOString(),
      updatedLabel: formatDateTime(r.updated_at, timeZone),
      isNew: r.is_new_arrival,
      isMens: r.is_mens_jewelry,
    })),
    total,
    capped,
    page,
    totalPages,
  };
}
