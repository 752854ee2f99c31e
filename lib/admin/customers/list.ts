import 'server-only';
// The Customers screen's page: 20 buyers of the chosen sort and search, read as the admin under RLS from the running
// totals in `customers` (kept by triggers, supabase/migrations/20261210000300_accounts.sql). Each sort has its own
// index, read from the nearer end for a deep page; a search filters through the trigram index on name, e-mail and
// phone, a tag through the tags' index (staff's tags, tag-store.ts). Nothing here groups orders.
import { withActor, type DbActor } from '../../core/db';
import { nearestEndWindow, totalPagesFor } from '../../core/pagination';
import { containsPattern, searchWords } from '../search/rules';
import { CUSTOMERS_PAGE_SIZE, type CustomerSort, type CustomersQuery } from './params';
import { tagOptions, type TagOption } from './tag-store';

export interface CustomerRow {
  key: string;
  isGuest: boolean;
  name: string | null;
  email: string;
  phone: string | null;
  orders: number;
  spentCents: number;
  lastOrderAt: Date | null;
  /** Staff's tags, A–Z. */
  tags: string[];
}

export interface CustomersPage {
  customers: CustomerRow[];
  /** Every tag in use, for the filter. */
  tagOptions: TagOption[];
  total: number;
  page: number;
  totalPages: number;
}

/** The indexed sort column of each sort (the key breaks ties). */
const SORT_COLUMNS: Record<CustomerSort, string> = {
  name: 'c.sort_name',
  email: 'lower(c.email)',
  phone: 'c.sort_phone',
  orders: 'c.orders_count',
  spent: 'c.spent_cents',
  'last-order': 'c.sort_last_order',
};

interface Row {
  key: string;
  user_id: string | null;
  name: string | null;
  email: string;
  phone: string | null;
  orders_count: number;
  spent_cents: string;
  last_order_at: Date | null;
  tags?: string[] | null;
}

export function toCustomerRow(r: Row): CustomerRow {
  return {
    key: r.key,
    isGuest: r.user_id === null,
    name: r.name,
    email: r.email,
    phone: r.phone,
    orders: r.orders_count,
    spentCents: Number(r.spent_cents),
    lastOrderAt: r.last_order_at,
    tags: r.tags ?? [],
  };
}

export async function loadCustomers(actor: DbActor, query: CustomersQuery): Promise<CustomersPage> {
  return withActor(actor, async (tx) => {
    const words = searchWords(query.q);
    const search = words.length
      ? words.map((w) => tx`c.search_text like ${containsPattern(w)}`).reduce((a, b) => tx`${a} and ${b}`)
      : tx`true`;
    const filter = query.tag
      ? tx`${search} and c.key in (select t.customer_key from public.customer_tags t where t.tag_key = lower(${query.tag}))`
      : search;
    const [{ total }] = await tx<[{ total: number }]>`select count(*)::int as total from public.customers c where ${filter}`;
    const totalPages = totalPagesFor(total, CUSTOMERS_PAGE_SIZE);
    const page = Math.max(1, Math.min(query.page, totalPages || 1));
    const window = nearestEndWindow(page, CUSTOMERS_PAGE_SIZE, total);
    const column = tx.unsafe(SORT_COLUMNS[query.sort]);
    const scan = tx.unsafe((query.dir === 'asc') !== window.reverse ? 'asc' : 'desc');
    const rows = await tx<Row[]>`
      select c.key, c.user_id, c.name, c.email, c.phone, c.orders_count, c.spent_cents, c.last_order_at,
             array(select t.tag from public.customer_tags t where t.customer_key = c.key order by t.tag_key) as tags
        from public.customers c
       where ${filter}
       order by ${column} ${scan}, c.key ${scan}
       limit ${window.limit} offset ${window.offset}`;
    if (window.reverse) rows.reverse();
    return { customers: rows.map(toCustomerRow), tagOptions: await tagOptions(tx), total, page, totalPages };
  });
}
