import 'server-only';
// A customer's orders, newest first, 20 to a page, read as the customer (RLS: their own, and on an approved trade
// account every member's). The account's user ids, one indexed count, one page of orders, their items, today's
// products and the orders' documents: six short queries whatever the length of the history.
import type { Tx } from '../core/db';
import { isCategory, productPath, type Category } from '../catalog/categories';
import { getProductsByIds } from '../catalog/product';
import { listDocumentsForOrders } from '../documents/store';
import { readCharges, type ChargeColumns } from '../documents/charges';
import { totalPagesFor } from '../core/pagination';
import { choicesEntries, priceRuleText, readLineChoices } from '../purchase/line-choices';
import { planReorder, type ReorderLine, type ReorderPlan } from './reorder';
import { readUserGroupTerms } from '../purchase/buyer';
import { ORDERS_PAGE_SIZE } from '../orders/lists';
import { trackingUrl } from '../orders/tracking';
import { NO_SHIPMENTS, readOrderShipments } from '../orders/shipment-reads';
import { orderReference } from '../orders/reference';
import { dayIn, formatDate } from '../core/format/date';
import { readTermsPayment, type TermsPaymentRow } from '../orders/terms-payment';
import { env } from '../core/env';
import type { AccountOrder, OrdersPage } from './types';
import { ACTIVE_SQL } from '../catalog/status';

interface OrderRow extends ChargeColumns {
  id: string;
  user_id: string;
  placed_by: string | null;
  order_reference: string | null;
  status: string;
  total_amount: string;
  created_at: Date;
  carrier: string | null;
  tracking_number: string | null;
  company_name: string | null;
  purchase_order: string | null;
}

interface ItemRow {
  id: string;
  order_id: string;
  product_id: string;
  product_category: string | null;
  product_name: string | null;
  quantity: number;
  unit_price: string;
  choices: unknown;
}


const categoryOf = (value: string | null): Category | null => (isCategory(value) ? value : null);

/** Whose orders, documents and quotes the caller reads: their trade account's members, else themselves alone. */
export async function accountUserIds(tx: Tx): Promise<string[]> {
  const [row] = await tx<{ ids: string[] | null }[]>`select public.my_account_user_ids() as ids`;
  return (row?.ids ?? []).filter(Boolean);
}

const ORDER_COLUMNS = `id, user_id, order_reference, status, total_amount, created_at, carrier, tracking_number, company_name,
  purchase_order, goods_cents, shipping_method, shipping_cents, tax_cents, tax_breakdown, tax_exempt_reason,
  coalesce(nullif(btrim(customer_name), ''), customer_email::text) as placed_by`;

/**
 * A page of the orders of `userIds`, newest first. One buyer's walk their user_id index in order; an account's take
 * each member's newest orders up to the page's end through the same index and merge them, never the shop's history.
 */
function pageOfOrders(tx: Tx, userIds: string[], page: number) {
  const offset = (page - 1) * ORDERS_PAGE_SIZE;
  if (userIds.length === 1) {
    return tx<OrderRow[]>`
      select ${tx.unsafe(ORDER_COLUMNS)} from public.orders
       where user_id = ${userIds[0]!}
       order by created_at desc, id desc
       limit ${ORDERS_PAGE_SIZE} offset ${offset}`;
  }
  return tx<OrderRow[]>`
    select o.* from unnest(${userIds}::uuid[]) as m(user_id)
     cross join lateral (
       select ${tx.unsafe(ORDER_COLUMNS)} from public.orders
        where user_id = m.user_id order by created_at desc, id desc limit ${offset + ORDERS_PAGE_SIZE}) o
     order by o.created_at desc, o.id desc
     limit ${ORDERS_PAGE_SIZE} offset ${offset}`;
}

