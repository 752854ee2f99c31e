import 'server-only';
import { unstable_cache } from 'next/cache';
import { asAnon, type Tx } from '../db';
import { paginationWindow, splitWindow, totalPagesFor, pageRange, type PageItem } from '../pagination';
import { CATEGORIES, MATERIALS, PAGE_SIZE, type Category, type Material } from './categories';
import type { ListingQuery, Sort } from './listing-params';
import { buildPrefixTsQuery, mergeSearchHits, normalizeSearchInput, SEARCH_LIMIT } from './search-query';
import { InvalidCategoryError, resolveCategorySlug, type SlugClause } from './slugs';
import type { ProductSummary } from './types';

// Listing and search reads over the cross-category view `catalog_products`. Every filter, sort, count and page runs
// in SQL and reads one page; the view's UNION ALL branches are pruned by constant category predicates, and each
// ORDER BY matches a per-table index so Postgres merges the five index scans and stops after the page.

/** Cache tag of everything derived from the catalog; admin product edits revalidate it. */
export const CATALOG_TAG = 'catalog';
/** SPEC §9: product lists stay fresh for 5 minutes. */
const REVALIDATE_SECONDS = 300;

export type ListingScope = { kind: 'all' } | { kind: 'new' } | { kind: 'mens' } | { kind: 'category'; slug: string };

export interface ListingCounts {
  total: number;
  /** Products with a positive 'From' price; the rest sort last by price. */
  priced: number;
}

export interface ListingPage {
  items: ProductSummary[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  /** 1-based numbers of the first and last product shown, 0 when the page is empty. */
  from: number;
  to: number;
  pages: PageItem[];
}

export interface SearchResponse {
  results: ProductSummary[];
  /** Every matching product across the five tables (the list itself is capped at SEARCH_LIMIT). */
  total: number;
}

export { SEARCH_LIMIT };

const SUMMARY_COLUMNS = 'id, category, name, sku, moq, material, image_url, price_from, default_price, created_at';

interface SummaryRow {
  id: string;
  category: string;
  name: string;
  sku: string | null;
  moq: number;
  material: string | null;
  image_url: string | null;
  price_from: string | null;
  default_price: string | null;
  created_at: Date | string;
}

function toSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    category: row.category as Category,
    name: row.name,
    sku: row.sku,
    moq: row.moq,
    material: row.material,
    image_url: row.image_url,
    price_from: row.price_from === null ? null : Number(row.price_from),
    default_price: row.default_price === null ? null : Number(row.default_price),
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  };
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

/** The WHERE condition of a listing; throws InvalidCategoryError for an unknown category slug. */
export function listingWhere(scope: ListingScope, materials: readonly Material[]): string {
  const conditions: string[] = [];
  if (scope.kind === 'new') conditions.push('is_new_arrival');
  if (scope.kind === 'mens') conditions.push('is_mens_jewelry');
  if (scope.kind === 'category') {
    const { clauses } = resolveCategorySlug(scope.slug);
    conditions.push(`(${clauses.map(clauseSql).join(' or ')})`);
  }
  if (materials.length > 0) {
    conditions.push(`material in (${materials.map((m) => literal(m, MATERIAL_LITERALS)).join(', ')})`);
  }
  return conditions.length > 0 ? conditions.join(' and ') : 'true';
}

// --- Queries ------------------------------------------------------------------------------------------------------

async function countRows(tx: Tx, where: string): Promise<ListingCounts> {
  const [row] = await tx<{ total: number; priced: number }[]>`
    select count(*)::int as total, count(price_from)::int as priced
      from catalog_products where ${tx.unsafe(where)}`;
  return { total: row?.total ?? 0, priced: row?.priced ?? 0 };
}

