// Refunds of chosen lines and shipping with a reason (lib/admin/orders/refund.ts): the server prices what was chosen
// itself (with the tax of a taxed order), refuses more of a line than is left (409) without asking Stripe, stores the
// reason and what each refund credited (refund_lines), and the credit note lists exactly that, why, and closes with
// words that suit a credit. The amount path stays as it was.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refundOrderPayment } from '@/lib/admin/orders/actions';
import { emptyAddress } from '@/lib/checkout/address';
import { createCheckout, saveCheckoutAddresses } from '@/lib/checkout/server';
import { actorFor } from '@/lib/core/db/actor';
import { asServiceRole, withActor } from '@/lib/core/db';
import { formatCents } from '@/lib/core/format/money';
import { renderDocumentPdf } from '@/lib/documents/pdf';
import { readCreditNote } from '@/lib/documents/store';
import { fulfilPaymentIntent } from '@/lib/orders/fulfilment';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, newKey, type Callers } from './admin-support';
import { ADDRESS, insertProducts, removeProducts, sdk, sql, type TestProducts } from './checkout-support';
import { fulfilledOrder, pdfPages } from './documents-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let p: TestProducts;
let who: Callers;

beforeAll(async () => {
  p = await insertProducts();
  who = await callers();
});

afterAll(async () => {
  await removeProducts(p);
  await closeSupport();
});

interface OrderRow {
  shipping_cents: string;
  tax_cents: string;
  total_amount: string;
}

const orderOf = async (orderId: string) => (await sql<OrderRow[]>`select shipping_cents, tax_cents, total_amount from orders where id = ${orderId}`)[0]!;
/** The order's lines, the ring's first (both are written at one time, so their order is the products'). */
const itemsOf = (orderId: string) =>
  sql<{ id: string; quantity: number; unit_price: string; product_id: string }[]>`
    select id, quantity, unit_price, product_id from order_items where order_id = ${orderId}
     order by product_id = ${p.ring} desc, created_at, id`;
const refundsOf = (orderId: string) =>
  sql<{ id: string; amount: string; refund_reason: string | null; refund_note: string | null; tax_cents: string | null; provider_transaction_id: string }[]>`
    select id, amount, refund_reason, refund_note, tax_cents, provider_transaction_id from transactions
     where order_id = ${orderId} and kind = 'refund' order by created_at, id`;
const noteText = async (orderId: string, refundId: string) => {
  const [row] = await sql<{ number: string }[]>`select number from credit_notes where refund_id = ${refundId}`;
  const doc = (await asServiceRole((tx) => readCreditNote(tx, orderId, row!.number)))!;
  return { doc, text: (await pdfPages(await renderDocumentPdf(doc))).join(' ') };
};
const refund = (input: Parameters<typeof refundOrderPayment>[0]) => as(who.admin, () => refundOrderPayment(input));

/** The fixture order (ring stone 2 ×3, chain ×2) shipped to Chicago, where the stand-in charges sales tax. */
async function taxedOrder() {
  const session = await createCheckout({
    lines: [
      { productId: p.ring, quantity: 3, specifications: { stoneType: 'stone2' } },
      { productId: p.necklace, quantity: 2, specifications: { size: '20', style: 'necklace' } },
    ],
    userId: null,
  });
  await saveCheckoutAddresses({
    checkoutId: session.checkoutId,
    allowedCheckoutIds: [session.checkoutId],
    email: 'lines@buyer.example',
    addresses: { shipping: { ...ADDRESS, address_line1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postal_code: '60606' }, billing: emptyAddress(), sameAsShipping: true },
  });
  const paid = await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
  const result = await fulfilPaymentIntent(await sdk.paymentIntents.retrieve(paid.id));
  if (result.outcome !== 'fulfilled' && result.outcome !== 'already_fulfilled') throw new Error(`fulfilment: ${result.outcome}`);
  return { orderId: session.orderId, paymentIntentId: paid.id };
}

