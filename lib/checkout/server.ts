import 'server-only';
// Checkout on the server: prices the cart from the database, stores the checkout record, creates the PaymentIntent
// for exactly that amount, and saves the buyer's addresses, e-mail address, company and PO number. Checkout records
// are server-only rows (no API access), written with the service role.
import { asServiceRole, type Tx } from '../core/db';
import { getProductsByIds } from '../catalog/product';
import { stripe, type Stripe } from '../payments/stripe';
import { resolveAddresses, validateCheckoutAddresses, type Address, type CheckoutAddresses } from './address';
import type { BusinessDetails } from './contact';
import { isCountryCode } from './countries';
import { ADDRESS_BANNER, CheckoutError, minimumMessage, totalChangedMessage } from './errors';
import type { CheckoutLineInput } from './lines';
import type { CheckoutSessionResponse, DeliveryQuote } from './api';
import { priceCheckout, type PricedCheckout } from './pricing';
import { priceDelivery } from './delivery';
import { logError } from '../core/log';
import { readCheckoutSettings } from '../shipping/methods';
import { shortOfMinimum } from '../shipping/rates';
import { buyerPricing } from '../purchase/buyer';
import { GUEST_CHECKOUT_CLOSED, hiddenPriceMessage } from '../purchase/price-labels';
import { actorFor } from '../core/db/actor';

/** What opening a checkout answers with: the route handler sends it as is. */
export type CheckoutSession = CheckoutSessionResponse;

function providerMessage(err: unknown): string {
  if (err && typeof err === 'object' && 'message' in err && typeof err.message === 'string') return err.message;
  return 'The payment provider could not be reached.';
}

/**
 * Prices the lines (a browser-sent price is never read), stores the checkout record with a future order id, and
 * creates the PaymentIntent for the server's total. Returns what the payment form needs.
 */
export async function createCheckout(input: {
  lines: CheckoutLineInput[];
  userId: string | null;
}): Promise<CheckoutSession> {
  const ids = input.lines.map((l) => l.productId);
  const [products, pricing] = await Promise.all([getProductsByIds(ids), buyerPricing(actorFor(input.userId ? { id: input.userId } : null), ids)]);
  // Who may buy (the shop's price and guest checkout settings), then the buyer's prices through the one resolver.
  const hidden = hiddenPriceMessage(pricing.view);
  if (hidden) throw new CheckoutError(403, 'prices_hidden', hidden);
  if (!input.userId && !pricing.guestCheckout) throw new CheckoutError(401, 'sign_in_required', GUEST_CHECKOUT_CLOSED);
  const priced = priceCheckout(input.lines, new Map(products.map((p) => [p.id, p])), pricing.terms);
  const record = await asServiceRole(async (tx) => {
    const { minOrderCents } = await readCheckoutSettings(tx);
    const short = shortOfMinimum(priced.totalCents, minOrderCents);
    if (short > 0) throw new CheckoutError(400, 'below_minimum', minimumMessage(minOrderCents!, short));
    return insertCheckoutRecord(tx, { priced, userId: input.userId, quoteId: null });
  });
  return attachPaymentIntent(record, priced);
}

export interface CheckoutRecord {
  id: string;
  order_id: string;
  payment_intent_id: string | null;
}

/** Stores what the server priced, in the caller's (service-role) transaction: the order id is fixed here. */
export async function insertCheckoutRecord(
  tx: Tx,
  input: { priced: PricedCheckout; userId: string | null; quoteId: string | null },
): Promise<CheckoutRecord> {
  const [record] = await tx<CheckoutRecord[]>`
    insert into public.checkout_sessions (user_id, lines, amount, goods_cents, currency, quote_id)
    values (${input.userId}, ${tx.json(input.priced.lines as never)}, ${input.priced.totalCents}, ${input.priced.totalCents},
            ${input.priced.currency}, ${input.quoteId})
    returning id, order_id, payment_intent_id`;
  return record!;
}

/**
 * The record's PaymentIntent, created for exactly the priced total (the idempotency key makes a second call for the
 * same record, from another tab, get the same PaymentIntent), or the one it already has.
 */
