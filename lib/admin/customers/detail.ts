import 'server-only';
// A customer's page: their figures (from `customers`), a page of their orders, newest first, each with what it
// adds to their total spent, and their addresses (an account's saved ones, and those their orders were sent to).
// An account's orders are the ones it placed; a guest's are the orders without an account under their e-mail.
import type { TradeStatus } from '../../trade/types';
import type { Address } from '../../checkout/address';
import { withActor, type DbActor } from '../../core/db';
import { nearestEndWindow, totalPagesFor } from '../../core/pagination';
import { ORDERS_PAGE_SIZE } from '../../orders/lists';
import { orderReference } from '../../orders/reference';
import type { OrderStatus } from '../../orders/status';
import { addressLines } from './address';
import { toCustomerRow, type CustomerRow } from './list';

export interface CustomerOrder {
  id: string;
  reference: string;
  status: OrderStatus;
  createdAt: Date;
  totalCents: number;
  refundedCents: number;
  /** What this order adds to the total spent (order_kept_cents). */
  keptCents: number;
}

export interface SavedAddress {
  id: string;
  type: 'shipping' | 'billing';
  isDefault: boolean;
  lines: string[];
}

/** The customer's trade account, as staff see it beside their contact details (lib/purchase/group-pricing.ts prices them). */
export interface CustomerTrade {
  accountId: string;
  businessName: string;
  status: TradeStatus;
  role: 'owner' | 'buyer';
  groupName: string | null;
  percentOff: number | null;
}

export interface CustomerDetail {
  customer: CustomerRow;
  trade: CustomerTrade | null;
  /** Refunds (pending or succeeded) over all their orders, cents. */
  refundedCents: number;
  cancelledOrders: number;
  orders: CustomerOrder[];
  page: number;
  totalPages: number;
  savedAddresses: SavedAddress[];
  /** Distinct addresses their latest orders were shipped to, newest first (at most 5). */
  orderAddresses: string[][];
  /** Staff's tax exemption (accounts only) and why, printed on invoices. */
  taxExempt: boolean;
  taxExemptReason: string | null;
}

interface OrderRow {
  id: string;
  order_reference: string | null;
  status: OrderStatus;
  created_at: Date;
  total_amount: string;
  refunded: string;
  kept: string;
}

/** Null when no customer has this key (or the caller is not an admin: RLS shows them no row). */
export async function loadCustomer(actor: DbActor, key: string, pageParam: number): Promise<CustomerDetail | null> {
  return withActor(actor, async (tx) => {
    const [row] = await tx<(Parameters<typeof toCustomerRow>[0] & { tax_exempt: boolean; tax_exempt_reason: string | null })[]>`
      select c.key, c.user_id, c.name, c.email, c.phone, c.orders_count, c.spent_cents, c.last_order_at, c.tax_exempt, c.tax_exempt_reason,
             array(select t.tag from public.customer_tags t where t.customer_key = c.key order by t.tag_key) as tags
        from public.customers c where c.key = ${key}`;
    if (!row) return null;
    const customer = toCustomerRow(row);
    const theirs = row.user_id
      ? tx`o.user_id = ${row.user_id}`
      : tx`o.guest_email = ${row.email.toLowerCase()}`;
    const [sums] = await tx<[{ refunded: string; cancelled: number }]>`
      select coalesce(sum(r.amount), 0)::bigint as refunded, (select count(*)::int from public.orders o where ${theirs} and o.status = 'cancelled') as cancelled
        from public.orders o join public.transactions r on r.order_id = o.id and r.kind = 'refund' and r.status in ('pending', 'succeeded')
       where ${theirs}`;
    const total = customer.orders;
    const totalPages = totalPagesFor(total, ORDERS_PAGE_SIZE);
    const page = Math.max(1, Math.min(pageParam, totalPages || 1));
    const window = nearestEndWindow(page, ORDERS_PAGE_SIZE, total);
    const scan = tx.unsafe(window.reverse ? 'asc' : 'desc');
    const orders = await tx<OrderRow[]>`
      select o.id, o.order_reference, o.status, o.created_at, o.total_amount,
             coalesce((select sum(r.amount) from public.transactions r
                        where r.order_id = o.id and r.kind = 'refund' and r.status in ('pending', 'succeeded')), 0)::bigint as refunded,
             public.order_kept_cents(o.id, o.status, o.total_amount) as kept
        from public.orders o
       where ${theirs}
       order by o.created_at ${scan}, o.id ${scan}
       limit ${window.limit} offset ${window.offset}`;
    if (window.reverse) orders.reverse();
    const saved = row.user_id
      ? await tx<(Address & { id: string; address_type: 'shipping' | 'billing'; is_default: boolean })[]>`
          select a.id, a.address_type, a.is_default, a.address_line1, a.address_line2, a.city, a.state, a.postal_code, a.country
            from public.user_addresses a where a.user_id = ${row.user_id}
           order by a.address_type desc, a.is_default desc, a.created_at desc`
      : [];
    const shipped = await tx<{ address: Address }[]>`
      select o.shipping_address as address from public.orders o
       where ${theirs} and o.shipping_address is not null
       order by o.created_at desc, o.id desc limit 50`;
    const seen = new Set<string>();
    const orderAddresses: string[][] = [];
    for (const { address } of shipped) {
      const lines = addressLines(address);
      const id = lines.join('\n').toLowerCase();
      if (lines.length === 0 || seen.has(id)) continue;
      seen.add(id);
      orderAddresses.push(lines);
      if (orderAddresses.length === 5) break;
    }
    const [trade] = row.user_id
      ? await tx<{ account_id: string; business_name: string; status: TradeStatus; role: 'owner' | 'buyer'; group_name: string | null; percent_off: string | null }[]>`
          select a.id as account_id, a.business_name, a.status, m.role, g.name as group_name, g.percent_off::text
            from public.trade_account_members m join public.trade_accounts a on a.id = m.account_id
            left join public.price_groups g on g.id = a.price_group_id
           where m.user_id = ${row.user_id}`
      : [];
    return {
      customer,
      trade: trade
        ? {
            accountId: trade.account_id,
            businessName: trade.business_name,
            status: trade.status,
            role: trade.role,
            groupName: trade.group_name,
            percentOff: trade.percent_off === null ? null : Number(trade.percent_off),
          }
        : null,
      refundedCents: Number(sums.refunded),
      cancelledOrders: sums.cancelled,
      orders: orders.map((o) => ({
        id: o.id,
        reference: orderReference(o),
        status: o.status,
        createdAt: o.created_at,
        totalCents: Number(o.total_amount),
        refundedCents: Number(o.refunded),
        keptCents: Number(o.kept),
      })),
      page,
      totalPages,
      savedAddresses: saved.map((a) => ({ id: a.id, type: a.address_type, isDefault: a.is_default, lines: addressLines(a) })),
      orderAddresses,
      taxExempt: row.tax_exempt,
      taxExemptReason: row.tax_exempt_reason,
    };
  });
}
