// The order mails end to end: a buyer pays through the Stripe stand-in, the webhook route fulfils the order and
// queues its mail in the same transaction, and this process's sender (as instrumentation.ts starts it, woken by the
// route) sends it to the local SMTP server. With the SMTP server down the fulfilment still succeeds and the mail
// waits; when the server is back the outbox drains in seconds, not at the next back-off. Markup in a product name
// or an address arrives as text. The confirmation and the shop's notice read the order's goods, shipping and tax.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/core/db';
import { formatCents } from '@/lib/core/format/money';
import { startMailSender, stopMailSender } from '@/lib/mail/sender';
import { PROBE_MS } from '@/lib/mail/sender';
import { composeOrderMail } from '@/lib/orders/messages';
import { smtpDown, smtpState, smtpUp } from '../support/smtp';
import { setDelivery, sql, startWebhookEndpoint, waitForDeliveries, type WebhookEndpoint, restoreDelivery } from './checkout-support';
import { API_URL, attachmentsOf, orderFixture, outboxRows, paidCheckoutOrder, parkEarlierMail, receivedBy, waitFor } from './mail-support';

let endpoint: WebhookEndpoint;
const buyer = () => `buyer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@mail.test`;

beforeAll(async () => {
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100, 200, 400] });
});
beforeEach(async () => {
  await parkEarlierMail();
  // The server's own sender, with the default back-off (30 s): only the probe can make the mail go sooner.
  startMailSender({ compose: composeOrderMail, settings: { enabled: true, pollMs: 200 } });
});
afterEach(async () => {
  await stopMailSender();
  await smtpUp(API_URL);
});
afterAll(async () => {
  await waitForDeliveries();
  await restoreDelivery();
  await endpoint.close();
  await sql.end();
  await db().end();
});

describe('fulfilment while SMTP is down', () => {
  it('succeeds, keeps the mail queued, and the outbox drains when SMTP is back', { timeout: 60_000 }, async () => {
    await smtpDown(API_URL);
    const email = buyer();
    // Every try comes after this moment, so a 30 s back-off puts each next try more than 20 s past it, however long
    // the waiting below takes.
    const before = Date.now();
    const { orderId } = await paidCheckoutOrder({ name: 'Down Time Ring', email });

    // The order, its items, its transaction and its invoice are written, and the webhook was answered 200.
    const [order] = await sql<{ status: string; customer_email: string; order_reference: string; total_amount: string }[]>`
      select status, customer_email, order_reference, total_amount from orders where id = ${orderId}`;
    expect(order).toMatchObject({ status: 'processing', customer_email: email });
    expect(await sql`select number from invoices where order_id = ${orderId}`).toHaveLength(1);
    expect(endpoint.statuses.at(-1)).toBe(200);

    // The route woke the sender; the tries failed and wait (30 s back-off), with the reason kept.
    await waitFor(async () => (await outboxRows(sql`order_id = ${orderId} and attempts > 0 and status = 'queued'`)).length === 2, 10_000, 'a failed first try of both mails');
    const waiting = await outboxRows(sql`order_id = ${orderId}`);
    expect(waiting.map((r) => r.status)).toEqual(['queued', 'queued']);
    for (const row of waiting) {
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(before + 20_000);
    }
    expect(await receivedBy(email)).toHaveLength(0);

    const back = Date.now();
    await smtpUp(API_URL);
    await waitFor(async () => (await outboxRows(sql`order_id = ${orderId} and status = 'sent'`)).length === 2, 3 * PROBE_MS, 'both mails sent');
    const drainedInMs = Date.now() - back;
    expect(drainedInMs).toBeLessThan(3 * PROBE_MS);

    const [confirmation] = await receivedBy(email);
    expect(confirmation!.subject).toBe(`Your order ${order!.order_reference} is confirmed`);
    const notices = (await receivedBy('orders@aurelia.test')).filter((m) => m.subject.includes(order!.order_reference));
    expect(notices).toHaveLength(1);
    // Two rings at $24.50, with the checkout's shipping and tax.
    const total = formatCents(Number(order!.total_amount)).replace(/[$.]/g, '\\$&');
    expect(Number(order!.total_amount)).toBeGreaterThanOrEqual(4_900);
    expect(notices[0]!.subject).toMatch(new RegExp(`^New order ${order!.order_reference}: ${total} from Grace Hopper$`));
    expect((await smtpState(API_URL)).up).toBe(true);
  });
});

