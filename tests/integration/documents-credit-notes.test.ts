// Credit notes for partial refunds, made by an admin (the refund action) and in Stripe's dashboard (the webhook):
// each succeeded refund gets one credit note CN-{year}-…, for its amount, against the order's invoice, with what
// remains paid after it; its PDF says so (a refund of an amount as one line); it never changes once issued.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refundOrderPayment } from '@/lib/admin/orders/actions';
import { asServiceRole } from '@/lib/core/db';
import { env } from '@/lib/core/env';
import { yearIn } from '@/lib/core/format/date';
import { formatCents } from '@/lib/core/format/money';
import { renderDocumentPdf } from '@/lib/documents/pdf';
import { readCreditNote } from '@/lib/documents/store';
import { as } from './admin-request';
import { callers, closeSupport, newKey, type Callers } from './admin-support';
import { insertProducts, sdk, setDelivery, sql, startWebhookEndpoint, waitForDeliveries, type TestProducts, type WebhookEndpoint, removeProducts, restoreDelivery } from './checkout-support';
import { fulfilledOrder, invoiceOf, pdfPages } from './documents-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let p: TestProducts;
let who: Callers;
let endpoint: WebhookEndpoint;

beforeAll(async () => {
  p = await insertProducts();
  who = await callers();
  // Stripe's refund events reach the app's webhook route, in this process.
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100, 200, 400] });
});

afterAll(async () => {
  await removeProducts(p);
  await waitForDeliveries();
  await restoreDelivery();
  await endpoint.close();
  await closeSupport();
});

interface NoteRow {
  number: string;
  amount: string;
  invoice_id: string | null;
  refund_id: string;
  snapshot: { refund: { amountCents: number; invoiceNumber: string | null; remainingCents: number; reference: string }; totalCents: number };
}

const notesOf = (orderId: string) =>
  sql<NoteRow[]>`select number, amount, invoice_id, refund_id, snapshot from credit_notes where order_id = ${orderId} order by issued_at, number`;

describe('credit notes', () => {
  it('documents an admin’s partial refunds, one note each, with the amount and what remains paid', async () => {
    const order = await fulfilledOrder(p);
    await waitForDeliveries();
    const invoice = (await invoiceOf(order.orderId))!;
    const first = await as(who.admin, () => refundOrderPayment({ orderId: order.orderId, amountCents: 2_500, idempotencyKey: newKey() }));
    expect(first).toMatchObject({ ok: true });
    // The same refund heard again from Stripe's webhook documents nothing twice.
    await waitForDeliveries();
    const second = await as(who.admin, () => refundOrderPayment({ orderId: order.orderId, amountCents: 4_000, idempotencyKey: newKey() }));
    expect(second).toMatchObject({ ok: true });
    await waitForDeliveries();

    const notes = await notesOf(order.orderId);
    expect(notes).toHaveLength(2);
    const year = yearIn(new Date(), env().SHOP_TIME_ZONE);
    for (const note of notes) expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
    expect(notes.map((n) => [n.amount, n.invoice_id, n.snapshot.refund.invoiceNumber, n.snapshot.refund.remainingCents])).toEqual([
      ['2500', invoice.id, invoice.number, order.totalCents - 2_500],
      ['4000', invoice.id, invoice.number, order.totalCents - 2_500 - 4_000],
    ]);
    // Each note documents its own refund transaction.
    const refunds = await sql<{ id: string; amount: string }[]>`
      select id, amount from transactions where order_id = ${order.orderId} and kind = 'refund' order by created_at, id`;
    expect(notes.map((n) => n.refund_id)).toEqual(refunds.map((r) => r.id));

    const doc = (await asServiceRole((tx) => readCreditNote(tx, order.orderId, notes[1]!.number)))!;
    const text = (await pdfPages(await renderDocumentPdf(doc))).join(' ');
    for (const expected of [
      'Credit note',
      notes[1]!.number,
      `Credits invoice ${invoice.number}`,
      // The order's total: its goods ($170.00), shipping and tax.
      `Invoice total ${formatCents(order.totalCents)}`,
      'Amount credited -$40.00',
      `Remaining paid ${formatCents(order.totalCents - 6_500)}`,
      `Refund reference: ${notes[1]!.snapshot.refund.reference}`,
      // A refund of an amount credits one line of it, not the invoice's lines again, and closes as a credit.
      'Refund 1 $40.00 $40.00',
      'This credit note records a refund of $40.00 to your original payment.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Checkout Ring');
  });

  it('documents a partial refund made in Stripe’s dashboard, from the webhook', async () => {
    const order = await fulfilledOrder(p);
    await waitForDeliveries();
    const invoice = (await invoiceOf(order.orderId))!;
    const refund = await sdk.refunds.create({ payment_intent: order.paymentIntentId, amount: 1_234 });
    await waitForDeliveries();
    const notes = await notesOf(order.orderId);
    expect(notes.map((n) => [n.amount, n.snapshot.refund.invoiceNumber, n.snapshot.refund.remainingCents, n.snapshot.refund.reference])).toEqual([
      ['1234', invoice.number, order.totalCents - 1_234, refund.id],
    ]);
    // Delivered again, the event finds the refund documented.
    await setDelivery({ copies: 3 });
    await sdk.refunds.create({ payment_intent: order.paymentIntentId, amount: 766 });
    await waitForDeliveries();
    await setDelivery({ copies: 1 });
    expect((await notesOf(order.orderId)).map((n) => [n.amount, n.snapshot.refund.remainingCents])).toEqual([
      ['1234', order.totalCents - 1_234],
      ['766', order.totalCents - 2_000],
    ]);
  });

  it('refuses an UPDATE of an issued credit note', async () => {
    const order = await fulfilledOrder(p);
    await waitForDeliveries();
    await sdk.refunds.create({ payment_intent: order.paymentIntentId, amount: 500 });
    await waitForDeliveries();
    const [note] = await notesOf(order.orderId);
    await expect(sql`update credit_notes set amount = 1 where number = ${note!.number}`).rejects.toThrow(
      `credit_notes ${note!.number} was issued and cannot change`,
    );
  });
});
