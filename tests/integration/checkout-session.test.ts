// Starting a checkout on the real schema with the real Stripe SDK against the stand-in: the charge is always the
// server's price, whatever the browser sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, withActor } from '@/lib/core/db';
import { CheckoutError, EMPTY_CART_MESSAGE } from '@/lib/checkout/errors';
import { checkoutRequestSchema } from '@/lib/checkout/lines';
import { createCheckout, saveCheckoutAddresses } from '@/lib/checkout/server';
import { emptyAddress } from '@/lib/checkout/address';
import { saveAddressesSchema } from '@/lib/checkout/address-schema';

const BUYER_EMAIL = 'buyer@shop.example';
import { ADDRESS, insertProducts, sdk, sql, type TestProducts, removeProducts } from './checkout-support';

let p: TestProducts;
beforeAll(async () => {
  p = await insertProducts();
});
afterAll(async () => {
  await removeProducts(p);
  await sql.end();
  await db().end();
});

const countCheckouts = async () => (await sql<{ n: number }[]>`select count(*)::int as n from checkout_sessions`)[0]!.n;

async function expectRefused(promise: Promise<unknown>, code: string, status: number) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CheckoutError);
  expect((err as CheckoutError).code).toBe(code);
  expect((err as CheckoutError).status).toBe(status);
  return err as CheckoutError;
}