describe('markup in a product name or an address', () => {
  it('arrives as text in the HTML and the plain text, with the invoice attached', { timeout: 30_000 }, async () => {
    const email = buyer();
    const name = 'Halo <img src=x onerror=alert(1)> Ring <b>bold</b>';
    const { orderId } = await paidCheckoutOrder({ name, email, fullName: 'Grace <i>Hopper</i>' });
    await waitFor(async () => (await receivedBy(email)).length === 1, 10_000, 'the confirmation');
    const [mail] = await receivedBy(email);

    expect(mail!.html_body).toContain('Halo &lt;img src=x onerror=alert(1)&gt; Ring &lt;b&gt;bold&lt;/b&gt;');
    expect(mail!.html_body).toContain('Grace &lt;i&gt;Hopper&lt;/i&gt;');
    expect(mail!.html_body).not.toMatch(/<img src=x|<b>bold|<i>Hopper/);
    expect(mail!.text_body).toContain(name);
    expect(mail!.text_body).toContain('Grace <i>Hopper</i>');
    const [{ total_amount }] = await sql<[{ total_amount: string }]>`select total_amount from orders where id = ${orderId}`;
    expect(mail!.text_body).toMatch(new RegExp(`Total paid\\s+${formatCents(Number(total_amount)).replace(/[$.]/g, '\\$&')}`));

    const [invoice] = await sql<{ number: string }[]>`select number from invoices where order_id = ${orderId}`;
    const files = await attachmentsOf(mail!.id);
    expect(files.map((f) => [f.filename, f.content_type])).toEqual([[`${invoice!.number}.pdf`, 'application/pdf']]);
    expect(files[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // Every link is absolute to the site.
    for (const href of mail!.html_body.matchAll(/href="([^"]+)"/g)) expect(href[1]).toMatch(/^(http:\/\/localhost:\d+|mailto:)/);
  });
});

describe('goods, shipping and tax', () => {
  const compose = (kind: 'order_confirmation' | 'order_notice', orderId: string, to: string) =>
    composeOrderMail({ id: 1, kind, orderId, quoteId: null, to, dedupeKey: `${kind}:${orderId}`, payload: {}, attempts: 1 });

  it('the confirmation and the notice say each figure, read from the order', async () => {
    // Goods $100.00 (the fixture's line is $42.00: the order's own figures are what the mail states), UPS Ground
    // $15.00 and $11.79 of tax.
    const order = await orderFixture();
    await sql`update orders set total_amount = 12679, goods_cents = 10000, shipping_method = 'UPS Ground', shipping_cents = 1500,
                                tax_cents = 1179, tax_breakdown = ${sql.json([{ name: 'Illinois State Tax', rate: '6.25', cents: 1179 }])}
               where id = ${order.id}`;
    for (const [kind, to, total] of [['order_confirmation', order.email, 'Total paid'], ['order_notice', 'orders@shop.example', 'Total']] as const) {
      const mail = await compose(kind, order.id, to);
      expect(mail.text, kind).toMatch(/Subtotal\s+\$100\.00/);
      expect(mail.text, kind).toMatch(/Shipping \(UPS Ground\)\s+\$15\.00/);
      expect(mail.text, kind).toMatch(/Illinois State Tax \(6\.25%\)\s+\$11\.79/);
      expect(mail.text, kind).toMatch(new RegExp(`${total}\\s+\\$126\\.79`));
      expect(mail.html, kind).toContain('Shipping (UPS Ground)');
    }
    await sql`delete from orders where id = ${order.id}`;
  });

  it("an exempt order's mails say why no tax was charged; an order from before shows its total alone", async () => {
    const exempt = await orderFixture();
    await sql`update orders set total_amount = 5700, goods_cents = 4200, shipping_method = 'UPS Ground', shipping_cents = 1500,
                                tax_exempt_reason = 'Resale certificate on file' where id = ${exempt.id}`;
    const old = await orderFixture();
    for (const kind of ['order_confirmation', 'order_notice'] as const) {
      const mail = await compose(kind, exempt.id, 'orders@shop.example');
      expect(mail.text, kind).toMatch(/Sales tax\s+\$0\.00/);
      expect(mail.text, kind).toContain('No sales tax charged: Resale certificate on file.');
      const before = await compose(kind, old.id, 'orders@shop.example');
      expect(before.text, kind).toMatch(/Total( paid)?\s+\$42\.00/);
      for (const word of ['Subtotal', 'Shipping (', 'Sales tax']) expect(before.text, kind).not.toContain(word);
    }
    await sql`delete from orders where id = any(${[exempt.id, old.id]}::uuid[])`;
  });
});
