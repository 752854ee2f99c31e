// The outbox's sender against the real local SMTP server: two senders (two servers) racing over the same messages
// send each exactly once; a message the server refuses (451) is retried and arrives once; a mail address with a line
// break is refused at the boundary, by the database and by the transport, and nothing reaches SMTP.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asServiceRole, db } from '@/lib/core/db';
import { enqueueMail } from '@/lib/mail/outbox';
import { composeOrderMail } from '@/lib/orders/messages';
import { MailRefusedError } from '@/lib/mail/transport';
import { smtpRefuseNext, smtpState, smtpUp } from '../support/smtp';
import { sql } from './checkout-support';
import { API_URL, newSender, orderFixture, outboxRows, parkEarlierMail, receivedBy, waitFor, type TestSender } from './mail-support';

const senders: TestSender[] = [];
const tag = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeEach(parkEarlierMail);
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.close()));
  await smtpUp(API_URL);
});
afterAll(async () => {
  await sql.end();
  await db().end();
});

/** `n` dispatch notices of one order, each to its own recipient. */
async function queueDispatchNotices(orderId: string, t: string, n: number) {
  await sql`
    insert into mail_outbox (kind, order_id, to_address, dedupe_key, payload)
    select 'dispatched', ${orderId}, ${t} || '-' || g || '@mail.test', ${t} || ':' || g,
           jsonb_build_object('carrier', 'UPS', 'trackingNumber', '1Z' || g, 'trackingUrl', 'https://www.ups.com/track?tracknum=1Z' || g)
      from generate_series(1, ${n}) g`;
}

describe('two senders racing', () => {
  it('send each of 200 queued messages exactly once', { timeout: 120_000 }, async () => {
    const order = await orderFixture();
    const t = tag();
    await queueDispatchNotices(order.id, t, 200);
    const composed = [0, 0];
    for (const i of [0, 1]) {
      senders.push(newSender({ compose: (m) => (composed[i]!++, composeOrderMail(m)) }));
    }
    const before = (await smtpState(API_URL)).received;
    for (const s of senders) s.sender.start();
    await waitFor(async () => (await outboxRows(sql`dedupe_key like ${t + ':%'} and status = 'sent'`)).length === 200, 100_000, '200 messages sent');
    await Promise.all(senders.map((s) => s.sender.stop()));

    // Both took part, and between them each message was claimed, composed and sent once.
    expect(composed[0]).toBeGreaterThan(0);
    expect(composed[1]).toBeGreaterThan(0);
    expect(composed[0]! + composed[1]!).toBe(200);
    const rows = await outboxRows(sql`dedupe_key like ${t + ':%'}`);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.last_error === null)).toBe(true);

    // The SMTP server received 200 messages: one per recipient, each with its own Message-ID, the outbox's.
    const received = await receivedBy(`${t}-%`);
    expect(received).toHaveLength(200);
    expect(new Set(received.map((r) => r.to_address)).size).toBe(200);
    expect(new Set(received.map((r) => r.message_id)).size).toBe(200);
    expect((await smtpState(API_URL)).received - before).toBe(200);
    const byRecipient = new Map(received.map((r) => [r.to_address, r.message_id]));
    for (const row of rows) expect(byRecipient.get(row.to_address!)).toBe(row.message_id);
    expect(received[0]!.subject).toBe(`Your order ${order.reference} is on its way`);
    expect(received[0]!.from_address).toMatch(/^"?Aurelia Fine Jewelry"? <orders@aurelia\.test>$/);
  });
});

describe('a refused first attempt', () => {
  it('is retried after its back-off and arrives once', async () => {
    const order = await orderFixture();
    const t = tag();
    await queueDispatchNotices(order.id, t, 1);
    const s = newSender({ settings: { retryBaseSeconds: 0.3 } });
    senders.push(s);
    const refusedBefore = (await smtpState(API_URL)).refused;
    await smtpRefuseNext(API_URL, 1);

    expect(await s.sender.runOnce()).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
    const [waiting] = await outboxRows(sql`dedupe_key like ${t + ':%'}`);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.last_error).toMatch(/451/);
    expect(waiting!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect((await smtpState(API_URL)).refused).toBe(refusedBefore + 1);
    expect(await receivedBy(`${t}-%`)).toHaveLength(0);

    // Not due yet: nothing is claimed before the back-off has passed.
    expect((await s.sender.runOnce()).claimed).toBe(0);
    await new Promise((r) => setTimeout(r, 450));
    expect(await s.sender.runOnce()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    const [sent] = await outboxRows(sql`dedupe_key like ${t + ':%'}`);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(await receivedBy(`${t}-%`)).toHaveLength(1);
  });

  it('is marked failed, with the reason, after the last try', async () => {
    const order = await orderFixture();
    const t = tag();
    await queueDispatchNotices(order.id, t, 1);
    const s = newSender({ settings: { retryBaseSeconds: 0.05, maxAttempts: 2 } });
    senders.push(s);
    await smtpRefuseNext(API_URL, 2);
    expect((await s.sender.runOnce()).retried).toBe(1);
    await new Promise((r) => setTimeout(r, 150));
    expect((await s.sender.runOnce()).failed).toBe(1);
    const [row] = await outboxRows(sql`dedupe_key like ${t + ':%'}`);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row!.last_error).toMatch(/451 4\.3\.2 Try again later/);
    // A failed message is never claimed again on its own.
    await new Promise((r) => setTimeout(r, 150));
    expect((await s.sender.runOnce()).claimed).toBe(0);
  });
});

describe('a mail address with CR/LF', () => {
  it('is refused by the outbox and by the transport, and nothing reaches SMTP', async () => {
    const order = await orderFixture();
    const evil = 'grace@mail.test\r\nBcc: eve@evil.test';
    await expect(
      asServiceRole((tx) => enqueueMail(tx, { kind: 'dispatched', orderId: order.id, to: evil, dedupeKey: `${tag()}:evil` })),
    ).rejects.toThrow(/mail_address/);

    const s = newSender();
    senders.push(s);
    const before = (await smtpState(API_URL)).received;
    const mail = { to: evil, subject: 'Order on its way', html: '<p>Hello</p>', text: 'Hello', attachments: [] };
    await expect(s.transport.send(mail, '<x@aurelia.test>')).rejects.toThrow(MailRefusedError);
    await expect(s.transport.send({ ...mail, to: 'grace@mail.test', subject: 'Hi\r\nBcc: eve@evil.test' }, '<y@aurelia.test>')).rejects.toThrow(
      MailRefusedError,
    );
    await expect(s.transport.send({ ...mail, to: 'Grace <grace@mail.test>, eve@evil.test' }, '<z@aurelia.test>')).rejects.toThrow(MailRefusedError);
    expect((await smtpState(API_URL)).received).toBe(before);
    expect(await receivedBy('%evil.test%')).toHaveLength(0);
  });
});