export async function attachPaymentIntent(record: CheckoutRecord, priced: PricedCheckout): Promise<CheckoutSession> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = record.payment_intent_id
      ? await stripe().paymentIntents.retrieve(record.payment_intent_id)
      : await stripe().paymentIntents.create(
          {
            amount: priced.totalCents,
            currency: priced.currency,
            allowed_payment_method_types: ['card'],
            metadata: { checkout_id: record.id, order_id: record.order_id },
          },
          { idempotencyKey: `checkout-${record.id}` },
        );
  } catch (err) {
    logError('checkout: PaymentIntent creation failed', err);
    throw new CheckoutError(502, 'payment_provider', providerMessage(err));
  }
  if (!intent.client_secret) throw new CheckoutError(502, 'payment_provider', 'The payment provider sent no client secret.');

  if (!record.payment_intent_id) {
    await asServiceRole(
      (tx) => tx`update public.checkout_sessions set payment_intent_id = ${intent.id} where id = ${record.id}`,
    );
  }
  return {
    checkoutId: record.id,
    orderId: record.order_id,
    paymentIntentId: intent.id,
    clientSecret: intent.client_secret,
    totalCents: priced.totalCents,
    currency: priced.currency,
    lines: priced.lines,
  };
}

function toStripeAddress(a: Address) {
  return {
    line1: a.address_line1,
    line2: a.address_line2 || undefined,
    city: a.city,
    state: a.state,
    postal_code: a.postal_code,
    country: a.country,
  };
}

/**
 * Validates the addresses with the rules and saves them onto the open checkout record and its PaymentIntent
 * (shipping), then prices shipping and tax for the saved shipping address (delivery.ts). The buyer pays only the
 * total they were shown: when it is not `expectedTotalCents`, the answer is 409 with the new figures.
 * `allowedCheckoutIds` comes from the browser's signed checkout cookie.
 */
export async function saveCheckoutAddresses(input: {
  checkoutId: string;
  allowedCheckoutIds: readonly string[];
  /** The buyer's e-mail address, checked by the route's schema. */
  email: string;
  /** Company and PO number, checked by the route's schema; null when not given. */
  business?: BusinessDetails;
  addresses: CheckoutAddresses;
  /** The shipping method the buyer chose; null: the shop's default for the address. */
  shippingMethodId?: string | null;
  /** The total the buyer was shown next to Pay; null: not checked. */
  expectedTotalCents?: number | null;
}): Promise<DeliveryQuote> {
  if (!input.allowedCheckoutIds.includes(input.checkoutId)) {
    throw new CheckoutError(404, 'not_found', 'This checkout was not found. Please reload the page.');
  }
  const validation = validateCheckoutAddresses(input.addresses);
  if (!validation.valid) {
    throw new CheckoutError(400, 'invalid_address', ADDRESS_BANNER, {
      shipping: validation.shipping,
      billing: validation.billing,
    });
  }
  const { shipping, billing } = resolveAddresses(input.addresses);
  const business = input.business ?? { companyName: null, purchaseOrder: null };
  if (!isCountryCode(shipping.country) || !isCountryCode(billing.country)) {
    throw new CheckoutError(400, 'invalid_address', 'Please choose a country from the list.');
  }
  // The addresses, e-mail and business details are saved with the shipping and tax priced for them, in one
  // transaction; the PaymentIntent gets its amount and the shipping address (for Stripe's receipt) in one call.
  const quote = await priceDelivery({
    checkoutId: input.checkoutId,
    to: shipping,
    methodId: input.shippingMethodId ?? null,
    details: { billing, email: input.email, ...business },
    intent: {
      shipping: { name: shipping.full_name, phone: shipping.phone, address: toStripeAddress(shipping) },
      receipt_email: input.email,
    },
  });
  if (input.expectedTotalCents != null && input.expectedTotalCents !== quote.totalCents) {
    throw new CheckoutError(409, 'total_changed', totalChangedMessage(quote.totalCents), { delivery: quote });
  }
  return quote;
}
