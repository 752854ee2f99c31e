// Shipping and sales tax at checkout, through the real routes as one browser, the Stripe stand-in (its Stripe Tax
// rate table) and the fulfilment: the PaymentIntent's amount is goods + shipping + tax to the cent for a taxed and a
// free-shipping order; a method that does not reach the address, an address outside every zone and a total the buyer
// did not see are refused; the order's tax is recorded with Stripe Tax and a refund reverses its share. (An exempt
// account and the minimum order: admin-shipping-settings.test.ts, where staff set them.) The file holds the shop
// settings lock, as it expects the seeded methods exactly.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));

import { POST as saveAddress } from '@/app/api/checkout/address/route';
import { POST as askDelivery } from '@/app/api/checkout/delivery/route';
import { POST as openCheckout } from '@/app/api/checkout/session/route';
import type { DeliveryQuote } from '@/lib/checkout/api';
import { db } from '@/lib/core/db';
import { fulfilPaymentIntent } from '@/lib/orders/fulfilment';
import { composeOrderMail } from '@/lib/orders/messages';
import { recordStripeRefunds } from '@/lib/orders/refunds';
import { reverseRefundedTax } from '@/lib/tax/record';
import { asRequest, browser, type Browser } from '../support/next-request';
import { ADDRESS, insertProducts, removeProducts, sdk, sql, type TestProducts } from './checkout-support';
import { holdShopSettings } from './shop-settings-lock';

const CHICAGO = { ...ADDRESS, address_line1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postal_code: '60606' };
const SAO_PAULO = { ...ADDRESS, address_line1: 'Av. Paulista 1000', city: 'São Paulo', state: 'SP', postal_code: '01310-100', country: 'BR' };

let p: TestProducts;
let methods: Record<string, string>;
let release: () => Promise<void>;

beforeAll(async () => {
  release = await holdShopSettings();
  p = await insertProducts();
  const rows = await sql<{ id: string; name: string }[]>`select id, name from shipping_methods where active`;
  methods = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});

afterAll(async () => {
  await release();
  await removeProducts(p);
  await sql.end();
  await db().end();
});