async function pageRows(tx: Tx, where: string, sort: Sort, offset: number, limit: number, priced: number) {
  const w = tx.unsafe(where);
  const cols = tx.unsafe(SUMMARY_COLUMNS);
  switch (sort) {
    case 'newest':
      return tx<SummaryRow[]>`
        select ${cols} from catalog_products where ${w}
         order by created_at desc, id desc limit ${limit} offset ${offset}`;
    case 'price-asc':
      // Matches the (price_from, id) indexes, whose NULLs already sort last.
      return tx<SummaryRow[]>`
        select ${cols} from catalog_products where ${w}
         order by price_from asc nulls last, id asc limit ${limit} offset ${offset}`;
    case 'price-desc': {
      // "Highest first, unpriced last" is not an index order, so the priced and unpriced parts are read separately,
      // each by a backward scan of the same index, with the page window split between them.
      const { first, second } = splitWindow(offset, limit, priced);
      return tx<SummaryRow[]>`
        select * from (
          (select ${cols} from catalog_products where ${w} and price_from is not null
            order by price_from desc, id desc limit ${first.limit} offset ${first.offset})
          union all
          (select ${cols} from catalog_products where ${w} and price_from is null
            order by price_from desc, id desc limit ${second.limit} offset ${second.offset})
        ) page order by price_from desc nulls last, id desc`;
    }
  }
}

export async function loadListingCounts(scope: ListingScope, materials: readonly Material[]): Promise<ListingCounts> {
  const where = listingWhere(scope, materials);
  return asAnon((tx) => countRows(tx, where));
}

type CountsLoader = (scope: ListingScope, materials: Material[]) => Promise<ListingCounts>;

/** One listing page with its counts. Throws InvalidCategoryError for an unknown category. */
export async function loadListing(
  scope: ListingScope,
  query: ListingQuery,
  counts: CountsLoader = loadListingCounts,
): Promise<ListingPage> {
  const where = listingWhere(scope, query.materials);
  const { total, priced } = await counts(scope, query.materials);
  const offset = (query.page - 1) * PAGE_SIZE;
  const rows = offset < total ? await asAnon((tx) => pageRows(tx, where, query.sort, offset, PAGE_SIZE, priced)) : [];
  const items = rows.map(toSummary);
  const totalPages = totalPagesFor(total, PAGE_SIZE);
  return {
    items,
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
    totalPages,
    ...pageRange(query.page, PAGE_SIZE, items.length),
    pages: paginationWindow(query.page, totalPages),
  };
}

const cachedCounts = unstable_cache(loadListingCounts, ['listing-counts-v1'], {
  tags: [CATALOG_TAG],
  revalidate: REVALIDATE_SECONDS,
});

const cachedListing = unstable_cache(
  (scope: ListingScope, query: ListingQuery) => loadListing(scope, query, cachedCounts),
  ['listing-page-v1'],
  { tags: [CATALOG_TAG], revalidate: REVALIDATE_SECONDS },
);

/** Cached listing page for the storefront (keyed by scope, page, sort and materials; tag 'catalog'). */
export async function getListing(scope: ListingScope, query: ListingQuery): Promise<ListingPage> {
  // Validate the slug outside the cache so an unknown category throws InvalidCategoryError itself.
  listingWhere(scope, query.materials);
  return cachedListing(scope, query);
}

export type ListingOutcome = { ok: true; page: ListingPage } | { ok: false; message: string };

/**
 * The listing as the page shows it: the page of products, or the message of what went wrong ('Invalid table …
 * for category …' for an unknown category, the database's message otherwise), so the page renders its error state
 * instead of failing.
 */
