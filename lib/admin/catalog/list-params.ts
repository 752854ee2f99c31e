// The list view's URL on a category screen: ?view=list, the sort (?sort= one of LIST_SORTS, ?dir=asc|desc), the
// filters (?status=, ?material=, ?new=1, ?mens=1, ?q=) and ?page=. Every value is parsed with zod and a bad one falls
// back to its default, so a hand-edited or stale link still shows a list. Pure: safe on client and server.
import { z } from 'zod';
import { MATERIALS, type Material } from '../../catalog/categories';
import { parsePageParam } from '../../core/pagination';
import { paramOf, type SearchParams } from '../../core/search-params';
import { hasForbiddenCharacters } from '../../core/validation/text';
import { PRODUCT_STATUSES, PRODUCT_STATUS_LABELS, type ProductStatus } from '../../catalog/status';

export { PRODUCT_STATUSES, PRODUCT_STATUS_LABELS, type ProductStatus };

/**
 * The sortable columns and the table columns they order by. Each one is backed by an index of every product table
 * (…_list_indexes migration); ties are broken by id, and `desc` scans the same index backwards.
 */
export const LIST_SORTS = {
  name: { label: 'Name', column: 'name' },
  sku: { label: 'SKU', column: 'sku' },
  price: { label: 'Price from', column: 'price_from' },
  moq: { label: 'MOQ', column: 'moq' },
  status: { label: 'Status', column: 'status' },
  updated: { label: 'Updated', column: 'updated_at' },
} as const;
export type ListSort = keyof typeof LIST_SORTS;
export const LIST_SORT_KEYS = Object.keys(LIST_SORTS) as ListSort[];
export type SortDirection = 'asc' | 'desc';

/** Newest change first: what staff look at after an edit or an import. */
export const DEFAULT_SORT: ListSort = 'updated';
export const defaultDirection = (sort: ListSort): SortDirection => (sort === 'updated' ? 'desc' : 'asc');

export const LIST_QUERY_MAX = 100;

export type CategoryView = 'grid' | 'list';

export interface ListFilter {
  status: ProductStatus | null;
  material: Material | null;
  /** Only New arrivals. */
  isNew: boolean;
  /** Only Men's jewelry. */
  isMens: boolean;
  /** Part of a name or SKU, as typed (trimmed). */
  q: string;
}

export interface ListQuery extends ListFilter {
  sort: ListSort;
  dir: SortDirection;
  page: number;
}

export const EMPTY_FILTER: ListFilter = { status: null, material: null, isNew: false, isMens: false, q: '' };

const flag = z.enum(['1', 'true', 'yes']).transform(() => true).catch(false);
const LIST_PARAMS = z.object({
  sort: z.enum(LIST_SORT_KEYS as [ListSort, ...ListSort[]]).catch(DEFAULT_SORT),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  status: z.enum(PRODUCT_STATUSES).nullable().catch(null),
  material: z.enum(MATERIALS).nullable().catch(null),
  new: flag,
  mens: flag,
  // A text with control characters, or too long, is dropped rather than searched.
  q: z
    .string()
    .transform((v) => v.normalize('NFC').trim())
    .refine((v) => v.length <= LIST_QUERY_MAX && !hasForbiddenCharacters(v))
    .catch(''),
});

export function parseCategoryView(params: SearchParams | URLSearchParams): CategoryView {
  return paramOf(params, 'view') === 'list' ? 'list' : 'grid';
}

/** The list view's sort, filters and page; anything unknown or malformed falls back to its default. */
export function parseListQuery(params: SearchParams | URLSearchParams): ListQuery {
  const get = (name: string) => paramOf(params, name) ?? null;
  const p = LIST_PARAMS.parse({
    sort: get('sort'), dir: get('dir'), status: get('status'), material: get('material'), new: get('new'), mens: get('mens'), q: get('q') ?? '',
  });
  return {
    sort: p.sort,
    dir: p.dir ?? defaultDirection(p.sort),
    status: p.status,
    material: p.material,
    isNew: p.new,
    isMens: p.mens,
    q: p.q,
    page: parsePageParam(get('page')),
  };
}

/** The same filter as a zod schema, for the bulk actions' 'all matching' target (strict: refused, not defaulted). */
export const listFilterSchema = z.object(
  {
    status: z.enum(PRODUCT_STATUSES, { error: 'Unknown status filter.' }).nullable(),
    material: z.enum(MATERIALS, { error: 'Unknown material filter.' }).nullable(),
    isNew: z.boolean({ error: 'The New filter is yes or no.' }),
    isMens: z.boolean({ error: "The Men's filter is yes or no." }),
    q: z
      .string({ error: 'The text filter must be text.' })
      .max(LIST_QUERY_MAX, { error: 'The text filter is too long.' })
      .refine((v) => !hasForbiddenCharacters(v), { error: 'The text filter must not contain control characters.' })
      .transform((v) => v.normalize('NFC').trim()),
  },
  { error: 'Send the filter of the list.' },
);

/** The list view's query string (defaults left out; page 1 has no parameter). */
export function listSearch(query: Partial<ListQuery>, edit?: string | null): URLSearchParams {
  const out = new URLSearchParams({ view: 'list' });
  const sort = query.sort ?? DEFAULT_SORT;
  if (sort !== DEFAULT_SORT) out.set('sort', sort);
  if (query.dir && query.dir !== defaultDirection(sort)) out.set('dir', query.dir);
  if (query.status) out.set('status', query.status);
  if (query.material) out.set('material', query.material);
  if (query.isNew) out.set('new', '1');
  if (query.isMens) out.set('mens', '1');
  if (query.q) out.set('q', query.q);
  if (query.page && query.page > 1) out.set('page', String(query.page));
  if (edit) out.set('edit', edit);
  return out;
}

/** Clicking a column's header: the same column turns around; another column starts in its own direction. */
export function nextSort(query: Pick<ListQuery, 'sort' | 'dir'>, sort: ListSort): { sort: ListSort; dir: SortDirection } {
  if (query.sort === sort) return { sort, dir: query.dir === 'asc' ? 'desc' : 'asc' };
  return { sort, dir: defaultDirection(sort) };
}

export function hasFilter(filter: ListFilter): boolean {
  return filter.status !== null || filter.material !== null || filter.isNew || filter.isMens || filter.q !== '';
}

/** The filter part of a list query (what 'all matching' sends). */
export function filterOf(query: ListFilter): ListFilter {
  return { status: query.status, material: query.material, isNew: query.isNew, isMens: query.isMens, q: query.q };
}

/** The category screen's count line: '1 product found', '20,000 products found', or '1,000+ products found'. */
export function productsFoundLabel(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''} ${total === 1 && !capped ? 'product' : 'products'} found`;
}

/** Under a list whose search count stopped at the cap: only its first pages are shown. */
export function cappedListNote(cap: number): string {
  return `Showing the first ${cap.toLocaleString('en-US')} matches. Add to the search to narrow it down.`;
}
