import 'server-only';
// The order confirmation page's data, with its access rule: the browser that paid (signed checkout cookie), the
// holder of the order link of the buyer's mail (signed token), the signed-in customer who owns the order, or an
// admin. Anyone else holding the id gets 'not_found'.
// Reaching the page also fulfils the payment if the webhook has not yet done so (idempotently).
import { asServiceRole, withActor, type Tx } from '../core/db';
import { isOrderToken } from '../documents/access';
import { invoicePath } from '../documents/paths';
import { readCharges, type OrderCharges } from '../documents/charges';
import { readOrderRow } from '../documents/order-row';
import { actorFor } from '../core/db/actor';
import { isCategory, productPath, type Category } from '../catalog/categories';
import { stripe } from '../payments/stripe';
import type { Address } from '../checkout/address';
import { wakeMailSender } from '../mail/sender';
import { fulfilPaymentIntent } from './fulfilment';
import { refundMismatchedPayment } from './mismatch-refund';
import { orderReference } from './reference';
import { dayIn, formatLongDate } from '../core/format/date';
import { readTermsPayment, type TermsPayment, type TermsPaymentRow } from './terms-payment';
import { env } from '../core/env';
import { logError } from '../core/log';
import { ACTIVE_SQL } from '../catalog/status';
import { choicesText, readLineChoices } from '../purchase/line-choices';
import { leadTimeShort, readLeadTime } from '../catalog/lead-time';
import { estimatedShipDay, formatShipDay } from './ship-date';

/** The line's category as stored, else its product's (older lines have none). */
const lineCategory = (stored: string | null, product: string | undefined): Category | null =>
  isCategory(stored) ? stored : isCategory(product) ? product : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ConfirmationItem {
  id: string;
  productId: string;
  /** null when the product no longer exists. */
  product: { name: string; sku: string | null; imageUrl: string | null; href: string } | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** The choices bought with, in words ('Stone: Ruby, Ring Size: 7, Material: Gold, Volume −5%'). */
  options: string;
  /** When it ships, as promised when the order was placed ('Ships in 2 days'); null for lines from before lead times. */
  shipsIn: string | null;
}

export interface ConfirmationOrder {
  id: string;
  reference: string;
  createdAt: string;
  /** The day it was placed, in the shop's time zone. */
  dateLabel: string;
  status: string;
  customerName: string | null;
  customerPhone: string | null;
  /** The buyer's company and PO number, when given at checkout. */
  companyName: string | null;
  purchaseOrder: string | null;
  /** goods + shipping + tax. */
  totalCents: number;
  /** Goods, shipping and tax apart (lib/documents/charges.ts says which rows show). */
  charges: OrderCharges;
  shipping: Address | null;
  billing: Address | null;
  items: ConfirmationItem[];
  /** 'Friday, December 4, 2026': when the slowest line ships (ship-date.ts); null when no line has a lead time. */
  estimatedShipDate: string | null;
  /** Where the invoice downloads (with the visitor's token when that is how they came); null before it is issued. */
  invoiceHref: string | null;
  /** Paid by invoice on the account's terms (lib/terms); null for a card payment. */
  terms: TermsPayment | null;
}

export type ConfirmationView =
  | { kind: 'order'; order: ConfirmationOrder }
  | { kind: 'processing' }
  /** Paid with another amount than the checkout: refunded in full, no order (mismatch-refund.ts). */
  | { kind: 'refunded' }
  | { kind: 'not_found' };

export interface ConfirmationAccess {
  /** From the browser's signed checkout cookie. */
  checkoutIds: readonly string[];
  user: { id: string; email?: string | null } | null;
  /** The `t=` of the order link in the buyer's mail. */
  token?: string | null;
}

