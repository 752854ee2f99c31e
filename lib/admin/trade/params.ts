// The Trade accounts screen's URL: ?status= (one of the four, or all with pending first) and ?page=. Pure, for the
// page and its filter.
import { ADMIN_TRADE_ACCOUNTS } from '../nav';
import { parsePageParam } from '../../core/pagination';
import { paramOf, type SearchParams } from '../../core/search-params';
import { isTradeStatus, type TradeStatus } from '../../trade/types';

export interface TradeAccountsQuery {
  status: TradeStatus | null;
  page: number;
}

export function parseTradeAccountsQuery(params: SearchParams | URLSearchParams): TradeAccountsQuery {
  const status = paramOf(params, 'status');
  return { status: isTradeStatus(status) ? status : null, page: parsePageParam(paramOf(params, 'page')) };
}

export function tradeAccountsHref(query: Partial<TradeAccountsQuery>): string {
  const out = new URLSearchParams();
  if (query.status) out.set('status', query.status);
  if (query.page && query.page > 1) out.set('page', String(query.page));
  const s = out.toString();
  return `${ADMIN_TRADE_ACCOUNTS}${s ? `?${s}` : ''}`;
}

export const tradeAccountHref = (id: string) => `${ADMIN_TRADE_ACCOUNTS}/${id}`;
