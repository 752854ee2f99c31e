// The orders screen's URL: ?q= (reference, name, e-mail or PO), ?status= (one of the six, or all), ?sort=oldest
// (newest first by default), ?page=. Pure.
import { z } from 'zod';
import { normalizeSearchInput } from '../../catalog/search-query';
import { parsePageParam } from '../../core/pagination';
import { paramOf, type SearchParams } from '../../core/search-params';
import { isOrderStatus, type OrderStatus } from '../../orders/status';

export const ORDER_SORTS = [
  { key: 'newest', label: 'Newest first' },
  { key: 'oldest', label: 'Oldest first' },
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number]['key'];

/** The longest search kept; the header search has the same cap. */
export const ORDERS_SEARCH_MAX = 100;

/** Shown when a search found more orders than it lists (./search.ts). */
export const ORDERS_SEARCH_CAPPED = 'Showing the newest matches only. Add a word, an e-mail or a reference to find older orders.';

export interface OrdersQuery {
  /** The search as typed, normalized; absent for none. */
  q?: string;
  status: OrderStatus | null;
  sort: OrderSort;
  page: number;
}

// Control characters or an over-long text are not a search: the screen shows every order instead.
const searchSchema = z
  .string()
  .transform(normalizeSearchInput)
  .pipe(z.string().max(ORDERS_SEARCH_MAX).regex(/^[^\p{Cc}]*$/u))
  .catch('');

/** Unknown statuses and sorts fall back to all / newest; a bad page is page 1; a bad search is none. */
export function parseOrdersQuery(params: SearchParams | URLSearchParams): OrdersQuery {
  const status = paramOf(params, 'status');
  const q = searchSchema.parse(paramOf(params, 'q') ?? '');
  return {
    ...(q ? { q } : {}),
    status: isOrderStatus(status) ? status : null,
    sort: paramOf(params, 'sort') === 'oldest' ? 'oldest' : 'newest',
    page: parsePageParam(paramOf(params, 'page')),
  };
}

/** The query string of a view (defaults left out; page 1 has no parameter). */
export function ordersSearch(query: Partial<OrdersQuery>): string {
  const out = new URLSearchParams();
  if (query.q) out.set('q', query.q);
  if (query.status) out.set('status', query.status);
  if (query.sort === 'oldest') out.set('sort', 'oldest');
  if (query.page && query.page > 1) out.set('page', String(query.page));
  const s = out.toString();
  return s ? `?${s}` : '';
}

export function ordersHref(query: Partial<OrdersQuery>): string {
  return `/admin/orders${ordersSearch(query)}`;
}

// ---- one order: ?order={id} shows that order alone, its row open (links from the customer page and header search) --

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a link names, or null (absent or not an id). */
export function parseOrderParam(params: SearchParams | URLSearchParams): string | null {
  const id = paramOf(params, 'order')?.trim();
  return id && UUID.test(id) ? id.toLowerCase() : null;
}

/** The orders screen showing one order, its row open. */
export function orderRowHref(orderId: string): string {
  return `/admin/orders?order=${encodeURIComponent(orderId)}`;
}
