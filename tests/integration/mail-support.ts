// Shared by the mail integration tests: senders that stand for separate servers (each its own database pool and
// SMTP connections), the real composer, order fixtures, and what the local SMTP server stored.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { createMailSender, type ComposeMail, type MailSender } from '@/lib/mail/sender';
import type { MailSenderSettings } from '@/lib/mail/settings';
import { createMailTransport, type MailTransport } from '@/lib/mail/transport';
import { composeOrderMail } from '@/lib/orders/messages';
import { emptyAddress } from '@/lib/checkout/address';
import { createCheckout, saveCheckoutAddresses } from '@/lib/checkout/server';
import { lineChoices } from '@/lib/purchase/line-choices';
import { ADDRESS, sdk, sql, waitForDeliveries } from './checkout-support';

export const API_URL = process.env.NEXT_PUBLIC_SUPABASE_URL!;

export interface TestSender {
  sender: MailSender;
  transport: MailTransport;
  close(): Promise<void>;
}

/** A sender as one app server runs it: its own pool and transport, the real composer unless told otherwise. */
export function newSender(opts: { compose?: ComposeMail; settings?: Partial<MailSenderSettings> } = {}): TestSender {
  const pool = postgres(process.env.DATABASE_URL!, { max: 4, onnotice: () => {}, transform: { undefined: null } });
  const transport = createMailTransport({ smtpUrl: process.env.SMTP_URL!, from: process.env.MAIL_FROM! });
  const sender = createMailSender({
    compose: opts.compose ?? composeOrderMail,
    sql: pool,
    transport,
    settings: { enabled: true, pollMs: 50, retryBaseSeconds: 30, maxAttempts: 10, ...opts.settings },
  });
  return {
    sender,
    transport,
    close: async () => {
      await sender.stop();
      transport.close();
      await pool.end();
    },
  };
}

/**
 * Messages other test files left queued wait a day, so this file's senders handle only its own: the counts below
 * are exact, and a refusal meant for one message is not spent on another.
 */
export async function parkEarlierMail(): Promise<void> {
  await sql`update mail_outbox set next_attempt_at = now() + interval '1 day' where status in ('queued', 'sending')`;
}

/** An order as the fulfilment writes it, with the buyer's address and e-mail, one line. */
export async function orderFixture(email = `buyer-${randomUUID().slice(0, 8)}@mail.test`): Promise<{ id: string; reference: string; email: string }> {
  const reference = `MAIL-${randomUUID().slice(0, 8)}`;
  const address = { full_name: 'Ada Lovelace', address_line1: '12 Analytical St', address_line2: '', city: 'Boston', state: 'MA', postal_code: '02110', country: 'US', phone: '+1 555 0199' };
  const [order] = await sql<{ id: string }[]>`
    insert into orders (order_reference, customer_name, customer_email, customer_phone, status, total_amount, shipping_address, billing_address)
    values (${reference}, 'Ada Lovelace', ${email}, '+1 555 0199', 'completed', 4200, ${sql.json(address)}, ${sql.json(address)})
    returning id`;
  const [product] = await sql<{ id: string }[]>`select id from rings order by created_at limit 1`;
  await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices)
            values (${order!.id}, ${product!.id}, 'rings', 2, 2100, 'Material: Gold', ${sql.json(lineChoices({ material: 'gold' }))})`;
  return { id: order!.id, reference, email };
}

export interface OutboxRow {
  id: string;
  to_address: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  next_attempt_at: Date;
}

export const outboxRows = (where: postgres.PendingQuery<postgres.Row[]>) =>
  sql<OutboxRow[]>`select id, to_address, status, attempts, last_error, message_id, next_attempt_at from mail_outbox where ${where} order by id`;

export interface Received {
  id: string;
  to_address: string;
  from_address: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string | null;
}

/** What the local SMTP server stored for recipients matching `pattern` (SQL LIKE). */
export const receivedBy = (pattern: string) =>
  sql<Received[]>`
    select id, to_address, from_address, subject, text_body, html_body, message_id
      from local_mailbox.messages where source = 'smtp' and to_address like ${pattern} order by id`;

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A ring of its own (named `name`) paid through the Stripe stand-in, whose webhook reaches the app's route (start
 * the endpoint first): the fulfilment writes the order, its invoice and its mail. Returns the order's id.
 */
export async function paidCheckoutOrder(opts: { name: string; email: string; fullName?: string; quantity?: number }): Promise<{ orderId: string; paymentIntentId: string }> {
  const sku = `MAIL-${randomUUID().slice(0, 8)}`;
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, stone_details, moq, price_stone1)
    values (${opts.name}, ${sku}, 'gold', ${sql.json({ Stone1: 'Ruby' })}, 1, 24.50)
    returning id`;
  const session = await createCheckout({ lines: [{ productId: ring!.id, quantity: opts.quantity ?? 2, specifications: {} }], userId: null });
  await saveCheckoutAddresses({
    checkoutId: session.checkoutId,
    allowedCheckoutIds: [session.checkoutId],
    email: opts.email,
    addresses: { shipping: { ...ADDRESS, full_name: opts.fullName ?? ADDRESS.full_name }, billing: emptyAddress(), sameAsShipping: true },
  });
  const paid = await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
  if (paid.status !== 'succeeded') throw new Error(`payment ${paid.status}`);
  await waitForDeliveries();
  return { orderId: session.orderId, paymentIntentId: session.paymentIntentId };
}

export interface ReceivedAttachment {
  filename: string | null;
  content_type: string;
  content: Buffer;
}

export const attachmentsOf = (messageId: string) =>
  sql<ReceivedAttachment[]>`select filename, content_type, content from local_mailbox.attachments where message_id = ${messageId} order by position`;
