import 'server-only';
// The orders screen's page: 20 orders of the chosen search, status and order, with their items, payments, history and, for an
// order on terms, its invoice, read as the admin under RLS. The page of ids comes from an index alone (a deep page
// skips index entries, not rows), then one statement fetches those 20 orders with everything their expanded rows show.
import type { Address } from '../../checkout/address';
import { withActor, type DbActor } from '../../core/db';
import { formatDate, formatDateTime } from '../../core/format/date';
import { listDocumentsForOrders } from '../../documents/store';
import type { DocumentRef } from '../../documents/paths';
import { readCharges, type ChargeColumns } from '../../documents/charges';
import { orderReference } from '../../orders/reference';
import { trackingUrl } from '../../orders/tracking';
import type { OrderStatus } from '../../orders/status';
import { nearestEndWindow, totalPagesFor } from '../../core/pagination';
import { ORDERS_PAGE_SIZE } from '../../orders/lists';
import { isCategory } from '../../catalog/categories';
import { choicesText, readLineChoices } from '../../purchase/line-choices';
import { shopToday } from '../../quotes/read';
import { termsPaymentText } from '../../terms/labels';
import { daysLate, isOpenTermsStatus, owedCents, type TermsInvoiceStatus } from '../../terms/rules';
import type { OrdersQuery } from './params';
import { orderMoney, refundableCents } from './refund-rules';
import { loadOrderMail } from './mail';
import { NO_SHIPMENTS, readOrderShipments } from '../../orders/shipment-reads';
import { isOrdersSearch, searchOrderIds } from './search';
import type { AdminMail, AdminOrder, AdminOrderEvent, AdminOrderItem, AdminOrdersPage, AdminPayment, AdminTermsInvoice } from './types';

interface OrderRow extends ChargeColumns {
  id: string;
  order_reference: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  company_name: string | null;
  purchase_order: string | null;
  status: OrderStatus;
  carrier: string | null;
  tracking_number: string | null;
  dispatched_at: Date | null;
  total_amount: string;
  created_at: Date;
  shipping_address: Address | null;
  billing_address: Address | null;
  items: ItemRow[];
  shipping_refunded: string;
  payments: AdminPayment[];
  history: AdminOrderEvent[];
  terms: TermsRow | null;
}

/** The order's terms_invoices row, as json (bigints as numbers, times as text). */
interface TermsRow {
  status: TermsInvoiceStatus;
  days: number;
  number: string | null;
  amountCents: number;
  creditedCents: number;
  paidCents: number;
  hostedUrl: string | null;
  pdfUrl: string | null;
  dueAt: string;
  paidAt: string | null;
  outOfBand: boolean;
  lastError: string | null;
}

/** An item as the statement reads it: its choices become the words the row shows. */
type ItemRow = Omit<AdminOrderItem, 'options'> & { category: string | null; choices: unknown };

