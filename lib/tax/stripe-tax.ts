import 'server-only';
// Sales tax through Stripe Tax: a calculation for the checkout's lines, shipping and ship-to address; the tax
// transaction recorded from it once the order is written; a reversal for each refund's share. The shop keeps the
// jurisdictions' amounts on the order, so its documents and Stripe's tax reports tell the same story.
import { stripe, type Stripe } from '../payments/stripe';
import type { CheckoutSettings } from '../shipping/methods';
import { HttpError } from '../core/errors';
import { logError } from '../core/log';
import { taxParts, type TaxPart } from './parts';

export type { TaxPart } from './parts';

/** Stripe Tax's code for general tangible goods; a category without its own code uses it. */
export const DEFAULT_TAX_CODE = 'txcd_99999999';
/** Shipping charged with the goods. */
export const SHIPPING_TAX_CODE = 'txcd_92010001';

export interface TaxResult {
  calculationId: string | null;
  taxCents: number;
  breakdown: TaxPart[];
}

export const NO_TAX: TaxResult = { calculationId: null, taxCents: 0, breakdown: [] };

export const TAX_LOCATION_MESSAGE =
  'We could not work out the sales tax for this shipping address. Please check the street, city, state and ZIP code.';

interface TaxInput {
  currency: string;
  lines: { reference: string; category: string; amountCents: number; quantity: number }[];
  shippingCents: number;
  /** The ship-to address, as the checkout keeps it. */
  to: { address_line1: string; address_line2: string; city: string; state: string; postal_code: string; country: string };
  /** The buyer's exemption: Stripe Tax answers 0 with `customer_exempt`. */
  exempt: boolean;
  settings: CheckoutSettings;
}

function isLocationError(err: unknown): boolean {
  return Boolean(err && typeof err === 'object' && 'code' in err && err.code === 'customer_tax_location_invalid');
}

/** The tax for the checkout, from a Stripe Tax calculation; none when the shop does not collect tax. */
export async function calculateTax(input: TaxInput): Promise<TaxResult> {
  if (!input.settings.taxEnabled) return NO_TAX;
  const from = input.settings.shipFrom;
  let calculation: Stripe.Tax.Calculation;
  try {
    calculation = await stripe().tax.calculations.create({
      currency: input.currency,
      line_items: input.lines.map((line) => ({
        amount: line.amountCents,
        quantity: line.quantity,
        reference: line.reference,
        tax_code: input.settings.taxCodes[line.category] || DEFAULT_TAX_CODE,
        tax_behavior: 'exclusive',
      })),
      ...(input.shippingCents > 0 ? { shipping_cost: { amount: input.shippingCents, tax_code: SHIPPING_TAX_CODE, tax_behavior: 'exclusive' as const } } : {}),
      customer_details: {
        address: {
          line1: input.to.address_line1 || undefined,
          line2: input.to.address_line2 || undefined,
          city: input.to.city || undefined,
          state: input.to.state || undefined,
          postal_code: input.to.postal_code,
          country: input.to.country,
        },
        address_source: 'shipping',
        ...(input.exempt ? { taxability_override: 'customer_exempt' as const } : {}),
      },
      ...(from ? { ship_from_details: { address: from } } : {}),
      expand: ['line_items', 'line_items.data.tax_breakdown'],
    });
  } catch (err) {
    if (isLocationError(err)) throw new HttpError(400, TAX_LOCATION_MESSAGE, 'tax_location');
    logError('checkout: tax calculation failed', err);
    throw new HttpError(502, 'Sales tax could not be worked out just now. Please try again.', 'payment_provider');
  }
  const items = [...(calculation.line_items?.data ?? []), ...(calculation.shipping_cost ? [calculation.shipping_cost] : [])];
  return { calculationId: calculation.id, taxCents: calculation.tax_amount_exclusive, breakdown: taxParts(items) };
}

/** Records the order's tax with Stripe from its calculation; the order reference makes a second call a no-op. */
export async function recordTaxTransaction(calculationId: string, reference: string): Promise<string> {
  const transaction = await stripe().tax.transactions.createFromCalculation(
    { calculation: calculationId, reference },
    { idempotencyKey: `tax-transaction-${reference}` },
  );
  return transaction.id;
}

/** Reverses a refund's share of the order's tax: a flat amount, the refund's own, spread by Stripe over the order. */
export async function reverseTaxForRefund(input: { transactionId: string; refundId: string; refundCents: number; fullRefund: boolean }): Promise<string> {
  const reversal = await stripe().tax.transactions.createReversal(
    input.fullRefund
      ? { mode: 'full', original_transaction: input.transactionId, reference: `refund-${input.refundId}` }
      : { mode: 'partial', original_transaction: input.transactionId, reference: `refund-${input.refundId}`, flat_amount: -input.refundCents },
    { idempotencyKey: `tax-reversal-${input.refundId}` },
  );
  return reversal.id;
}
