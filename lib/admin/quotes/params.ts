// The Quotes screen's URL: ?status= (one of the five, or all) and ?page=. Pure, for the page and its filter.
import { parsePageParam } from '../../core/pagination';
import { paramOf, type SearchParams } from '../../core/search-params';
import { QUOTE_STATUSES, type QuoteStatus } from '../../quotes/types';

export interface QuotesQuery {
  status: QuoteStatus | null;
  page: number;
}

const isQuoteStatus = (v: unknown): v is QuoteStatus => typeof v === 'string' && (QUOTE_STATUSES as readonly string[]).includes(v);

export function parseQuotesQuery(params: SearchParams | URLSearchParams): QuotesQuery {
  const status = paramOf(params, 'status');
  return { status: isQuoteStatus(status) ? status : null, page: parsePageParam(paramOf(params, 'page')) };
}

export function quotesHref(query: Partial<QuotesQuery>): string {
  const out = new URLSearchParams();
  if (query.status) out.set('status', query.status);
  if (query.page && query.page > 1) out.set('page', String(query.page));
  const s = out.toString();
  return `/admin/quotes${s ? `?${s}` : ''}`;
}