describe('refunds of chosen lines', () => {
  it('prices one line and the shipping on the server, with their tax, stores the reason and lists them on the credit note', async () => {
    const { orderId } = await taxedOrder();
    const order = await orderOf(orderId);
    expect(Number(order.tax_cents)).toBeGreaterThan(0);
    expect(Number(order.shipping_cents)).toBeGreaterThan(0);
    const [ring] = await itemsOf(orderId);
    const net = Number(ring!.unit_price) + Number(order.shipping_cents);
    const untaxed = Number(order.total_amount) - Number(order.tax_cents);
    const tax = Math.floor((2 * net * Number(order.tax_cents) + untaxed) / (2 * untaxed));

    const result = await refund({
      orderId,
      lines: [{ itemId: ring!.id, quantity: 1 }],
      shippingCents: Number(order.shipping_cents),
      reason: 'damaged',
      note: 'The clasp arrived bent',
      idempotencyKey: newKey(),
    });
    expect(result).toMatchObject({ ok: true, data: { amountCents: net + tax, status: 'processing' } });
    const [row] = await refundsOf(orderId);
    expect(row).toMatchObject({ amount: String(net + tax), refund_reason: 'damaged', refund_note: 'The clasp arrived bent', tax_cents: String(tax) });
    expect(await sql`select kind, order_item_id, quantity, amount_cents from refund_lines where refund_id = ${row!.id} order by kind`).toEqual([
      { kind: 'item', order_item_id: ring!.id, quantity: 1, amount_cents: ring!.unit_price },
      { kind: 'shipping', order_item_id: null, quantity: null, amount_cents: order.shipping_cents },
    ]);
    // Stripe was asked for the server's sum.
    expect((await sdk.refunds.retrieve(row!.provider_transaction_id)).amount).toBe(net + tax);

    const { doc, text } = await noteText(orderId, row!.id);
    expect(doc.snapshot.lines.map((l) => [l.name, l.quantity, l.lineTotalCents])).toEqual([['Checkout Ring', 1, Number(ring!.unit_price)]]);
    for (const expected of [
      'Checkout Ring',
      `Shipping 1 ${formatCents(Number(order.shipping_cents))}`,
      `Sales tax credited -${formatCents(tax)}`,
      `Amount credited -${formatCents(net + tax)}`,
      'Reason: Damaged. The clasp arrived bent.',
      `This credit note records a refund of ${formatCents(net + tax)} to your original payment.`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Exactly what was credited: not the chain, not the invoice's closing words.
    expect(text).not.toContain('Checkout Chain');
    expect(text).not.toContain('Thank you for your order');

    // The buyer's refund mail is queued for the note.
    const [mail] = await sql<{ payload: { creditNoteId: string; amountCents: number } }[]>`
      select payload from mail_outbox where order_id = ${orderId} and kind = 'refund'`;
    expect(mail!.payload).toMatchObject({ creditNoteId: doc.id, amountCents: net + tax });
  });

  it('refuses more of a line than is left with 409, asking Stripe nothing and recording nothing', async () => {
    const { orderId, paymentIntentId } = await fulfilledOrder(p);
    const [ring] = await itemsOf(orderId);
    expect(await refund({ orderId, lines: [{ itemId: ring!.id, quantity: 2 }], shippingCents: 0, reason: 'returned', idempotencyKey: newKey() })).toMatchObject({ ok: true });
    const stripeBefore = (await sdk.refunds.list({ payment_intent: paymentIntentId })).data.length;

    const tooMany = await refund({ orderId, lines: [{ itemId: ring!.id, quantity: 2 }], shippingCents: 0, reason: 'returned', idempotencyKey: newKey() });
    expect(tooMany).toMatchObject({ ok: false, status: 409, error: 'Only 1 of Checkout Ring can still be refunded.' });
    expect((await sdk.refunds.list({ payment_intent: paymentIntentId })).data.length).toBe(stripeBefore);
    expect(await refundsOf(orderId)).toHaveLength(1);

    // A line of another order is not this order's to refund.
    const other = await fulfilledOrder(p);
    const [foreign] = await itemsOf(other.orderId);
    expect(await refund({ orderId, lines: [{ itemId: foreign!.id, quantity: 1 }], shippingCents: 0, reason: 'other', idempotencyKey: newKey() })).toMatchObject({
      ok: false,
      status: 409,
      error: 'One of the chosen lines is not on this order.',
    });
    // The last one goes; then the line is done.
    expect(await refund({ orderId, lines: [{ itemId: ring!.id, quantity: 1 }], shippingCents: 0, reason: 'returned', idempotencyKey: newKey() })).toMatchObject({ ok: true });
    expect(await refund({ orderId, lines: [{ itemId: ring!.id, quantity: 1 }], shippingCents: 0, reason: 'returned', idempotencyKey: newKey() })).toMatchObject({
      ok: false,
      status: 409,
      error: 'Checkout Ring has already been refunded in full.',
    });
    // The table refuses it too, whoever writes.
    const [last] = await refundsOf(orderId);
    await expect(sql`insert into refund_lines (refund_id, order_id, kind, order_item_id, quantity, amount_cents)
                     values (${last!.id}, ${orderId}, 'item', ${ring!.id}, 1, 100)`).rejects.toThrow('More of this line would be refunded than was bought.');
  });

  it('asks for a reason with lines, and for lines or an amount, not both', async () => {
    const { orderId } = await fulfilledOrder(p);
    const [ring] = await itemsOf(orderId);
    const lines = [{ itemId: ring!.id, quantity: 1 }];
    expect(await refund({ orderId, lines, shippingCents: 0, idempotencyKey: newKey() })).toMatchObject({ ok: false, status: 400, fieldErrors: { reason: 'Choose a reason for the refund.' } });
    // An amount sent beside the lines is never taken: the request is refused.
    expect(await refund({ orderId, lines, shippingCents: 0, amountCents: 1, reason: 'goodwill', idempotencyKey: newKey() })).toMatchObject({ ok: false, status: 400 });
    expect(await refund({ orderId, reason: 'goodwill', note: 'bad\u0007note', lines, shippingCents: 0, idempotencyKey: newKey() })).toMatchObject({ ok: false, status: 400 });
    expect(await refundsOf(orderId)).toHaveLength(0);
  });

  it('keeps the amount path: a free amount with a reason is one line naming it; without one, a plain Refund line', async () => {
    const { orderId } = await fulfilledOrder(p);
    expect(await refund({ orderId, amountCents: 1_250, reason: 'goodwill', idempotencyKey: newKey() })).toMatchObject({ ok: true, data: { amountCents: 1_250 } });
    expect(await refund({ orderId, amountCents: 750, idempotencyKey: newKey() })).toMatchObject({ ok: true, data: { amountCents: 750 } });
    const [withReason, without] = await refundsOf(orderId);
    expect([withReason!.refund_reason, without!.refund_reason]).toEqual(['goodwill', null]);
    const first = await noteText(orderId, withReason!.id);
    expect(first.text).toContain('Refund: Goodwill 1 $12.50');
    expect(first.text).toContain('Reason: Goodwill.');
    expect(first.text).not.toContain('Checkout Ring');
    const second = await noteText(orderId, without!.id);
    expect(second.text).toContain('Refund 1 $7.50');
    expect(second.text).not.toContain('Reason:');
  });

  it('shows a buyer their own refund lines and nobody else’s', async () => {
    const [customer] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
    const mine = await fulfilledOrder(p, customer!.id);
    const theirs = await fulfilledOrder(p);
    for (const o of [mine, theirs]) {
      const [line] = await itemsOf(o.orderId);
      expect(await refund({ orderId: o.orderId, lines: [{ itemId: line!.id, quantity: 1 }], shippingCents: 0, reason: 'wrong_item', idempotencyKey: newKey() })).toMatchObject({ ok: true });
    }
    const seen = await withActor(actorFor({ id: customer!.id }), (tx) =>
      tx<{ order_id: string }[]>`select order_id from public.refund_lines where order_id in (${mine.orderId}, ${theirs.orderId})`);
    expect(seen.map((r) => r.order_id)).toEqual([mine.orderId]);
    // Only admins write them.
    const [refundRow] = await refundsOf(mine.orderId);
    const [line] = await itemsOf(mine.orderId);
    await expect(
      withActor(actorFor({ id: customer!.id }), (tx) => tx`insert into public.refund_lines (refund_id, order_id, kind, order_item_id, quantity, amount_cents)
        values (${refundRow!.id}, ${mine.orderId}, 'item', ${line!.id}, 1, 1)`),
    ).rejects.toThrow(/row-level security/);
  });
});
