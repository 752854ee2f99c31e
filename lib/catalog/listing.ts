import 'server-only';
import { unstable_cache } from 'next/cache';
import { asAnon, type Tx } from '../core/db';
import { paginationWindow, splitWindow, totalPagesFor, pageRange, type PageItem } from '../core/pagination';
import { CATEGORIES, MATERIALS, PAGE_SIZE, type Category, type Material } from './categories';
import type { ListingQuery, Sort } from './listing-params';
import { InvalidCategoryError, resolveCategorySlug, type SlugClause } from './slugs';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './summary';
import type { ProductSummary } from './types';
import { genericFailure } from '../core/errors';
import { logError, newRequestId } from '../core/log';
import { CATALOG_TAG } from '../core/cache/tags';
import { ACTIVE_SQL } from './status';

// Listing and search reads over the cross-category view `catalog_products`. Every filter, sort and page runs in SQL
// and reads one page; the view's UNION ALL branches are pruned by constant category predicates, and each ORDER BY
// matches a per-table index so Postgres merges the five index scans and stops after the page. A listing's counts
// come from counters kept with every product write (public.product_counts), not from counting the catalog.

/** A piece of SQL built by a transaction's tagged template, to be placed inside another query. */
export type Fragment = ReturnType<Tx['unsafe']>;

export type ListingScope = { kind: 'all' } | { kind: 'new' } | { kind: 'mens' } | { kind: 'category'; slug: string };

export interface ListingCounts {
  total: number;
  /** Products with a positive 'From' price; the rest sort last by price. */
  priced: number;
}

export interface ListingPage {
  items: ProductSummary[];
  total: number;
  /** The total stopped at the search count cap (there are more); listings count exactly. */
  capped: boolean;
  page: number;
  pageSize: number;
  totalPages: number;
  /** 1-based numbers of the first and last product shown, 0 when the page is empty. */
  from: number;
  to: number;
  pages: PageItem[];
}

// --- WHERE clauses ------------------------------------------------------------------------------------------------
// Built as SQL text from closed sets only (table names, necklace types, flags, materials), never from raw input:
// constants let the planner drop the UNION ALL branches that cannot match.

const CATEGORY_LITERALS = new Set<string>(CATEGORIES);
const MATERIAL_LITERALS = new Set<string>(MATERIALS);

function literal(value: string, allowed: Set<string>): string {
  if (!allowed.has(value)) throw new Error(`Unexpected value in listing filter: ${value}`);
  return `'${value}'`;
}

function clauseSql(clause: SlugClause): string {
  const parts = [`category = ${literal(clause.category, CATEGORY_LITERALS)}`];
  if (clause.necklaceType) parts.push(`necklace_type = ${literal(clause.necklaceType, new Set(['Chain', 'Pendant']))}`);
  if (clause.flag) parts.push(clause.flag === 'is_bracelet' ? 'is_bracelet' : 'is_necklace');
  return `(${parts.join(' and ')})`;
}

/**
 * The WHERE condition of a listing (active products only, also in the counts); throws InvalidCategoryError for an
 * unknown category slug. It names only columns that public.product_counts has too, so the counts use it as it is.
 */
export function listingWhere(scope: ListingScope, materials: readonly Material[]): string {
  const conditions: string[] = [ACTIVE_SQL];
  if (scope.kind === 'new') conditions.push('is_new_arrival');
  if (scope.kind === 'mens') conditions.push('is_mens_jewelry');
  if (scope.kind === 'category') {
    const { clauses } = resolveCategorySlug(scope.slug);
    conditions.push(`(${clauses.map(clauseSql).join(' or ')})`);
  }
  if (materials.length > 0) {
    conditions.push(materialIn(materials));
  }
  return conditions.join(' and ');
}

/** The condition `material in (…)` for a non-empty list of materials, each checked against the known ones. */
export function materialIn(materials: readonly Material[]): string {
  return `material in (${materials.map((m) => literal(m, MATERIAL_LITERALS)).join(', ')})`;
}

// --- Queries ------------------------------------------------------------------------------------------------------

