import 'server-only';
// The Trade accounts screen: a page of accounts (20) with a status filter, all of them with the pending queue first
// (oldest first) by default, and the side menu's count of pending applications, cached until an application or a
// decision revalidates it. Read as the admin under RLS.
import { unstable_cache } from 'next/cache';
import { withActor, type DbActor } from '../../core/db';
import { TRADE_ACCOUNTS_TAG } from '../../core/cache/tags';
import { isBusinessType, type BusinessType, type TradeStatus } from '../../trade/types';
import type { TradeAccountsQuery } from './params';

export const TRADE_PAGE_SIZE = 20;

export interface TradeAccountSummary {
  id: string;
  businessName: string;
  businessType: BusinessType;
  email: string | null;
  status: TradeStatus;
  submittedAt: string;
}

export interface TradeAccountsPage {
  accounts: TradeAccountSummary[];
  total: number;
  page: number;
  totalPages: number;
}

interface Row {
  id: string;
  business_name: string;
  business_type: string;
  email: string | null;
  status: TradeStatus;
  submitted_at: Date;
}

export async function loadTradeAccounts(actor: DbActor, query: TradeAccountsQuery): Promise<TradeAccountsPage> {
  const offset = (query.page - 1) * TRADE_PAGE_SIZE;
  const { rows, total } = await withActor(actor, async (tx) => {
    const where = query.status ? tx`where a.status = ${query.status}` : tx``;
    // The queue reads oldest first; decided accounts newest first.
    const order = query.status
      ? query.status === 'pending'
        ? tx`order by a.submitted_at, a.id`
        : tx`order by a.submitted_at desc, a.id`
      : tx`order by (a.status = 'pending') desc, case when a.status = 'pending' then a.submitted_at end, a.submitted_at desc, a.id`;
    const [rows, [count]] = await Promise.all([
      tx<Row[]>`
        select a.id, a.business_name, a.business_type, c.email, a.status, a.submitted_at
          from public.trade_accounts a left join public.customers c on c.user_id = a.owner_id
          ${where} ${order} limit ${TRADE_PAGE_SIZE} offset ${offset}`,
      tx<{ n: number }[]>`select count(*)::int as n from public.trade_accounts a ${where}`,
    ]);
    return { rows, total: count?.n ?? 0 };
  });
  return {
    accounts: rows.map((r) => ({
      id: r.id,
      businessName: r.business_name,
      businessType: isBusinessType(r.business_type) ? r.business_type : 'other',
      email: r.email || null,
      status: r.status,
      submittedAt: new Date(r.submitted_at).toISOString(),
    })),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / TRADE_PAGE_SIZE)),
  };
}

async function countPending(actor: DbActor): Promise<number> {
  const [row] = await withActor(actor, (tx) => tx<{ n: number }[]>`select count(*)::int as n from public.trade_accounts where status = 'pending'`);
  return row?.n ?? 0;
}

/** Applications waiting for a decision (the side menu's badge): one figure for every admin, so cached once. */
export function pendingTradeCount(actor: DbActor): Promise<number> {
  return unstable_cache(() => countPending(actor), ['admin-trade-pending-v1'], { tags: [TRADE_ACCOUNTS_TAG], revalidate: 300 })();
}