export async function listCustomerOrders(tx: Tx, userId: string, requestedPage: number, timeZone = env().SHOP_TIME_ZONE): Promise<OrdersPage> {
  const userIds = await accountUserIds(tx);
  if (userIds.length === 0) return { orders: [], page: 1, totalPages: 0, total: 0 };
  const [counted] = await tx<{ total: number }[]>`
    select count(*)::int as total from public.orders where user_id = any(${userIds}::uuid[])`;
  const total = counted?.total ?? 0;
  const totalPages = totalPagesFor(total, ORDERS_PAGE_SIZE);
  const page = Math.max(1, Math.min(requestedPage, totalPages || 1));
  if (total === 0) return { orders: [], page, totalPages, total };

  const orders = await pageOfOrders(tx, userIds, page);
  const items = await tx<ItemRow[]>`
    select id, order_id, product_id, product_category, product_name, quantity, unit_price, choices
      from public.order_items
     where order_id = any(${orders.map((o) => o.id)}::uuid[])
     order by created_at, id`;
  const products = await tx<{ id: string; category: string; name: string; sku: string | null; image_url: string | null }[]>`
    select id, category, name, sku, image_url from public.catalog_products
     where id = any(${[...new Set(items.map((i) => i.product_id))]}::uuid[]) and ${tx.unsafe(ACTIVE_SQL)}`;
  const productById = new Map(products.map((p) => [p.id, p]));
  const documents = await listDocumentsForOrders(tx, orders.map((o) => o.id));
  // Orders paid by invoice on the account's terms (lib/terms): what their payment reads.
  const terms = await tx<(TermsPaymentRow & { order_id: string })[]>`
    select order_id, terms_days, status, due_at, paid_at, paid_out_of_band, hosted_invoice_url from public.terms_invoices
     where order_id = any(${orders.map((o) => o.id)}::uuid[])`;
  const shipments = await readOrderShipments(tx, orders.map((o) => o.id), timeZone);
  const now = new Date();
  const termsOf = new Map(terms.map((t) => [t.order_id, readTermsPayment(t, now, { label: (d) => formatDate(d, timeZone), day: (d) => dayIn(d, timeZone) })]));

  const byOrder = new Map<string, AccountOrder['items']>();
  for (const item of items) {
    const p = productById.get(item.product_id);
    const category = categoryOf(item.product_category) ?? categoryOf(p?.category ?? null);
    const unit = Number(item.unit_price);
    const choices = readLineChoices(item.choices);
    const list = byOrder.get(item.order_id) ?? [];
    list.push({
      id: item.id,
      productId: item.product_id,
      product:
        p && isCategory(p.category)
          ? { name: p.name, sku: p.sku, imageUrl: p.image_url, href: productPath(p.category, p.id), category: p.category }
          : null,
      quantity: item.quantity,
      unitPriceCents: unit,
      lineTotalCents: unit * item.quantity,
      options: choicesEntries(choices, category),
      priceRule: priceRuleText(choices),
    });
    byOrder.set(item.order_id, list);
  }

  return {
    page,
    totalPages,
    total,
    orders: orders.map((o) => ({
      id: o.id,
      reference: orderReference(o, 'account'),
      createdAt: o.created_at.toISOString(),
      dateLabel: formatDate(o.created_at, timeZone),
      status: o.status,
      totalCents: Number(o.total_amount),
      charges: readCharges(o),
      companyName: o.company_name,
      purchaseOrder: o.purchase_order,
      placedBy: o.user_id === userId ? null : o.placed_by,
      items: byOrder.get(o.id) ?? [],
      tracking:
        o.carrier || o.tracking_number
          ? { carrier: o.carrier, number: o.tracking_number, url: trackingUrl(o.carrier, o.tracking_number) }
          : null,
      shipments: shipments.get(o.id) ?? NO_SHIPMENTS,
      documents: documents.get(o.id) ?? [],
      terms: termsOf.get(o.id) ?? null,
    })),
  };
}

/**
 * The order's lines as cart lines at today's prices; null when the order is neither this customer's nor one of their
 * trade account's (or not there).
 */
export async function reorderPlan(tx: Tx, userId: string, orderId: string): Promise<ReorderPlan | null> {
  const [order] = await tx<{ id: string }[]>`
    select id from public.orders
     where id = ${orderId} and (user_id = ${userId} or user_id = any((select public.my_account_user_ids())::uuid[]))`;
  if (!order) return null;
  const rows = await tx<ItemRow[]>`
    select id, order_id, product_id, product_category, product_name, quantity, unit_price, choices
      from public.order_items where order_id = ${orderId} order by created_at, id`;
  const lines: ReorderLine[] = rows.map((r) => ({
    productId: r.product_id,
    category: categoryOf(r.product_category),
    productName: r.product_name,
    quantity: r.quantity,
    unitPriceCents: Number(r.unit_price),
    choices: readLineChoices(r.choices),
  }));
  const products = await getProductsByIds(
    lines.map((l) => l.productId),
    tx,
  );
  const terms = await readUserGroupTerms(tx, userId, lines.map((l) => l.productId));
  return planReorder(lines, new Map(products.map((p) => [p.id, p])), terms);
}