/**
 * A view's counts, summed from the few counter rows its condition matches (public.product_counts, kept by the
 * product tables' triggers in the same transaction as every write), so the count does not grow with the catalog.
 */
async function countRows(tx: Tx, where: string): Promise<ListingCounts> {
  const [row] = await tx<{ total: number; priced: number }[]>`
    select coalesce(sum(total), 0)::int as total, coalesce(sum(priced), 0)::int as priced
      from public.product_counts where ${tx.unsafe(where)}`;
  return { total: row?.total ?? 0, priced: row?.priced ?? 0 };
}

/**
 * One page of rows under a WHERE condition (a query fragment), in a listing sort order. The page's keys are found
 * first from the sort order's index alone (a deep OFFSET then skips index entries, not table rows), and only the
 * 20 rows of the page are read in full.
 */
export async function pageRows(tx: Tx, w: Fragment, sort: Sort, offset: number, limit: number, priced: number): Promise<SummaryRow[]> {
  const cols = tx.unsafe(SUMMARY_COLUMNS.split(', ').map((c) => `c.${c}`).join(', '));
  let keys: Fragment;
  let order: Fragment;
  switch (sort) {
    case 'newest':
      keys = tx`select id, category, created_at from catalog_products where ${w}
                 order by created_at desc, id desc limit ${limit} offset ${offset}`;
      order = tx`k.created_at desc, k.id desc`;
      break;
    case 'price-asc':
      // Matches the (price_from, id) indexes, whose NULLs already sort last.
      keys = tx`select id, category, price_from from catalog_products where ${w}
                 order by price_from asc nulls last, id asc limit ${limit} offset ${offset}`;
      order = tx`k.price_from asc nulls last, k.id asc`;
      break;
    case 'price-desc': {
      // "Highest first, unpriced last" is not an index order, so the priced and unpriced parts are read separately,
      // each by a backward scan of the same index, with the page window split between them.
      const { first, second } = splitWindow(offset, limit, priced);
      keys = tx`
        (select id, category, price_from from catalog_products where ${w} and price_from is not null
          order by price_from desc, id desc limit ${first.limit} offset ${first.offset})
        union all
        (select id, category, price_from from catalog_products where ${w} and price_from is null
          order by price_from desc, id desc limit ${second.limit} offset ${second.offset})`;
      order = tx`k.price_from desc nulls last, k.id desc`;
      break;
    }
    case 'featured': {
      // The Storefront screen's featured products first, in their order, then the rest newest first. The featured
      // part starts from its at most 12 rows and looks each product up by primary key (under the listing's
      // conditions); the rest walks the created_at indexes as Newest does, skipping those few. The page window is
      // split between the two parts.
      const featured = tx`
        select p.id, p.category, p.created_at, f.position from featured_products f
          cross join lateral (select id, category, created_at from catalog_products
                               where ${w} and status = 'active' and category = f.category and id = f.product_id) p`;
      const [row] = await tx<{ n: number }[]>`select count(*)::int as n from (${featured}) fp`;
      const { first, second } = splitWindow(offset, limit, row?.n ?? 0);
      keys = tx`
        (${featured} order by f.position limit ${first.limit} offset ${first.offset})
        union all
        (select id, category, created_at, null::smallint from catalog_products where ${w} and status = 'active'
            and (category, id) not in (select category, product_id from featured_products)
          order by created_at desc, id desc limit ${second.limit} offset ${second.offset})`;
      order = tx`k.position asc nulls last, k.created_at desc, k.id desc`;
      break;
    }
  }
  return tx<SummaryRow[]>`
    with k as materialized (${keys})
    select ${cols} from k join catalog_products c on c.id = k.id and c.category = k.category
     order by ${order}`;
}

export async function loadListingCounts(scope: ListingScope, materials: readonly Material[]): Promise<ListingCounts> {
  const where = listingWhere(scope, materials);
  return asAnon((tx) => countRows(tx, where));
}

/**
 * One listing page with its counts, in one transaction: the counts are the counters' few rows (cheap at any catalog
 * size: measured in bench BENCH_ONLY=storefront), so they are read with the page rather than kept in a cache of their
 * own. Throws InvalidCategoryError for an unknown category.
 */
