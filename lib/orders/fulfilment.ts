import 'server-only';
// Payment fulfilment: turns a succeeded PaymentIntent into the order, its items and its transaction, in one database
// transaction, from the server's checkout record (never from anything the browser sent). Run by the signed webhook
// and by the confirmation page; any number of runs, in any order or at once, give one order per PaymentIntent:
// each run locks the checkout record first, so a second one waits and then finds it completed, and as a backstop
// the order id was fixed on the checkout record, so orders.id and transactions (provider, provider_transaction_id)
// reject a second copy.
import type { Stripe } from '../payments/stripe';
import { asServiceRole, type DbRow, type Tx } from '../core/db';
import { logWarn } from '../core/log';
import type { Address } from '../checkout/address';
import type { PricedLine } from '../checkout/pricing';
import { issueInvoice } from '../documents/issue';
import { enqueueMails } from '../mail/outbox';
import { PAID_ORDER_STATUS } from './status';
import { choicesText, lineChoices } from '../purchase/line-choices';
import type { TaxPart } from '../tax/parts';
import { recordOrderTax } from '../tax/record';
import { leadTimeColumns, leadTimeShort } from '../catalog/lead-time';

export type PaymentIntentFacts = Pick<
  Stripe.PaymentIntent,
  'id' | 'status' | 'amount' | 'amount_received' | 'currency'
> & { shipping?: Stripe.PaymentIntent['shipping'] };

export type FulfilmentResult =
  | { outcome: 'fulfilled' | 'already_fulfilled'; orderId: string; checkoutId: string }
  | { outcome: 'amount_mismatch'; orderId: string; checkoutId: string }
  | { outcome: 'not_paid'; status: string; orderId: string; checkoutId: string }
  /** No checkout record holds this PaymentIntent (another integration's payment, or a forged id). */
  | { outcome: 'unknown_payment' };

/** A checkout record as fulfilment reads it; quote_id names the quote it pays for (lib/quotes/checkout.ts), or null. */
export type CheckoutRow = DbRow<
  'checkout_sessions',
  | 'id' | 'order_id' | 'user_id' | 'email' | 'company_name' | 'purchase_order' | 'amount' | 'goods_cents' | 'shipping_method'
  | 'shipping_cents' | 'tax_cents' | 'tax_exempt_reason' | 'tax_calculation_id' | 'currency' | 'quote_id' | 'payment_intent_id'
> & {
  lines: PricedLine[];
  tax_breakdown: TaxPart[];
  status: 'open' | 'completed' | 'amount_mismatch';
  shipping_address: Address | null;
  billing_address: Address | null;
  /** Taken when the payment succeeded and the checkout is not completed yet. */
  order_reference: string | null;
  placed_at: Date;
};

function addressFromStripe(shipping: Stripe.PaymentIntent['shipping'] | undefined): Address | null {
  if (!shipping?.address) return null;
  const a = shipping.address;
  return {
    full_name: shipping.name ?? '',
    address_line1: a.line1 ?? '',
    address_line2: a.line2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    postal_code: a.postal_code ?? '',
    country: a.country ?? '',
    phone: shipping.phone ?? '',
  };
}

/** Amount and currency must be exactly what the server priced: anything else is refused, never fulfilled. */
export function paymentMatches(pi: PaymentIntentFacts, record: { amount: number; currency: string }): boolean {
  return (
    pi.amount === record.amount &&
    pi.amount_received === record.amount &&
    pi.currency.toLowerCase() === record.currency.toLowerCase()
  );
}

/**
 * Writes the order for a succeeded payment (writeOrder), then reports its tax to Stripe Tax (lib/tax/record.ts):
 * after the commit, as Stripe cannot join the database's transaction. A report that fails is retried by the next
 * run for the same payment and by the maintenance sweep.
 */
export async function fulfilPaymentIntent(pi: PaymentIntentFacts): Promise<FulfilmentResult> {
  const result = await writeOrder(pi);
  if (result.outcome === 'fulfilled' || result.outcome === 'already_fulfilled') await recordOrderTax(result.orderId);
  return result;
}

