// The Receivables screen's URL: ?filter=overdue (all open invoices by default), ?account= (one trade account's
// invoices) and ?page=; the CSV export takes the same filter and account. Pure, for the page, the route and the links.
import { z } from 'zod';
import { ADMIN_RECEIVABLES } from '../nav';
import { parsePageParam } from '../../core/pagination';
import { paramOf, type SearchParams } from '../../core/search-params';

export const RECEIVABLES_PAGE_SIZE = 20;
/** The customers the screen's table shows, those owing the most overdue first. */
export const RECEIVABLES_CUSTOMERS_SHOWN = 10;

export const RECEIVABLES_FILTERS = ['all', 'overdue'] as const;
export type ReceivablesFilter = (typeof RECEIVABLES_FILTERS)[number];

export interface ReceivablesQuery {
  filter: ReceivablesFilter;
  /** A trade account's id, or null for every customer. */
  account: string | null;
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Anything unreadable falls back to the default view rather than an error page: these come from links and typing.
const schema = z.object({
  filter: z.enum(RECEIVABLES_FILTERS).catch('all'),
  account: z
    .string()
    .trim()
    .regex(UUID)
    .transform((id) => id.toLowerCase())
    .nullable()
    .catch(null),
  page: z.string().optional().transform(parsePageParam).catch(1),
});

export function parseReceivablesQuery(params: SearchParams | URLSearchParams): ReceivablesQuery {
  return schema.parse({
    filter: paramOf(params, 'filter') ?? 'all',
    account: paramOf(params, 'account') ?? null,
    page: paramOf(params, 'page'),
  });
}

/** The query string of a view (defaults left out; page 1 has no parameter). */
export function receivablesSearch(query: Partial<ReceivablesQuery>): string {
  const out = new URLSearchParams();
  if (query.filter === 'overdue') out.set('filter', 'overdue');
  if (query.account) out.set('account', query.account);
  if (query.page && query.page > 1) out.set('page', String(query.page));
  const s = out.toString();
  return s ? `?${s}` : '';
}

export function receivablesHref(query: Partial<ReceivablesQuery>): string {
  return `${ADMIN_RECEIVABLES}${receivablesSearch(query)}`;
}

/** The CSV of a view: every page of it. */
export function receivablesExportHref(query: Partial<ReceivablesQuery>): string {
  return `/api/admin/receivables/export${receivablesSearch({ filter: query.filter, account: query.account })}`;
}
