import 'server-only';
// Shipping and sales tax for an open checkout: the methods that reach the shipping address, the chosen one's price,
// Stripe Tax's calculation for the lines and the shipping, and the PaymentIntent's amount set to goods + shipping +
// tax, all under the checkout record's lock, so two tabs pricing at once cannot leave the PaymentIntent and the
// record apart. Nothing here is read from the browser but the address and the method's id (ARCHITECTURE.md,
// "Checkout").
import { asServiceRole, type DbRow, type Tx } from '../core/db';
import { env } from '../core/env';
import { formatCents } from '../core/format/money';
import { logError } from '../core/log';
import { stripe, type Stripe } from '../payments/stripe';
import { chooseRate, parcelGrams, ratesFor } from '../shipping/rates';
import { stateForZip } from '../shipping/postal';
import { readActiveShippingMethods, readCheckoutSettings } from '../shipping/methods';
import { calculateTax } from '../tax/stripe-tax';
import type { DeliveryQuote } from './api';
import type { Address } from './address';
import { countries } from './countries';
import { CheckoutError } from './errors';
import type { PricedLine } from './pricing';
import { MAX_CHARGE_CENTS } from './pricing';

export const METHOD_UNAVAILABLE_MESSAGE = 'This shipping method does not reach your address. Please choose another.';

/** 'We don't ship to Brazil yet. …': no method's zones cover the address. */
export function noZoneMessage(country: string): string {
  const name = countries().find((c) => c.code === country)?.name ?? country;
  return `We don't ship to ${name} yet. Please use another shipping address, or contact us and we will quote the shipping.`;
}

type RecordRow = DbRow<'checkout_sessions', 'id' | 'user_id' | 'goods_cents' | 'amount' | 'currency' | 'payment_intent_id'> & {
  lines: PricedLine[];
};

/** The account's exemption, while it holds: one that came with a resale certificate ends on its expiry day. */
async function exemption(tx: Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await tx<{ tax_exempt: boolean; tax_exempt_reason: string | null }[]>`
    select tax_exempt, tax_exempt_reason from public.customers
     where user_id = ${userId}
       and (tax_exempt_until is null or tax_exempt_until >= (now() at time zone ${env().SHOP_TIME_ZONE})::date)`;
  return row?.tax_exempt ? row.tax_exempt_reason || 'Tax-exempt account' : null;
}

async function parcelWeight(tx: Tx, lines: PricedLine[]): Promise<number> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const rows = await tx<{ id: string; weight: string | null }[]>`select id, weight from public.catalog_products where id = any(${ids}::uuid[])`;
  const grams = new Map(rows.map((r) => [r.id, r.weight === null ? null : Number(r.weight)]));
  return parcelGrams(lines.map((l) => ({ quantity: l.quantity, grams: grams.get(l.productId) ?? null })));
}

/**
 * Prices shipping and tax for the open checkout `checkoutId` shipped to `to`, by `methodId` (null: the default), and
 * sets the record's and the PaymentIntent's amount to the total. A method that does not reach the address is refused.
 */
export async function priceDelivery(input: {
  checkoutId: string;
  to: Address;
  methodId: string | null;
  /** Saved with the figures when the buyer saves the checkout's addresses (server.ts). */
  details?: { billing: Address; email: string; companyName: string | null; purchaseOrder: string | null };
  /** Set on the PaymentIntent with the amount. */
  intent?: Pick<Stripe.PaymentIntentUpdateParams, 'shipping' | 'receipt_email'>;
}): Promise<DeliveryQuote> {
  return asServiceRole(async (tx) => {
    const [record] = await tx<RecordRow[]>`
      select id, user_id, lines, goods_cents, amount, currency, payment_intent_id
        from public.checkout_sessions where id = ${input.checkoutId} and status = 'open' for update`;
    if (!record) throw new CheckoutError(409, 'not_open', 'This checkout is already complete. Please reload the page.');
    const goodsCents = Number(record.goods_cents ?? record.amount);
    const [methods, settings, exemptReason, grams] = await Promise.all([
      readActiveShippingMethods(tx),
      readCheckoutSettings(tx),
      exemption(tx, record.user_id),
      parcelWeight(tx, record.lines),
    ]);

    const country = input.to.country.trim().toUpperCase();
    // A US state zone is matched on the ZIP code's state, as the cart's estimate does, not on the state as typed
    // ('Illinois' and 'IL' alike); an address whose ZIP names no state falls back to the typed one.
    const state = (country === 'US' && stateForZip(input.to.postal_code)) || input.to.state;
    const rates = ratesFor(methods, { country, state }, { goodsCents, grams });
    // A shop with no methods charges no shipping; one with methods ships only where a method reaches.
    if (methods.length > 0 && rates.length === 0) throw new CheckoutError(400, 'no_shipping_zone', noZoneMessage(country));
    if (input.methodId && !rates.some((r) => r.methodId === input.methodId)) {
      throw new CheckoutError(400, 'shipping_method', METHOD_UNAVAILABLE_MESSAGE);
    }
    const rate = chooseRate(rates, input.methodId);
    const shippingCents = rate?.cents ?? 0;

    const tax = await calculateTax({
      currency: record.currency,
      lines: record.lines.map((line, i) => ({
        reference: `${i + 1}-${line.sku || line.productId}`.slice(0, 500),
        category: line.category,
        amountCents: line.lineTotalCents,
        quantity: line.quantity,
      })),
      shippingCents,
      to: input.to,
      exempt: exemptReason !== null,
      settings,
    });
    const totalCents = goodsCents + shippingCents + tax.taxCents;
    if (totalCents > MAX_CHARGE_CENTS) {
      throw new CheckoutError(400, 'amount_too_large', `Orders over ${formatCents(MAX_CHARGE_CENTS)} cannot be paid by card. Please split the order.`);
    }

    if (record.payment_intent_id && (Number(record.amount) !== totalCents || input.intent)) {
      try {
        await stripe().paymentIntents.update(record.payment_intent_id, { ...input.intent, amount: totalCents });
      } catch (err) {
        logError('checkout: could not set the PaymentIntent amount', err);
        throw new CheckoutError(502, 'payment_provider', 'The payment provider could not be reached. Please try again.');
      }
    }
    const details = input.details;
    await tx`
      update public.checkout_sessions
         set amount = ${totalCents}, goods_cents = ${goodsCents}, shipping_method_id = ${rate?.methodId ?? null},
             shipping_method = ${rate?.name ?? null}, shipping_cents = ${shippingCents}, tax_cents = ${tax.taxCents},
             tax_calculation_id = ${tax.calculationId}, tax_breakdown = ${tx.json(tax.breakdown as never)},
             tax_exempt_reason = ${exemptReason}, priced_for = ${tx.json(input.to)}
             ${details
               ? tx`, shipping_address = ${tx.json(input.to)}, billing_address = ${tx.json(details.billing)},
                    email = ${details.email}, company_name = ${details.companyName}, purchase_order = ${details.purchaseOrder}`
               : tx``}
       where id = ${record.id}`;
    return {
      rates,
      methodId: rate?.methodId ?? null,
      goodsCents,
      shippingCents,
      taxCents: tax.taxCents,
      taxBreakdown: tax.breakdown,
      taxExemptReason: exemptReason,
      totalCents,
    };
  });
}