async function writeOrder(pi: PaymentIntentFacts): Promise<FulfilmentResult> {
  // Service role: orders, items and transactions are writable by the fulfilment only (RLS gives nobody else insert).
  return asServiceRole(async (tx) => {
    const record = await lockCheckoutRecord(tx, { paymentIntentId: pi.id }, pi.status === 'succeeded');
    if (!record) return { outcome: 'unknown_payment' };
    const ids = { orderId: record.order_id, checkoutId: record.id };
    if (record.status === 'completed') return { outcome: 'already_fulfilled', ...ids };
    if (pi.status !== 'succeeded' || !record.order_reference) return { outcome: 'not_paid', status: pi.status, ...ids };

    const amount = Number(record.amount);
    if (!paymentMatches(pi, { amount, currency: record.currency })) {
      logWarn('fulfilment: amount mismatch', {
        paymentIntent: pi.id,
        paidCents: pi.amount_received,
        intentCents: pi.amount,
        currency: pi.currency,
        checkout: record.id,
        expectedCents: amount,
        expectedCurrency: record.currency,
      });
      await tx`update public.checkout_sessions set status = 'amount_mismatch' where id = ${record.id} and status = 'open'`;
      return { outcome: 'amount_mismatch', ...ids };
    }
    await insertOrder(tx, record, {
      provider: 'stripe',
      transactionId: pi.id,
      amountCents: pi.amount_received,
      method: 'card',
      fallbackShipping: addressFromStripe(pi.shipping),
    });
    return { outcome: 'fulfilled', ...ids };
  });
}

/**
 * The checkout record, locked: a second run for the same payment (the webhook and the confirmation page at once)
 * waits here and then reads it completed. With `takeReference`, the order's reference is taken now for a record not
 * yet completed, so that everything after goes to the database at once; orders.created_at is now() as well.
 */
export async function lockCheckoutRecord(
  tx: Tx,
  by: { paymentIntentId: string } | { checkoutId: string },
  takeReference: boolean,
): Promise<CheckoutRow | undefined> {
  const [record] = await tx<CheckoutRow[]>`
    select id, order_id, user_id, email, company_name, purchase_order, lines, amount, currency, status, shipping_address, billing_address, quote_id,
           goods_cents, shipping_method, shipping_cents, tax_cents, tax_breakdown, tax_exempt_reason, tax_calculation_id, payment_intent_id,
           case when status <> 'completed' and ${takeReference}
                then 'AFJ-' || nextval('public.order_reference_seq') end as order_reference,
           now() as placed_at
      from public.checkout_sessions
     where ${'paymentIntentId' in by ? tx`payment_intent_id = ${by.paymentIntentId}` : tx`id = ${by.checkoutId}`}
       for update`;
  return record;
}

/** How the order is paid: the transaction row written with it. */
export interface OrderPayment {
  provider: 'stripe' | 'stripe_invoice';
  transactionId: string;
  amountCents: number;
  method: 'card' | 'invoice';
  /** The address to use when the record has none (a card payment's Stripe shipping). */
  fallbackShipping?: Address | null;
}

/**
 * Writes the order for a locked, open checkout record with its reference taken: the order, its items, the payment,
 * the mails and the invoice, and completes the record. A second copy of any of these rows is refused by a unique key
 * and rolls the whole back.
 */