export async function loadListing(scope: ListingScope, query: ListingQuery): Promise<ListingPage> {
  const where = listingWhere(scope, query.materials);
  const offset = (query.page - 1) * PAGE_SIZE;
  return asAnon(async (tx) => {
    const { total, priced } = await countRows(tx, where);
    const rows = offset < total ? await pageRows(tx, tx.unsafe(where), query.sort, offset, PAGE_SIZE, priced) : [];
    return toListingPage(rows, total, query.page);
  });
}

/** A page of rows as the listing views show it: the cards, the counts and the page links. */
export function toListingPage(rows: SummaryRow[], total: number, page: number, capped = false): ListingPage {
  const items = rows.map(toSummary);
  const totalPages = totalPagesFor(total, PAGE_SIZE);
  return {
    items,
    total,
    capped,
    page,
    pageSize: PAGE_SIZE,
    totalPages,
    ...pageRange(page, PAGE_SIZE, items.length),
    pages: paginationWindow(page, totalPages),
  };
}

/**
 * Nothing but the catalog tag: Next gives a cached page the tags of the cached data it read, so a page whose own
 * reads are not cached (a listing, the search page) reads this to be revalidated with the catalog (one entry in all).
 */
export const catalogDependency = unstable_cache(async () => true, ['catalog-dependency-v1'], { tags: [CATALOG_TAG] });

/**
 * A listing page for the storefront, read each time the page renders: the page itself is cached whole, and dropped
 * with the catalog tag (catalogDependency), so a data-cache copy of its rows or counts would only cost a file write.
 */
export async function getListing(scope: ListingScope, query: ListingQuery): Promise<ListingPage> {
  await catalogDependency();
  return loadListing(scope, query);
}

export type ListingOutcome = { ok: true; page: ListingPage } | { ok: false; message: string };

/**
 * A page number past the listing's last page: answered 404 and never cached, so made-up page numbers add nothing to
 * the cache. Page 1 of an empty listing is a page.
 */
export function isPastLastPage(page: ListingPage): boolean {
  return page.page > Math.max(1, page.totalPages);
}

/**
 * The listing as the page shows it: the page of products, or the message of what went wrong, so the page renders its
 * error state instead of failing: 'Invalid table … for category …' for an unknown category, the shop's generic
 * message and a reference otherwise. The database's own text goes to the log only, under that reference.
 */
export async function getListingOutcome(scope: ListingScope, query: ListingQuery): Promise<ListingOutcome> {
  try {
    return { ok: true, page: await getListing(scope, query) };
  } catch (err) {
    if (err instanceof InvalidCategoryError) return { ok: false, message: err.message };
    const requestId = newRequestId();
    logError('Listing query failed', err, { requestId });
    return { ok: false, message: genericFailure(requestId) };
  }
}

// --- Home ---------------------------------------------------------------------------------------------------------

export interface HomeShowcase {
  newArrivals: ProductSummary[];
  /** Newest product image per category (and of the men's pieces), for the entry tiles. */
  covers: Partial<Record<Category | 'mens', string>>;
}

export async function loadHomeShowcase(): Promise<HomeShowcase> {
  return asAnon(async (tx) => {
    const arrivals = await tx<SummaryRow[]>`
      select ${tx.unsafe(SUMMARY_COLUMNS)} from catalog_products where is_new_arrival and ${tx.unsafe(ACTIVE_SQL)}
       order by created_at desc, id desc limit 8`;
    const covers = await tx<{ category: Category | 'mens'; image_url: string }[]>`${tx.unsafe(
      [
        ...CATEGORIES.map(
          (c) =>
            `(select '${c}'::text as category, image_url from public.${c} where ${ACTIVE_SQL} and image_url is not null order by created_at desc, id desc limit 1)`,
        ),
        `(select 'mens'::text, image_url from catalog_products where ${ACTIVE_SQL} and is_mens_jewelry and image_url is not null order by created_at desc, id desc limit 1)`,
      ].join(' union all '),
    )}`;
    return {
      newArrivals: arrivals.map(toSummary),
      covers: Object.fromEntries(covers.map((c) => [c.category, c.image_url])),
    };
  });
}
