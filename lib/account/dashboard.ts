import 'server-only';
// The account page's data: the summary (name, e-mail) and the open tab's content, in one transaction as the
// customer. Only the open tab is read: a long order history costs nothing on the Profile tab.
import type { User } from '@supabase/supabase-js';
import { actorFor } from '../core/db/actor';
import { withActor, type Tx } from '../core/db';
import { env } from '../core/env';
import { pageOfQuotes, type QuoteSummary } from '../quotes/read';
import { parsePageParam } from '../core/pagination';
import { firstParam, type SearchParams } from '../core/search-params';
import { listAddresses } from './addresses';
import { accountUserIds, listCustomerOrders } from './orders';
import { getProfile } from './profile';
import { ACCOUNT_TABS, type AccountTab, type OrdersPage, type Profile, type SavedAddress } from './types';

export type AccountTabData =
  | { tab: 'orders'; orders: OrdersPage }
  | { tab: 'quotes'; quotes: { list: AccountQuote[]; total: number; page: number; totalPages: number } }
  | { tab: 'addresses'; addresses: SavedAddress[] }
  // The Trade account tab's content is read by lib/trade (app/(shop)/dashboard/page.tsx).
  | { tab: 'profile' | 'trade' };

export interface AccountView {
  /** Full name, else the e-mail address. */
  displayName: string;
  profile: Profile;
  content: AccountTabData;
  /** The shop's time zone, in which every date of the account is shown. */
  timeZone: string;
}

/** A quote of the Quotes tab, with who asked for it when a colleague on the buyer's trade account did. */
export type AccountQuote = QuoteSummary & { requestedBy: string | null };

const QUOTES_PER_PAGE = 10;

/** The buyer's quotes, and on an approved trade account every member's. */
async function ownQuotes(tx: Tx, userId: string, page: number) {
  const { quotes, total } = await pageOfQuotes(tx, { userIds: await accountUserIds(tx) }, page, QUOTES_PER_PAGE);
  const list = quotes.map((q): AccountQuote => ({ ...q, requestedBy: q.userId === userId ? null : q.name }));
  return { list, total, page, totalPages: Math.max(1, Math.ceil(total / QUOTES_PER_PAGE)) };
}

export function parseAccountTab(value: string | string[] | undefined): AccountTab {
  const raw = firstParam(value);
  return (ACCOUNT_TABS as readonly string[]).includes(raw ?? '') ? (raw as AccountTab) : 'orders';
}

export async function loadAccount(user: Pick<User, 'id' | 'email'>, params: SearchParams): Promise<AccountView> {
  const tab = parseAccountTab(params.tab);
  const timeZone = env().SHOP_TIME_ZONE;
  return withActor(actorFor(user), async (tx) => {
    const row = await getProfile(tx, user.id);
    const email = user.email ?? '';
    const profile: Profile = { email, fullName: row?.full_name ?? null, phone: row?.phone_number ?? null };
    const content: AccountTabData =
      tab === 'orders'
        ? { tab, orders: await listCustomerOrders(tx, user.id, parsePageParam(params.page), timeZone) }
        : tab === 'quotes'
          ? { tab, quotes: await ownQuotes(tx, user.id, parsePageParam(params.page)) }
          : tab === 'addresses'
            ? { tab, addresses: await listAddresses(tx, user.id) }
            : { tab };
    return { displayName: profile.fullName?.trim() || email, profile, content, timeZone };
  });
}
