// Staff and the order's mail, as the demo admin (real session, RLS): setting an order dispatched with a carrier and a
// tracking number sends the buyer one dispatch mail; a partial refund sends the refund mail with its credit note;
// the expanded row lists each message with its state and the reason a try failed; Resend puts a failed message back
// in the queue (a customer cannot, and a sent message cannot be resent).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCents } from '@/lib/core/format/money';
import { refundOrderPayment, resendMail, updateOrderStatus } from '@/lib/admin/orders/actions';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { parseOrdersQuery } from '@/lib/admin/orders/params';
import { RESEND_NOT_FAILED, RESEND_SUCCESS } from '@/lib/mail/labels';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, newKey, type Callers } from './admin-support';
import { setDelivery, sql, startWebhookEndpoint, waitForDeliveries, type WebhookEndpoint, restoreDelivery } from './checkout-support';
import { smtpRefuseNext, smtpUp } from '../support/smtp';
import { API_URL, attachmentsOf, newSender, outboxRows, paidCheckoutOrder, parkEarlierMail, receivedBy, type TestSender } from './mail-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let endpoint: WebhookEndpoint;
let s: TestSender;
const buyer = () => `staff-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@mail.test`;

beforeAll(async () => {
  who = await callers();
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100, 200, 400] });
});
beforeEach(async () => {
  await parkEarlierMail();
  s = newSender({ settings: { retryBaseSeconds: 0.05, maxAttempts: 1 } });
});
afterEach(async () => {
  await s.close();
  await smtpUp(API_URL);
});
afterAll(async () => {
  await waitForDeliveries();
  await restoreDelivery();
  await endpoint.close();
  await closeSupport();
});

const asAdmin = <T>(fn: () => Promise<T>) => as(who.admin, fn);

/** Sends whatever is due, as a server's sender would. */
async function drain() {
  while ((await s.sender.runOnce()).claimed > 0);
}

async function adminView(orderId: string) {
  const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  const page = await loadAdminOrders({ role: 'authenticated', userId: admin!.id, email: DEMO_USERS.admin.email }, parseOrdersQuery({}), 'America/New_York');
  return page.orders.find((o) => o.id === orderId)!;
}

describe('dispatch', () => {
  it('sends the buyer one mail with the carrier, the tracking number and its link', async () => {
    const email = buyer();
    const { orderId } = await paidCheckoutOrder({ name: 'Dispatch Ring', email });
    await drain();
    const dispatch = { orderId, status: 'dispatched' as const, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    expect(await asAdmin(() => updateOrderStatus(dispatch))).toMatchObject({ ok: true, data: { mailQueued: true } });
    // The same status again sends nothing more.
    expect(await asAdmin(() => updateOrderStatus(dispatch))).toMatchObject({ ok: true, data: { mailQueued: false } });
    await drain();
    const mails = (await receivedBy(email)).filter((m) => m.subject.includes('on its way'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('Carrier: UPS');
    expect(mails[0]!.text_body).toContain('Tracking number: 1Z999AA10123456784');
    expect(mails[0]!.html_body).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');

    const view = await adminView(orderId);
    expect(view.mail.map((m) => [m.kind, m.status, m.to])).toEqual([
      ['order_confirmation', 'sent', email],
      ['order_notice', 'sent', null],
      ['dispatched', 'sent', email],
    ]);
    expect(view.mail[2]!.when).toMatch(/^Sent [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });
});

describe('refund', () => {
  it('sends the refund mail with the amount, what remains paid and the credit note', async () => {
    const email = buyer();
    const { orderId } = await paidCheckoutOrder({ name: 'Refund Ring', email, quantity: 4 });
    const result = await asAdmin(() => refundOrderPayment({ orderId, amountCents: 2_450, idempotencyKey: newKey() }));
    expect(result).toMatchObject({ ok: true });
    await waitForDeliveries();
    await drain();
    const [mail] = (await receivedBy(email)).filter((m) => m.subject.startsWith('Refund of'));
    expect(mail!.subject).toMatch(/^Refund of \$24\.50 for order AFJ-\d+$/);
    expect(mail!.text_body).toMatch(/Refunded\s+\$24\.50/);
    // Four rings at $24.50 with the checkout's shipping and tax, less the refund.
    const [{ total_amount }] = await sql<[{ total_amount: string }]>`select total_amount from orders where id = ${orderId}`;
    const remaining = formatCents(Number(total_amount) - 2_450).replace(/[$.]/g, '\\$&');
    expect(mail!.text_body).toMatch(new RegExp(`Still paid for this order\\s+${remaining}`));
    const [note] = await sql<{ number: string }[]>`select number from credit_notes where order_id = ${orderId}`;
    expect(mail!.text_body).toContain(`Your credit note ${note!.number} is attached.`);
    const files = await attachmentsOf(mail!.id);
    expect(files.map((f) => f.filename)).toEqual([`${note!.number}.pdf`]);
    // One refund, one mail, though the webhook recorded the same refund again.
    expect(await outboxRows(sql`order_id = ${orderId} and kind = 'refund'`)).toHaveLength(1);
  });
});

describe('a failed message', () => {
  it('shows its reason, and Resend sends it again', async () => {
    const email = buyer();
    // Both of the order's mails (the confirmation and the shop's notice) are refused.
    await smtpRefuseNext(API_URL, 2);
    const { orderId } = await paidCheckoutOrder({ name: 'Resend Ring', email });
    // One try only (MAIL_MAX_ATTEMPTS=1 here): the refused messages fail at once.
    await drain();
    let view = await adminView(orderId);
    expect(view.mail.map((m) => m.status)).toEqual(['failed', 'failed']);
    const failed = view.mail.find((m) => m.kind === 'order_confirmation')!;
    expect(failed).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/451/) });
    expect(failed.when).toMatch(/^Gave up .* after 1 try$/);
    expect(await receivedBy(email)).toHaveLength(0);

    // A customer cannot resend (the action refuses before RLS would); nothing changes.
    const refused = await as(who.customer, () => resendMail({ mailId: failed.id }));
    expect(refused.ok).toBe(false);
    expect((await outboxRows(sql`id = ${failed.id}`))[0]!.status).toBe('failed');

    expect(await asAdmin(() => resendMail({ mailId: failed.id }))).toEqual({ ok: true, data: { id: failed.id, orderId }, message: RESEND_SUCCESS });
    const [queued] = await outboxRows(sql`id = ${failed.id}`);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0 });
    await drain();
    expect(await receivedBy(email)).toHaveLength(1);
    view = await adminView(orderId);
    expect(view.mail.find((m) => m.id === failed.id)).toMatchObject({ status: 'sent', lastError: null });

    // Only a failed message can be resent.
    expect(await asAdmin(() => resendMail({ mailId: failed.id }))).toMatchObject({ ok: false, status: 409, error: RESEND_NOT_FAILED });
    expect(await asAdmin(() => resendMail({ mailId: 'x' as unknown as number }))).toMatchObject({ ok: false, status: 400 });
  });
});
