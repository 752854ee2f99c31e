// The Customers screen's URL and a customer's address. ?q= (name, e-mail or phone), ?tag= (a tag's key), ?sort= (a column),
// ?dir=asc|desc, ?page=; each column sorts both ways, the first click in its natural direction (names A–Z, figures
// largest first). A customer is named by their key: an account's user id, or 'g-' and 32 hex characters for a guest
// (the md5 of the lower-cased e-mail, so no address appears in the URL). Pure.
import { parsePageParam } from '../../core/pagination';
import { paramOf, type SearchParams } from '../../core/search-params';
import { tagFilterParam } from './tags';

export const CUSTOMERS_PAGE_SIZE = 20;
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

export const CUSTOMER_SORTS = [
  { key: 'name', label: 'Name', first: 'asc' },
  { key: 'email', label: 'E-mail', first: 'asc' },
  { key: 'phone', label: 'Phone', first: 'asc' },
  { key: 'orders', label: 'Orders', first: 'desc' },
  { key: 'spent', label: 'Total spent', first: 'desc' },
  { key: 'last-order', label: 'Last order', first: 'desc' },
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]['key'];
export type SortDirection = 'asc' | 'desc';

export const DEFAULT_CUSTOMER_SORT: CustomerSort = 'last-order';

export interface CustomersQuery {
  q: string;
  /** A tag's lower-case key, or '' for every customer. */
  tag: string;
  sort: CustomerSort;
  dir: SortDirection;
  page: number;
}

const isSort = (v: unknown): v is CustomerSort => CUSTOMER_SORTS.some((s) => s.key === v);

export function firstDirection(sort: CustomerSort): SortDirection {
  return CUSTOMER_SORTS.find((s) => s.key === sort)!.first;
}

/** Whitespace collapsed, control characters dropped, at most 100 characters. */
export function normalizeCustomerSearch(input: string | undefined): string {
  return (input ?? '')
    .normalize('NFKC')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CUSTOMER_SEARCH_MAX_LENGTH);
}

/** Unknown sorts fall back to the last order, newest first; a bad direction to the column's first; a bad page to 1. */
export function parseCustomersQuery(params: SearchParams | URLSearchParams): CustomersQuery {
  const sortParam = paramOf(params, 'sort');
  const sort = isSort(sortParam) ? sortParam : DEFAULT_CUSTOMER_SORT;
  const dirParam = paramOf(params, 'dir');
  return {
    q: normalizeCustomerSearch(paramOf(params, 'q')),
    tag: tagFilterParam(paramOf(params, 'tag')),
    sort,
    dir: dirParam === 'asc' || dirParam === 'desc' ? dirParam : firstDirection(sort),
    page: parsePageParam(paramOf(params, 'page')),
  };
}

/** The screen's URL for a view; defaults are left out, page 1 has no parameter. */
export function customersHref(query: Partial<CustomersQuery>): string {
  const out = new URLSearchParams();
  if (query.q) out.set('q', query.q);
  if (query.tag) out.set('tag', query.tag);
  const sort = query.sort ?? DEFAULT_CUSTOMER_SORT;
  if (sort !== DEFAULT_CUSTOMER_SORT) out.set('sort', sort);
  if (query.dir && query.dir !== firstDirection(sort)) out.set('dir', query.dir);
  if (query.page && query.page > 1) out.set('page', String(query.page));
  const s = out.toString();
  return `/admin/customers${s ? `?${s}` : ''}`;
}

/** A column header's link: the same column turns around, another starts in its first direction, at page 1. */
export function sortHref(query: CustomersQuery, sort: CustomerSort): string {
  const dir = query.sort === sort ? (query.dir === 'asc' ? 'desc' : 'asc') : firstDirection(sort);
  return customersHref({ q: query.q, tag: query.tag, sort, dir, page: 1 });
}

// ---- a customer's key and page ----

const ACCOUNT_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const GUEST_KEY = /^g-[0-9a-f]{32}$/;

export function isCustomerKey(key: string): boolean {
  return ACCOUNT_KEY.test(key) || GUEST_KEY.test(key);
}

export function isGuestKey(key: string): boolean {
  return GUEST_KEY.test(key);
}

export function customerHref(key: string): string {
  return `/admin/customers/${encodeURIComponent(key)}`;
}