/** `only`: one order's id (?order=), shown alone whatever the other filters say. */
export async function loadAdminOrders(actor: DbActor, query: OrdersQuery, timeZone: string, only: string | null = null): Promise<AdminOrdersPage> {
  return withActor(actor, async (tx) => {
    // A search names at most 100 orders (./search.ts); the status filter, count and pages apply to those.
    const found = !only && isOrdersSearch(query.q) ? await searchOrderIds(tx, query.q) : null;
    const status = query.status ? tx`o.status = ${query.status}` : tx`true`;
    const filter = only ? tx`o.id = ${only}` : found ? tx`o.id = any(${found.ids}::uuid[]) and ${status}` : status;
    // The count of a status, or of all orders, is summed from the counters kept with every order write
    // (public.order_counts), so it costs the same at a million orders as at a hundred. A search counts its few rows.
    const [{ total }] = only || found
      ? await tx<[{ total: number }]>`select count(*)::int as total from public.orders o where ${filter}`
      : await tx<[{ total: number }]>`
          select coalesce(sum(c.orders), 0)::int as total from public.order_counts c
           where ${query.status ? tx`c.status = ${query.status}` : tx`true`}`;
    const totalPages = totalPagesFor(total, ORDERS_PAGE_SIZE);
    const page = Math.max(1, Math.min(query.page, totalPages || 1));
    // A deep page is read from the nearer end of the index, then put back in the screen's order.
    const window = nearestEndWindow(page, ORDERS_PAGE_SIZE, total);
    const ascending = (query.sort === 'oldest') !== window.reverse;
    const scan = tx.unsafe(ascending ? 'asc' : 'desc');
    const direction = tx.unsafe(query.sort === 'oldest' ? 'asc' : 'desc');
    const rows = await tx<OrderRow[]>`
      with ids as (
        select o.id, o.created_at from public.orders o where ${filter}
         order by o.created_at ${scan}, o.id ${scan}
         limit ${window.limit} offset ${window.offset}
      )
      select o.id, o.order_reference, o.customer_name, o.customer_email, o.customer_phone, o.company_name, o.purchase_order,
             o.status, o.total_amount, o.goods_cents, o.shipping_method, o.shipping_cents, o.tax_cents, o.tax_breakdown,
             o.tax_exempt_reason, o.created_at, o.shipping_address, o.billing_address, o.carrier, o.tracking_number, o.dispatched_at,
             coalesce((
               select json_agg(json_build_object(
                        'id', i.id, 'productId', i.product_id, 'name', c.name, 'sku', c.sku, 'imageUrl', c.image_url,
                        'quantity', i.quantity, 'unitPriceCents', i.unit_price,
                        'category', coalesce(i.product_category, c.category), 'choices', i.choices,
                        'refundedQuantity', (select coalesce(sum(l.quantity), 0) from public.refund_lines l join public.transactions t on t.id = l.refund_id
                                              where l.order_item_id = i.id and l.kind = 'item' and t.status in ('pending', 'succeeded')))
                      order by i.created_at, i.id)
                 from public.order_items i left join public.catalog_products c on c.id = i.product_id
                where i.order_id = o.id), '[]') as items,
             (select coalesce(sum(l.amount_cents), 0) from public.refund_lines l join public.transactions t on t.id = l.refund_id
               where l.order_id = o.id and l.kind = 'shipping' and t.status in ('pending', 'succeeded')) as shipping_refunded,
             coalesce((
               select json_agg(json_build_object(
                        'id', t.id, 'kind', t.kind, 'provider', t.provider, 'transactionId', t.provider_transaction_id,
                        'amountCents', t.amount, 'status', t.status, 'method', t.payment_method, 'at', t.created_at,
                        'reason', t.refund_reason)
                      order by t.created_at, t.id)
                 from public.transactions t where t.order_id = o.id), '[]') as payments,
             coalesce((
               select json_agg(json_build_object(
                        'id', e.id, 'kind', e.kind, 'from', e.from_status, 'to', e.to_status, 'amountCents', e.amount,
                        'reference', e.reference, 'actor', e.actor_email, 'at', e.created_at)
                      order by e.id)
                 from public.order_events e where e.order_id = o.id), '[]') as history,
             (select json_build_object(
                       'status', t.status, 'days', t.terms_days, 'number', t.number, 'amountCents', t.amount_cents,
                       'creditedCents', t.credited_cents, 'paidCents', t.paid_cents, 'hostedUrl', t.hosted_invoice_url,
                       'pdfUrl', t.invoice_pdf, 'dueAt', t.due_at, 'paidAt', t.paid_at, 'outOfBand', t.paid_out_of_band,
                       'lastError', t.last_payment_error)
                from public.terms_invoices t where t.order_id = o.id) as terms
        from ids join public.orders o on o.id = ids.id
       order by ids.created_at ${direction}, ids.id ${direction}`;
    const ids = rows.map((r) => r.id);
    const today = shopToday(timeZone);
    const documents = await listDocumentsForOrders(tx, ids);
    const mail = await loadOrderMail(tx, ids, timeZone);
    const shipments = await readOrderShipments(tx, ids, timeZone);
    return {
      orders: rows.map((r) => ({
        ...toAdminOrder(r, timeZone, today, documents.get(r.id) ?? [], mail.get(r.id) ?? []),
        shipments: shipments.get(r.id) ?? NO_SHIPMENTS,
      })),
      total,
      page,
      totalPages,
      searchCapped: found?.capped ?? false,
    };
  });
}

/** An open invoice is overdue from the day after its due day, both in the shop's time zone. */
function toTerms(t: TermsRow, timeZone: string, today: string): AdminTermsInvoice {
  const money = { amountCents: Number(t.amountCents), creditedCents: Number(t.creditedCents), paidCents: Number(t.paidCents) };
  const overdue = isOpenTermsStatus(t.status) && daysLate(shopToday(timeZone, new Date(t.dueAt)), today) > 0;
  return {
    status: t.status,
    days: t.days,
    number: t.number,
    amountCents: money.amountCents,
    owedCents: owedCents(money),
    hostedUrl: t.hostedUrl,
    pdfUrl: t.pdfUrl,
    text: termsPaymentText({
      status: t.status,
      dueOn: formatDate(t.dueAt, timeZone),
      paidOn: t.paidAt ? formatDate(t.paidAt, timeZone) : null,
      overdue,
      outOfBand: t.outOfBand,
    }),
    lastError: t.lastError,
  };
}

function toAdminOrder(r: OrderRow, timeZone: string, today: string, documents: DocumentRef[], mail: AdminMail[]): Omit<AdminOrder, 'shipments'> {
  const payments = r.payments.map((p) => ({ ...p, amountCents: Number(p.amountCents), at: formatDateTime(p.at, timeZone) }));
  return {
    id: r.id,
    reference: orderReference(r),
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    companyName: r.company_name,
    purchaseOrder: r.purchase_order,
    status: r.status,
    dispatch:
      r.carrier || r.tracking_number || r.dispatched_at
        ? {
            carrier: r.carrier,
            trackingNumber: r.tracking_number,
            trackingUrl: trackingUrl(r.carrier, r.tracking_number),
            dispatchedLabel: r.dispatched_at ? formatDateTime(r.dispatched_at, timeZone) : null,
          }
        : null,
    totalCents: Number(r.total_amount),
    charges: readCharges(r),
    createdAt: r.created_at.toISOString(),
    dateLabel: formatDateTime(r.created_at, timeZone),
    shipping: r.shipping_address,
    billing: r.billing_address,
    items: r.items.map(({ category, choices, ...i }) => ({
      ...i,
      unitPriceCents: Number(i.unitPriceCents),
      refundedQuantity: Number(i.refundedQuantity),
      options: choicesText(readLineChoices(choices), isCategory(category) ? category : null),
    })),
    payments,
    history: r.history.map((e) => ({
      ...e,
      amountCents: e.amountCents === null ? null : Number(e.amountCents),
      at: formatDateTime(e.at, timeZone),
    })),
    refundableCents: refundableCents(payments),
    shippingRefundedCents: Number(r.shipping_refunded),
    money: orderMoney(payments),
    documents,
    mail,
    terms: r.terms ? toTerms(r.terms, timeZone, today) : null,
  };
}