describe('createCheckout', () => {
  it('refuses a quantity below the MOQ with 422 and starts no payment (the cart never sends one)', async () => {
    const before = await sql<{ n: number }[]>`select count(*)::int as n from checkout_sessions`;
    const request = checkoutRequestSchema.parse({ lines: [{ productId: p.ring, quantity: 1, specifications: {} }] });
    await expect(createCheckout({ lines: request.lines, userId: null })).rejects.toMatchObject({ status: 422, code: 'quantity_not_allowed' });
    expect(await sql<{ n: number }[]>`select count(*)::int as n from checkout_sessions`).toEqual(before);
  });

  it('prices volume breaks from the product row and refuses part packs: a tampered cart gains nothing', async () => {
    const tag = `BRK-${Date.now().toString(36)}`;
    const [ring] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, moq, pack_size, price_stone1, price_breaks)
      values ('Break Band', ${tag}, 'silver', 6, 6, 10, ${sql.json([{ minQuantity: 24, percentOff: 10 }])}) returning id`;
    try {
      // The cart claims the break and a better price at 12 pieces: the server charges 12 × $10.00.
      const claimed = checkoutRequestSchema.parse({
        lines: [{ productId: ring!.id, quantity: 12, percentOff: 50, unitPriceCents: 100, specifications: { priceBreaks: [{ minQuantity: 1, percentOff: 90 }] } }],
      });
      expect((await createCheckout({ lines: claimed.lines, userId: null })).totalCents).toBe(12_000);
      // 24 pieces over two lines of the same product reach the break: 10 % off each unit.
      const mixed = checkoutRequestSchema.parse({
        lines: [
          { productId: ring!.id, quantity: 12, specifications: {} },
          { productId: ring!.id, quantity: 12, specifications: { stoneType: 'stone1' } },
        ],
      });
      const session = await createCheckout({ lines: mixed.lines, userId: null });
      expect(session.lines.map((l) => [l.unitPriceCents, l.percentOff])).toEqual([[900, 10], [900, 10]]);
      expect(session.totalCents).toBe(24 * 900);
      // 7 of a six-pack: refused, and no payment starts.
      const before = await countCheckouts();
      const seven = checkoutRequestSchema.parse({ lines: [{ productId: ring!.id, quantity: 7, specifications: {} }] });
      await expectRefused(createCheckout({ lines: seven.lines, userId: null }), 'quantity_not_allowed', 422);
      expect(await countCheckouts()).toBe(before);
    } finally {
      await sql`delete from rings where id = ${ring!.id}`;
    }
  });

  it('charges the server price: browser prices are dropped', async () => {
    const request = checkoutRequestSchema.parse({
      lines: [
        { productId: p.ring, quantity: 3, price: 0.01, selectedPrice: 0.01, specifications: { stoneType: 'stone2', price: 0.01 } },
        { productId: p.necklace, quantity: 2, unitPriceCents: 1, specifications: { size: '20', style: 'necklace' } },
      ],
      amount: 1,
    });
    const session = await createCheckout({ lines: request.lines, userId: null });
    const expected = 2450 * 3 + 4825 * 2;
    expect(session.totalCents).toBe(expected);
    expect(session.lines.map((l) => [l.quantity, l.unitPriceCents])).toEqual([
      [3, 2450],
      [2, 4825],
    ]);

    const pi = await sdk.paymentIntents.retrieve(session.paymentIntentId);
    expect(pi.amount).toBe(expected);
    expect(pi.currency).toBe('usd');
    expect(pi.allowed_payment_method_types).toEqual(['card']);
    expect(pi.metadata).toEqual({ checkout_id: session.checkoutId, order_id: session.orderId });
    expect(session.clientSecret).toBe(pi.client_secret);

    const [row] = await sql<{ amount: string; payment_intent_id: string; order_id: string; status: string; user_id: string | null }[]>`
      select amount, payment_intent_id, order_id, status, user_id from checkout_sessions where id = ${session.checkoutId}`;
    expect(row).toEqual({
      amount: String(expected),
      payment_intent_id: pi.id,
      order_id: session.orderId,
      status: 'open',
      user_id: null,
    });
  });

  it('refuses an unknown product, an unpriced option and an empty cart without creating a PaymentIntent', async () => {
    const before = await countCheckouts();
    await expectRefused(
      createCheckout({ lines: [{ productId: crypto.randomUUID(), quantity: 1, specifications: {} }], userId: null }),
      'unknown_product',
      422,
    );
    await expectRefused(
      createCheckout({ lines: [{ productId: p.necklace, quantity: 1, specifications: { size: '30', style: 'necklace' } }], userId: null }),
      'option_unavailable',
      422,
    );
    const empty = await expectRefused(createCheckout({ lines: [], userId: null }), 'empty_cart', 400);
    expect(empty.message).toBe(EMPTY_CART_MESSAGE);
    expect(await countCheckouts()).toBe(before);
  });

  it('saves addresses onto the checkout and the PaymentIntent, for the browser that started it only', async () => {
    const session = await createCheckout({ lines: [{ productId: p.ring, quantity: 3, specifications: {} }], userId: null });
    const addresses = { shipping: ADDRESS, billing: emptyAddress(), sameAsShipping: true };
    await expectRefused(
      saveCheckoutAddresses({ checkoutId: session.checkoutId, allowedCheckoutIds: [], email: BUYER_EMAIL, addresses }),
      'not_found',
      404,
    );
    const invalid = await expectRefused(
      saveCheckoutAddresses({
        checkoutId: session.checkoutId,
        allowedCheckoutIds: [session.checkoutId],
        email: BUYER_EMAIL,
        addresses: { ...addresses, shipping: { ...ADDRESS, phone: 'call me' } },
      }),
      'invalid_address',
      400,
    );
    expect(invalid.message).toBe('Please fix the errors in your address information.');
    expect(invalid.details).toEqual({ shipping: { phone: 'Please enter a valid phone number' }, billing: {} });

    await saveCheckoutAddresses({ checkoutId: session.checkoutId, allowedCheckoutIds: [session.checkoutId], email: BUYER_EMAIL, addresses });
    const [row] = await sql<{ shipping_address: unknown; billing_address: unknown; email: string }[]>`
      select shipping_address, billing_address, email from checkout_sessions where id = ${session.checkoutId}`;
    expect(row!.shipping_address).toEqual(ADDRESS);
    expect(row!.billing_address).toEqual(ADDRESS);
    expect(row!.email).toBe(BUYER_EMAIL);
    const pi = await sdk.paymentIntents.retrieve(session.paymentIntentId);
    expect(pi.shipping?.name).toBe('Grace Hopper');
    expect(pi.shipping?.address?.postal_code).toBe('22201');
    // Stripe sends its own receipt there too.
    expect(pi.receipt_email).toBe(BUYER_EMAIL);
  });

  it('takes one e-mail address on one line, as the form says', () => {
    const body = (email: unknown) => ({ checkoutId: crypto.randomUUID(), email, shipping: ADDRESS });
    expect(saveAddressesSchema.safeParse(body(' buyer@shop.example ')).data?.email).toBe('buyer@shop.example');
    for (const [email, message] of [
      ['', 'Email address is required'],
      ['   ', 'Email address is required'],
      ['not-an-address', 'Please enter a valid email address'],
      ['a@b.example\r\nBcc: victim@example.test', 'Email address must not contain control characters'],
      ['Buyer <buyer@shop.example>', 'Please enter a valid email address'],
      ['one@shop.example, two@shop.example', 'Please enter a valid email address'],
    ] as const) {
      const parsed = saveAddressesSchema.safeParse(body(email));
      expect(parsed.success, email).toBe(false);
      expect(parsed.error!.issues[0]!.message, email).toBe(message);
    }
    expect(saveAddressesSchema.safeParse({ checkoutId: crypto.randomUUID(), shipping: ADDRESS }).success).toBe(false);
  });

  it('keeps checkout records away from the API roles', async () => {
    for (const actor of [{ role: 'anon' as const }, { role: 'authenticated' as const, userId: crypto.randomUUID() }]) {
      await expect(withActor(actor, (tx) => tx`select id from checkout_sessions limit 1`, sql)).rejects.toThrow(/permission denied/);
      await expect(
        withActor(actor, (tx) => tx`insert into checkout_sessions (lines, amount) values ('[{}]', 100)`, sql),
      ).rejects.toThrow(/permission denied/);
    }
  });
});