export async function getListingOutcome(scope: ListingScope, query: ListingQuery): Promise<ListingOutcome> {
  try {
    return { ok: true, page: await getListing(scope, query) };
  } catch (err) {
    if (!(err instanceof InvalidCategoryError)) console.error('Listing query failed', err);
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

// --- Search -------------------------------------------------------------------------------------------------------

/** How many of the newest products the first search pass looks at before falling back to the full-text index. */
const SEARCH_PROBE_ROWS = 2000;

/**
 * Full-text search across the five tables: every word a prefix, SKUs equal to the input first, then newest first.
 * SPEC asks for 20 per category capped at 20 overall sorted by created_at; the overall newest 20 of one merged
 * query is exactly that.
 *
 * Postgres cannot estimate prefix matches well, so the plan is fixed by hand: common words are found among the
 * newest products by walking the created_at indexes (if 20 match there, they are the newest 20 overall); rarer
 * words then read all their matches from the GIN index, which is cheap precisely because they are rare.
 */
export async function searchProducts(input: string): Promise<SearchResponse> {
  const text = normalizeSearchInput(input);
  const tsquery = buildPrefixTsQuery(text);
  const sku = text.toLowerCase();
  const cols = SUMMARY_COLUMNS;
  // The count runs beside the result queries, on its own connection.
  const counting = asAnon(async (tx) => {
    const [row] = tsquery
      ? await tx<{ total: number }[]>`
          select count(*)::int as total from catalog_products
           where search_vector @@ to_tsquery('english', ${tsquery}) or lower(sku) = ${sku}`
      : await tx<{ total: number }[]>`select count(*)::int as total from catalog_products where lower(sku) = ${sku}`;
    return row?.total ?? 0;
  });
  const finding = asAnon(async (tx) => {
    const skuHits = await tx<SummaryRow[]>`
      select ${tx.unsafe(cols)} from catalog_products where lower(sku) = ${sku}
       order by created_at desc, id desc limit ${SEARCH_LIMIT}`;
    if (!tsquery) return skuHits;
    const q = tx`to_tsquery('english', ${tsquery})`;
    let wordHits = await tx<SummaryRow[]>`
      select ${tx.unsafe(cols)} from (
        select ${tx.unsafe(cols)}, search_vector from catalog_products
         order by created_at desc, id desc limit ${SEARCH_PROBE_ROWS}
      ) newest where search_vector @@ ${q}
      order by created_at desc, id desc limit ${SEARCH_LIMIT}`;
    if (wordHits.length < SEARCH_LIMIT) {
      wordHits = await tx<SummaryRow[]>`
        with matches as materialized (
          select ${tx.unsafe(cols)} from catalog_products where search_vector @@ ${q}
        )
        select * from matches order by created_at desc, id desc limit ${SEARCH_LIMIT}`;
    }
    return mergeSearchHits(skuHits, wordHits);
  });
  const [rows, total] = await Promise.all([finding, counting]);
  return { results: rows.map(toSummary), total };
}

const cachedSearch = unstable_cache(searchProducts, ['search-v1'], { tags: [CATALOG_TAG], revalidate: REVALIDATE_SECONDS });

/** Cached search for the route handler (keyed by the normalised input). */
export function getSearchResults(input: string): Promise<SearchResponse> {
  return cachedSearch(normalizeSearchInput(input));
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
      select ${tx.unsafe(SUMMARY_COLUMNS)} from catalog_products where is_new_arrival
       order by created_at desc, id desc limit 8`;
    const covers = await tx<{ category: Category | 'mens'; image_url: string }[]>`${tx.unsafe(
      [
        ...CATEGORIES.map(
          (c) =>
            `(select '${c}'::text as category, image_url from public.${c} where image_url is not null order by created_at desc, id desc limit 1)`,
        ),
        `(select 'mens'::text, image_url from catalog_products where is_mens_jewelry and image_url is not null order by created_at desc, id desc limit 1)`,
      ].join(' union all '),
    )}`;
    return {
      newArrivals: arrivals.map(toSummary),
      covers: Object.fromEntries(covers.map((c) => [c.category, c.image_url])),
    };
  });
}

export const getHomeShowcase = unstable_cache(loadHomeShowcase, ['home-showcase-v1'], {
  tags: [CATALOG_TAG],
  revalidate: REVALIDATE_SECONDS,
});