async function readOrder(tx: Tx, orderId: string, token: string | null = null): Promise<ConfirmationOrder | null> {
  const order = await readOrderRow(tx, orderId);
  if (!order) return null;
  const items = await tx<
    { id: string; product_id: string; product_category: string | null; quantity: number; unit_price: string; choices: unknown; lead_time_kind: string | null; lead_time_min: number | null; lead_time_max: number | null }[]
  >`select id, product_id, product_category, quantity, unit_price, choices, lead_time_kind, lead_time_min, lead_time_max
      from public.order_items where order_id = ${orderId} order by created_at, id`;
  if (items.length === 0) return null;
  const products = await tx<
    { id: string; category: string; name: string; sku: string | null; image_url: string | null }[]
  >`select id, category, name, sku, image_url from public.catalog_products
     where id = any(${items.map((i) => i.product_id)}::uuid[]) and ${tx.unsafe(ACTIVE_SQL)}`;
  const byId = new Map(products.map((p) => [p.id, p]));
  const [invoice] = await tx<{ number: string }[]>`select number from public.invoices where order_id = ${orderId}`;
  const [terms] = await tx<TermsPaymentRow[]>`
    select terms_days, status, due_at, paid_at, paid_out_of_band, hosted_invoice_url from public.terms_invoices where order_id = ${orderId}`;
  const zone = env().SHOP_TIME_ZONE;
  const shipDay = estimatedShipDay(dayIn(order.created_at, zone), items.map(readLeadTime));
  return {
    id: order.id,
    reference: orderReference(order),
    createdAt: order.created_at.toISOString(),
    dateLabel: formatLongDate(order.created_at, env().SHOP_TIME_ZONE),
    status: order.status,
    customerName: order.customer_name,
    customerPhone: order.customer_phone,
    companyName: order.company_name,
    purchaseOrder: order.purchase_order,
    totalCents: Number(order.total_amount),
    charges: readCharges(order),
    shipping: order.shipping_address,
    billing: order.billing_address,
    items: items.map((i) => {
      const p = byId.get(i.product_id);
      const unit = Number(i.unit_price);
      return {
        id: i.id,
        productId: i.product_id,
        product:
          p && isCategory(p.category)
            ? { name: p.name, sku: p.sku, imageUrl: p.image_url, href: productPath(p.category as Category, p.id) }
            : null,
        quantity: i.quantity,
        unitPriceCents: unit,
        lineTotalCents: unit * i.quantity,
        options: choicesText(readLineChoices(i.choices), lineCategory(i.product_category, p?.category)),
        shipsIn: ((lt) => (lt ? leadTimeShort(lt) : null))(readLeadTime(i)),
      };
    }),
    estimatedShipDate: shipDay ? formatShipDay(shipDay) : null,
    invoiceHref: invoice ? invoicePath(order.id, token) : null,
    terms: terms ? readTermsPayment(terms, new Date(), { label: (d) => formatLongDate(d, zone), day: (d) => dayIn(d, zone) }) : null,
  };
}

/** Brings a paid-but-unwritten order into being, or says the payment is still under way. */
async function settleCheckout(checkout: {
  status: string;
  payment_intent_id: string | null;
}): Promise<'ready' | 'processing' | 'refunded' | 'not_found'> {
  if (checkout.status === 'completed') return 'ready';
  if (!checkout.payment_intent_id) return 'not_found';
  let pi;
  try {
    pi = await stripe().paymentIntents.retrieve(checkout.payment_intent_id);
  } catch (err) {
    logError('confirmation: could not read the PaymentIntent', err);
    return 'processing';
  }
  if (pi.status === 'succeeded') {
    const result = await fulfilPaymentIntent(pi);
    // The order's mail was queued with it: sent now rather than at the sender's next poll.
    if (result.outcome === 'fulfilled') wakeMailSender();
    if (result.outcome === 'fulfilled' || result.outcome === 'already_fulfilled') return 'ready';
    if (result.outcome !== 'amount_mismatch') return 'processing';
    // Refunded now, or on the next look if Stripe does not answer this time.
    const refunded = await refundMismatchedPayment(pi).catch((err: unknown) => {
      logError('confirmation: could not refund a mismatched payment', err, { paymentIntent: pi.id });
      return null;
    });
    return refunded ? 'refunded' : 'processing';
  }
  if (pi.status === 'processing' || pi.status === 'requires_capture' || pi.status === 'requires_action') {
    return 'processing';
  }
  return 'not_found';
}

export async function loadConfirmation(orderId: string, access: ConfirmationAccess): Promise<ConfirmationView> {
  if (!UUID.test(orderId)) return { kind: 'not_found' };
  const id = orderId.toLowerCase();
  // Checkout records are server-only rows; the match on the cookie's ids (or the owner) is the access check.
  const [checkout] = await asServiceRole(
    (tx) => tx<{ id: string; status: string; payment_intent_id: string | null }[]>`
      select id, status, payment_intent_id from public.checkout_sessions
       where order_id = ${id}
         and (id = any(${[...access.checkoutIds]}::uuid[]) or (user_id is not null and user_id = ${access.user?.id ?? null}))`,
  );
  if (checkout) {
    const state = await settleCheckout(checkout);
    if (state !== 'ready') return { kind: state };
    // Service role for this one read: the buyer's browser proved it started this checkout.
    const order = await asServiceRole((tx) => readOrder(tx, id));
    return order ? { kind: 'order', order } : { kind: 'not_found' };
  }
  if (access.token && isOrderToken(id, access.token)) {
    // Service role for this one read: the link was signed by the shop for this order.
    const order = await asServiceRole((tx) => readOrder(tx, id, access.token));
    if (order) return { kind: 'order', order };
  }
  if (access.user) {
    // Owner or admin: the orders policies decide.
    const order = await withActor(actorFor(access.user), (tx) => readOrder(tx, id));
    if (order) return { kind: 'order', order };
  }
  return { kind: 'not_found' };
}
