// Stripe Tax in the Stripe stand-in, driven through the real `stripe` SDK: calculations from the stand-in's own
// rate table (exact cents and breakdowns), the errors Stripe answers, transactions and their reversals.
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createStripeClient } from '@/lib/payments/client';

const sdk = createStripeClient({ secretKey: process.env.STRIPE_SECRET_KEY!, apiBase: process.env.STRIPE_API_BASE });
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const CHICAGO = { line1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' };

/** Three rings at $19.99 and a necklace at $45.50, shipped for $15.00. */
function order(address: Stripe.Tax.CalculationCreateParams.CustomerDetails.Address = CHICAGO, extra: Partial<Stripe.Tax.CalculationCreateParams.CustomerDetails> = {}) {
  return sdk.tax.calculations.create({
    currency: 'usd',
    line_items: [
      { amount: 5997, quantity: 3, reference: 'ring', tax_code: 'txcd_99999999', tax_behavior: 'exclusive' },
      { amount: 4550, quantity: 1, reference: 'necklace', tax_code: 'txcd_99999999', tax_behavior: 'exclusive' },
    ],
    shipping_cost: { amount: 1500 },
    customer_details: { address, address_source: 'shipping', ...extra },
  });
}

async function refusal(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(Stripe.errors.StripeError);
  return err as Stripe.errors.StripeError;
}

describe('tax calculations', () => {
  it('taxes a Chicago order per line per jurisdiction (10.25 %), shipping included', async () => {
    const calc = await order();
    expect(calc).toMatchObject({
      object: 'tax.calculation',
      currency: 'usd',
      livemode: false,
      line_items: null,
      tax_amount_exclusive: 1236, // ring 615 + necklace 467 + shipping 154
      tax_amount_inclusive: 0,
      amount_total: 5997 + 4550 + 1500 + 1236,
      customer_details: { address: { ...CHICAGO, line2: null }, address_source: 'shipping', taxability_override: 'none', tax_ids: [] },
    });
    expect(calc.id).toMatch(/^taxcalc_/);
    expect(calc.expires_at! - calc.tax_date).toBe(90 * 24 * 3600);
    expect(calc.tax_breakdown).toEqual([
      {
        amount: 1236,
        inclusive: false,
        tax_rate_details: { country: 'US', flat_amount: null, percentage_decimal: '10.25', rate_type: 'percentage', state: 'IL', tax_type: 'sales_tax' },
        taxability_reason: 'standard_rated',
        taxable_amount: 12047,
      },
    ]);
    expect(calc.shipping_cost).toMatchObject({ amount: 1500, amount_tax: 154, tax_behavior: 'exclusive', tax_code: 'txcd_92010001' });
    expect(calc.shipping_cost!.tax_breakdown!.map((b) => [b.jurisdiction.level, b.tax_rate_details!.percentage_decimal, b.amount])).toEqual([
      ['state', '6.25', 94], ['county', '1.75', 26], ['city', '1.25', 19], ['district', '1.0', 15],
    ]);
    expect(await sdk.tax.calculations.retrieve(calc.id!)).toMatchObject({ id: calc.id, amount_total: calc.amount_total });
  });

  it('expands line items, and their per-jurisdiction breakdown on request', async () => {
    const calc = await sdk.tax.calculations.create({
      currency: 'usd',
      line_items: [{ amount: 5997, reference: 'ring' }, { amount: 4550, reference: 'necklace' }],
      customer_details: { address: CHICAGO, address_source: 'shipping' },
      expand: ['line_items'],
    });
    expect(calc.line_items!.data.map((l) => [l.object, l.reference, l.amount, l.amount_tax, l.tax_code, l.tax_behavior])).toEqual([
      ['tax.calculation_line_item', 'ring', 5997, 615, 'txcd_99999999', 'exclusive'],
      ['tax.calculation_line_item', 'necklace', 4550, 467, 'txcd_99999999', 'exclusive'],
    ]);
    expect(calc.line_items!.data[0]!.id).toMatch(/^tax_li_/);
    expect(calc.line_items!.data[0]!.tax_breakdown).toBeUndefined();
    const lines = await sdk.tax.calculations.listLineItems(calc.id!, { expand: ['data.tax_breakdown'] });
    expect(lines.data[1]!.tax_breakdown!.map((b) => [b.jurisdiction.display_name, b.amount, b.taxable_amount, b.taxability_reason])).toEqual([
      ['Illinois', 284, 4550, 'standard_rated'],
      ['Cook County', 80, 4550, 'standard_rated'],
      ['Chicago', 57, 4550, 'standard_rated'],
      ['Regional Transportation Authority', 46, 4550, 'standard_rated'],
    ]);
  });

  it('charges no tax to an exempt customer', async () => {
    const calc = await order(CHICAGO, { taxability_override: 'customer_exempt' });
    expect(calc.tax_amount_exclusive).toBe(0);
    expect(calc.amount_total).toBe(5997 + 4550 + 1500);
    expect(calc.tax_breakdown).toEqual([expect.objectContaining({ amount: 0, taxability_reason: 'customer_exempt', taxable_amount: 0 })]);
    expect(calc.customer_details.taxability_override).toBe('customer_exempt');
  });

  it('collects nothing in a state or country outside the table', async () => {
    const ohio = await order({ line1: '1 Main St', city: 'Columbus', state: 'OH', postal_code: '43215', country: 'US' });
    expect(ohio.tax_amount_exclusive).toBe(0);
    expect(ohio.tax_breakdown).toEqual([
      expect.objectContaining({ amount: 0, taxability_reason: 'not_collecting', tax_rate_details: expect.objectContaining({ state: 'OH', percentage_decimal: '0.0' }) }),
    ]);
    const uk = await order({ line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' });
    expect(uk.tax_breakdown).toEqual([expect.objectContaining({ amount: 0, taxability_reason: 'not_collecting' })]);
  });

  it('leaves shipping untaxed in California and takes tax out of inclusive prices in New York City', async () => {
    const la = await order({ line1: '1 Grand Ave', city: 'Los Angeles', state: 'CA', postal_code: '90012', country: 'US' });
    expect(la.shipping_cost).toMatchObject({ amount_tax: 0 });
    expect(la.tax_amount_exclusive).toBe(570 + 432); // 9.5 %: 5997 → 435 + 135, 4550 → 330 + 102
    expect(la.tax_breakdown.map((b) => [b.taxability_reason, b.tax_rate_details.percentage_decimal, b.amount])).toEqual([
      ['standard_rated', '9.5', 1002], ['product_exempt', '0.0', 0],
    ]);
    const nyc = await sdk.tax.calculations.create({
      currency: 'usd',
      line_items: [{ amount: 10000, reference: 'gift', tax_behavior: 'inclusive' }],
      customer_details: { address: { line1: '350 5th Ave', city: 'New York', state: 'NY', postal_code: '10118', country: 'US' } },
    });
    // 10000 ÷ 1.08875 = 9185 taxable; 815 tax: city 413, district 34, state 367 + the rounding cent.
    expect(nyc).toMatchObject({ amount_total: 10000, tax_amount_exclusive: 0, tax_amount_inclusive: 815 });
    expect(nyc.tax_breakdown).toEqual([expect.objectContaining({ inclusive: true, amount: 815, taxable_amount: 9185 })]);
  });

  it('refuses an address Stripe cannot place', async () => {
    for (const address of [
      { ...CHICAGO, postal_code: '90012' }, // a California code in Illinois
      { ...CHICAGO, postal_code: '' },
      { ...CHICAGO, country: 'XX' },
    ]) {
      const err = await refusal(order(address));
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err).toMatchObject({ statusCode: 400, code: 'customer_tax_location_invalid', type: 'StripeInvalidRequestError' });
    }
  });

  it('answers missing parameters and unknown ids as Stripe does', async () => {
    const noCurrency = await refusal(sdk.tax.calculations.create({ line_items: [{ amount: 100 }] } as Stripe.Tax.CalculationCreateParams));
    expect(noCurrency).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'currency' });
    const noLines = await refusal(sdk.tax.calculations.create({ currency: 'usd', customer_details: { address: CHICAGO } } as Stripe.Tax.CalculationCreateParams));
    expect(noLines).toMatchObject({ code: 'parameter_missing', param: 'line_items' });
    const twice = await refusal(sdk.tax.calculations.create({
      currency: 'usd', line_items: [{ amount: 1, reference: 'a' }, { amount: 2, reference: 'a' }], customer_details: { address: CHICAGO },
    }));
    expect(twice).toMatchObject({ statusCode: 400, param: 'line_items[1][reference]' });
    expect(await refusal(sdk.tax.calculations.retrieve('taxcalc_nope'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await refusal(sdk.tax.transactions.retrieve('tax_nope'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const unknownCalc = await refusal(sdk.tax.transactions.createFromCalculation({ calculation: 'taxcalc_nope', reference: unique('x') }));
    expect(unknownCalc).toMatchObject({ code: 'resource_missing', param: 'calculation' });
  });
});

describe('tax transactions', () => {
  async function committed() {
    const calc = await order();
    const reference = unique('AFJ');
    const tx = await sdk.tax.transactions.createFromCalculation({ calculation: calc.id!, reference, expand: ['line_items'] });
    return { calc, tx, reference };
  }

  it('records a calculation once per reference', async () => {
    const { calc, tx, reference } = await committed();
    expect(tx).toMatchObject({ object: 'tax.transaction', type: 'transaction', reference, reversal: null, currency: 'usd', livemode: false });
    expect(tx.id).toMatch(/^tax_/);
    expect(tx.shipping_cost).toEqual({ amount: 1500, amount_tax: 154, tax_behavior: 'exclusive', tax_code: 'txcd_92010001' });
    expect(tx.line_items!.data.map((l) => [l.object, l.type, l.reference, l.amount, l.amount_tax])).toEqual([
      ['tax.transaction_line_item', 'transaction', 'ring', 5997, 615],
      ['tax.transaction_line_item', 'transaction', 'necklace', 4550, 467],
    ]);
    expect((await sdk.tax.transactions.retrieve(tx.id)).line_items).toBeNull();
    expect((await sdk.tax.transactions.listLineItems(tx.id)).data).toHaveLength(2);
    const again = await refusal(sdk.tax.transactions.createFromCalculation({ calculation: calc.id!, reference }));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ statusCode: 400, param: 'reference' });
  });

  it('reverses one line, then refuses to reverse more than is left', async () => {
    const { tx, reference } = await committed();
    const ring = tx.line_items!.data[0]!;
    const partial = await sdk.tax.transactions.createReversal({
      mode: 'partial',
      original_transaction: tx.id,
      reference: `${reference}-refund-1`,
      line_items: [{ amount: -5997, amount_tax: -615, original_line_item: ring.id, reference: 'ring-refund', quantity: 3 }],
      expand: ['line_items'],
    });
    expect(partial).toMatchObject({ type: 'reversal', reversal: { original_transaction: tx.id }, shipping_cost: null });
    expect(partial.line_items!.data).toEqual([
      expect.objectContaining({ type: 'reversal', amount: -5997, amount_tax: -615, reversal: { original_line_item: ring.id }, reference: 'ring-refund' }),
    ]);
    const more = await refusal(sdk.tax.transactions.createReversal({
      mode: 'partial', original_transaction: tx.id, reference: `${reference}-refund-2`,
      line_items: [{ amount: -1, amount_tax: 0, original_line_item: ring.id, reference: 'ring-again' }],
    }));
    expect(more).toMatchObject({ statusCode: 400, param: 'line_items[0][amount]' });
    const shipping = await refusal(sdk.tax.transactions.createReversal({
      mode: 'partial', original_transaction: tx.id, reference: `${reference}-refund-3`, shipping_cost: { amount: -1500, amount_tax: -155 },
    }));
    expect(shipping).toMatchObject({ param: 'shipping_cost[amount_tax]' });
    const full = await refusal(sdk.tax.transactions.createReversal({ mode: 'full', original_transaction: tx.id, reference: `${reference}-refund-4` }));
    expect(full).toMatchObject({ statusCode: 400, param: 'mode' });
  });

  it('reverses a whole transaction, and nothing after it', async () => {
    const { tx, reference } = await committed();
    const full = await sdk.tax.transactions.createReversal({ mode: 'full', original_transaction: tx.id, reference: `${reference}-void`, expand: ['line_items'] });
    expect(full.shipping_cost).toMatchObject({ amount: -1500, amount_tax: -154 });
    expect(full.line_items!.data.map((l) => [l.amount, l.amount_tax, l.reversal!.original_line_item])).toEqual([
      [-5997, -615, tx.line_items!.data[0]!.id],
      [-4550, -467, tx.line_items!.data[1]!.id],
    ]);
    const flat = await refusal(sdk.tax.transactions.createReversal({ mode: 'partial', original_transaction: tx.id, reference: `${reference}-late`, flat_amount: -100 }));
    expect(flat).toMatchObject({ statusCode: 400, param: 'flat_amount' });
    const dup = await refusal(sdk.tax.transactions.createReversal({ mode: 'full', original_transaction: tx.id, reference: `${reference}-void` }));
    expect(dup).toMatchObject({ param: 'reference' });
  });

  it('spreads a flat reversal (tax included) over the lines and shipping', async () => {
    const { tx, reference } = await committed();
    const flat = await sdk.tax.transactions.createReversal({ mode: 'partial', original_transaction: tx.id, reference: `${reference}-flat`, flat_amount: -1000, expand: ['line_items'] });
    const lines = flat.line_items!.data.reduce((s, l) => s + l.amount + l.amount_tax, 0);
    expect(lines + flat.shipping_cost!.amount + flat.shipping_cost!.amount_tax).toBe(-1000);
    expect(flat.line_items!.data.every((l) => l.amount < 0 && l.amount_tax < 0)).toBe(true);
  });
});
