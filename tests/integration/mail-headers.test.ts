// A person's text in a mail header, through the real sender, transport and local SMTP server (whose mailparser
// reads the message as a mail client does): a name written as encoded-words arrives as that literal text, never
// decoded into a line break, a header or a right-to-left override, and bidi controls never reach a subject.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asServiceRole, db } from '@/lib/core/db';
import { enqueueMail } from '@/lib/mail/outbox';
import { smtpState } from '../support/smtp';
import { sql } from './checkout-support';
import { API_URL, newSender, orderFixture, parkEarlierMail, receivedBy, type TestSender } from './mail-support';

const senders: TestSender[] = [];
const tag = () => `h${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const BIDI_OR_BREAK = /[\r\n\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

beforeEach(parkEarlierMail);
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await sql.end();
  await db().end();
});

/** The new-order notice of an order placed under `name`, as the SMTP server received it. */
async function noticeFor(name: string): Promise<{ subject: string; reference: string }> {
  const order = await orderFixture();
  await sql`update orders set customer_name = ${name} where id = ${order.id}`;
  const to = `${tag()}@mail.test`;
  await asServiceRole((tx) => enqueueMail(tx, { kind: 'order_notice', orderId: order.id, to, dedupeKey: `${to}:notice` }));
  const s = newSender();
  senders.push(s);
  expect(await s.sender.runOnce()).toMatchObject({ sent: 1 });
  const [mail] = await receivedBy(to);
  return { subject: mail!.subject, reference: order.reference };
}

describe('a name in a subject', () => {
  it('written as encoded-words arrives as that literal text, with no line break, header or bidi control', async () => {
    const before = (await smtpState(API_URL)).received;
    for (const name of [
      '=?utf-8?q?x=0D=0ABcc:_eve@evil.test?= =?utf-8?b?4oCuZXZpbA==?=',
      'Zoë =?iso-8859-1?q?=0A?= Smith',
      '=?UTF-8?B?4oCu?=',
    ]) {
      const { subject, reference } = await noticeFor(name);
      expect(subject).toBe(`New order ${reference}: $42.00 from ${name}`);
      expect(subject).not.toMatch(BIDI_OR_BREAK);
    }
    expect((await smtpState(API_URL)).received - before).toBe(3);
    expect(await receivedBy('%evil.test%')).toHaveLength(0);
  });

  it('stored with bidi controls (before the text rule refused them) arrives without them', async () => {
    const { subject, reference } = await noticeFor('Ada\u202eecalevoL\u200f\u061c \u2066Byron\u2069');
    expect(subject).toBe(`New order ${reference}: $42.00 from Ada ecalevoL Byron`);
  });
});