export async function insertOrder(tx: Tx, record: CheckoutRow, payment: OrderPayment): Promise<void> {
  const amount = Number(record.amount);
  const shipping = record.shipping_address ?? payment.fallbackShipping ?? null;
  const billing = record.billing_address ?? shipping;
  const reference = record.order_reference!;
  const charges = {
    goodsCents: Number(record.goods_cents ?? record.amount),
    shippingMethod: record.shipping_method,
    shippingCents: Number(record.shipping_cents),
    taxCents: Number(record.tax_cents),
    taxBreakdown: record.tax_breakdown,
    taxExemptReason: record.tax_exempt_reason,
  };
  // Each line as data (lib/purchase/line-choices.ts): what every page, mail and document shows of it.
  const choices = record.lines.map((line) => lineChoices(line.specifications, {
      percentOff: line.percentOff,
      quoteReference: line.quoteReference,
      priceGroup: line.priceGroup,
      priceRule: line.priceRule === 'quote' ? undefined : line.priceRule,
    }));
  const items = record.lines.map((line, i) => ({
    order_id: record.order_id,
    product_id: line.productId,
    product_category: line.category,
    quantity: line.quantity,
    unit_price: line.unitPriceCents,
    specifications: line.specificationsText,
    choices: tx.json(choices[i]!),
    // The promise made at the time of the order; none for a line priced before lead times (or from a quote).
    ...(line.leadTime ? leadTimeColumns(line.leadTime) : { lead_time_kind: null, lead_time_min: null, lead_time_max: null }),
  }));
  // One round trip (postgres.js pipelines queries on the transaction's connection, in the order they start; each
  // starts here, in this order, as the array is built):
  // the order; the payment with the checkout completed (one statement); the mails queued (sending happens later,
  // lib/mail/sender.ts); the items, whose trigger adds to each product's product_sales row (a popular product's
  // row is wanted by every order that buys it, so it comes late and is held for the shortest time); the invoice,
  // which takes its number from the yearly counter as the transaction commits (a deferred trigger,
  // number_invoice_at_commit in supabase/migrations/20261210000600_documents.sql), so the counter, which every payment
  // fulfilled at the same moment needs, is locked for the commit alone. A second copy of any of these rows is
  // refused by a unique key (orders.id, the payment, the invoice's order) and rolls the whole back.
  await Promise.all([
    tx`
      insert into public.orders
        (id, user_id, order_reference, customer_name, customer_email, customer_phone, status, total_amount,
         shipping_address, billing_address, quote_id, company_name, purchase_order, goods_cents, shipping_method,
         shipping_cents, tax_cents, tax_breakdown, tax_exempt_reason, tax_calculation_id)
      values
        (${record.order_id}, ${record.user_id}, ${reference},
         ${shipping?.full_name || null}, ${record.email}, ${shipping?.phone || null}, ${PAID_ORDER_STATUS}, ${amount},
         ${shipping ? tx.json(shipping) : null}, ${billing ? tx.json(billing) : null}, ${record.quote_id},
         ${record.company_name}, ${record.purchase_order}, ${charges.goodsCents}, ${charges.shippingMethod},
         ${charges.shippingCents}, ${charges.taxCents}, ${tx.json(charges.taxBreakdown as never)},
         ${charges.taxExemptReason}, ${record.tax_calculation_id})`.execute(),
    tx`
      with payment as (
        insert into public.transactions (order_id, provider, provider_transaction_id, amount, status, payment_method)
        values (${record.order_id}, ${payment.provider}, ${payment.transactionId}, ${payment.amountCents}, 'completed', ${payment.method}))
      update public.checkout_sessions set status = 'completed', completed_at = now(), last_payment_error = null
       where id = ${record.id}`.execute(),
    enqueueMails(tx, [
      ...(record.email
        ? [{ kind: 'order_confirmation' as const, orderId: record.order_id, to: record.email, dedupeKey: `order_confirmation:${record.order_id}` }]
        : []),
      { kind: 'order_notice', orderId: record.order_id, to: null, dedupeKey: `order_notice:${record.order_id}` },
    ]),
    // A quote paid for is accepted, and names its order: one order per quote, as one per PaymentIntent.
    ...(record.quote_id
      ? [
          tx`update public.quotes set status = 'accepted', order_id = ${record.order_id}, answered_at = now()
              where id = ${record.quote_id} and order_id is null`.execute(),
          tx`insert into public.quote_events (quote_id, kind, detail)
             values (${record.quote_id}, 'accepted', ${tx.json({ orderId: record.order_id, reference })})`.execute(),
        ]
      : []),
    tx`insert into public.order_items ${tx(items)}`.execute(),
    issueInvoice(tx, {
      orderId: record.order_id,
      reference,
      purchaseOrder: record.purchase_order,
      placedAt: record.placed_at,
      buyer: { name: shipping?.full_name || null, company: record.company_name, email: record.email, phone: shipping?.phone || null, shipping, billing },
      lines: record.lines.map((line, i) => ({
        sku: line.sku,
        name: line.name,
        options: choicesText(choices[i]!, line.category),
        ...(line.leadTime ? { shipsIn: leadTimeShort(line.leadTime) } : {}),
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.lineTotalCents,
      })),
      totalCents: amount,
      currency: record.currency,
      charges,
    }),
  ]);
}

/** payment_intent.payment_failed: noted on the checkout record; no order. A later success still fulfils. */
export async function recordPaymentFailure(
  pi: Pick<Stripe.PaymentIntent, 'id' | 'last_payment_error'>,
): Promise<{ recorded: boolean }> {
  const message = pi.last_payment_error?.message ?? 'Payment failed';
  const rows = await asServiceRole(
    (tx) => tx`
      update public.checkout_sessions
         set last_payment_error = ${message}, payment_failures = payment_failures + 1
       where payment_intent_id = ${pi.id} and status = 'open'
       returning id`,
  );
  return { recorded: rows.length > 0 };
}