const post = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A checkout for `quantity` of the test ring's second stone ($24.50 each). */
async function open(who: Browser, quantity = 3) {
  const response = await asRequest(who, () =>
    openCheckout(post('/api/checkout/session', { lines: [{ productId: p.ring, quantity, specifications: { stoneType: 'stone2' } }] })),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { checkoutId: string; orderId: string; paymentIntentId: string; totalCents: number };
}

async function delivery(who: Browser, checkoutId: string, shipping: object, methodId: string | null = null) {
  const response = await asRequest(who, () => askDelivery(post('/api/checkout/delivery', { checkoutId, shipping, methodId })));
  return { status: response.status, body: (await response.json()) as { delivery?: DeliveryQuote; error?: string; code?: string } };
}

const save = (who: Browser, checkoutId: string, shipping: object, extra: Record<string, unknown> = {}) =>
  asRequest(who, () =>
    saveAddress(post('/api/checkout/address', { checkoutId, email: 'tax@buyer.example', sameAsShipping: true, shipping, ...extra })),
  );

const intentAmount = async (id: string) => (await sdk.paymentIntents.retrieve(id)).amount;

describe('shipping and tax at checkout', () => {
  it('charges goods + shipping + tax for Chicago, records the tax with Stripe Tax, and reverses a refund’s share', async () => {
    const who = browser();
    const session = await open(who);
    expect(session.totalCents).toBe(7350);
    const quoted = await delivery(who, session.checkoutId, CHICAGO);
    expect(quoted.status).toBe(200);
    const q = quoted.body.delivery!;
    expect(q.rates.map((r) => [r.name, r.cents])).toEqual([
      ['UPS Ground', 1500],
      ['UPS 2nd Day Air, insured', 4000],
    ]);
    expect(q).toMatchObject({ methodId: methods['UPS Ground'], goodsCents: 7350, shippingCents: 1500, taxExemptReason: null });
    // Chicago's 10.25% on the goods and the shipping (Illinois taxes shipping charged with taxable goods).
    expect(q.taxCents).toBeGreaterThanOrEqual(Math.floor(8850 * 0.1025) - 2);
    expect(q.taxCents).toBeLessThanOrEqual(Math.ceil(8850 * 0.1025) + 2);
    expect(q.taxBreakdown.reduce((s, part) => s + part.cents, 0)).toBe(q.taxCents);
    expect(q.taxBreakdown.map((part) => part.name)).toContain('Illinois');
    expect(q.totalCents).toBe(7350 + 1500 + q.taxCents);
    expect(await intentAmount(session.paymentIntentId)).toBe(q.totalCents);

    // 2nd Day Air instead: the PaymentIntent follows before the card is confirmed.
    const faster = (await delivery(who, session.checkoutId, CHICAGO, methods['UPS 2nd Day Air, insured'])).body.delivery!;
    expect(faster.shippingCents).toBe(4000);
    expect(await intentAmount(session.paymentIntentId)).toBe(faster.totalCents);

    // Paying what was shown: saved, then paid and fulfilled.
    const saved = await save(who, session.checkoutId, CHICAGO, { shippingMethodId: methods['UPS 2nd Day Air, insured'], expectedTotalCents: faster.totalCents });
    expect(saved.status).toBe(200);
    const paid = await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect(paid.amount_received).toBe(faster.totalCents);
    expect((await fulfilPaymentIntent(paid)).outcome).toBe('fulfilled');
    const [order] = await sql<{ total_amount: string; goods_cents: string; shipping_cents: string; shipping_method: string; tax_cents: string; tax_transaction_id: string | null }[]>`
      select total_amount, goods_cents, shipping_cents, shipping_method, tax_cents, tax_transaction_id from orders where id = ${session.orderId}`;
    expect(order).toMatchObject({
      total_amount: String(faster.totalCents),
      goods_cents: '7350',
      shipping_cents: '4000',
      shipping_method: 'UPS 2nd Day Air, insured',
      tax_cents: String(faster.taxCents),
    });
    const transaction = await sdk.tax.transactions.retrieve(order!.tax_transaction_id!);
    expect(transaction.reference).toMatch(/^AFJ-\d+$/);

    // A partial refund of a third of the payment: its share of the tax is noted and reversed with Stripe Tax.
    const refundCents = Math.round(faster.totalCents / 3);
    const refund = await sdk.refunds.create({ payment_intent: session.paymentIntentId, amount: refundCents });
    const charge = await sdk.charges.retrieve(refund.charge as string);
    await recordStripeRefunds(charge, [refund]);
    expect(await reverseRefundedTax(session.orderId)).toBe(true);
    const [row] = await sql<{ tax_cents: string; tax_reversal_id: string }[]>`
      select tax_cents, tax_reversal_id from transactions where provider_transaction_id = ${refund.id}`;
    expect(Number(row!.tax_cents)).toBe(Math.round((refundCents * faster.taxCents) / faster.totalCents));
    const reversal = await sdk.tax.transactions.retrieve(row!.tax_reversal_id);
    expect(reversal.type).toBe('reversal');
    // The refund mail says how much of it was tax, as the credit note does.
    const [mail] = await sql<{ id: number; payload: Record<string, unknown> }[]>`
      select id, payload from mail_outbox where order_id = ${session.orderId} and kind = 'refund'`;
    const composed = await composeOrderMail({ id: mail!.id, kind: 'refund', orderId: session.orderId, quoteId: null, to: 'tax@buyer.example', dedupeKey: 'x', payload: mail!.payload, attempts: 1 });
    expect(composed.text).toMatch(new RegExp(`of which sales tax\\s+\\$${(Number(row!.tax_cents) / 100).toFixed(2).replace('.', '\\.')}`));
  });

  it('gives free Ground shipping from $1,500 of goods', async () => {
    const who = browser();
    const session = await open(who, 62); // 62 × $24.50 = $1,519.00
    const q = (await delivery(who, session.checkoutId, ADDRESS)).body.delivery!;
    expect(q.rates[0]).toEqual({ methodId: methods['UPS Ground'], name: 'UPS Ground', cents: 0, free: true });
    // Virginia: the stand-in's table collects no tax there.
    expect(q).toMatchObject({ shippingCents: 0, taxCents: 0, totalCents: 151900 });
    expect(await intentAmount(session.paymentIntentId)).toBe(151900);
  });

  it('refuses an address outside every zone, a method that does not reach it, and a total the buyer did not see', async () => {
    const who = browser();
    const session = await open(who);
    const outside = await delivery(who, session.checkoutId, SAO_PAULO);
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ code: 'no_shipping_zone', error: expect.stringContaining("We don't ship to Brazil yet.") });
    const savedOutside = await save(who, session.checkoutId, SAO_PAULO);
    expect(savedOutside.status).toBe(400);
    expect(await intentAmount(session.paymentIntentId)).toBe(7350);

    const worldwide = await delivery(who, session.checkoutId, ADDRESS, methods['UPS Worldwide Saver, insured']);
    expect(worldwide.status).toBe(400);
    expect(worldwide.body.code).toBe('shipping_method');

    const stale = await save(who, session.checkoutId, CHICAGO, { expectedTotalCents: 7350 });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { code: string; error: string; details: { delivery: DeliveryQuote } };
    expect(body.code).toBe('total_changed');
    expect(body.error).toMatch(/^Your total is now \$\d+\.\d{2}, with shipping and tax for this address\./);
    // The PaymentIntent already asks for the new total, which the buyer now sees.
    expect(await intentAmount(session.paymentIntentId)).toBe(body.details.delivery.totalCents);

    const other = browser();
    expect((await delivery(other, session.checkoutId, CHICAGO)).status).toBe(404);
  });
});
