// The optional company name and PO number, through the real checkout routes as one browser (its signed checkout
// cookie), the Stripe stand-in and the fulfilment: saved on the checkout record with the addresses, copied onto the
// order, into the invoice's snapshot and PDF, the confirmation mail and the orders CSV, and found by the header
// search. A forged over-long or control-character PO number is refused with 400 and a readable message; the table
// refuses what the schema would.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));

import { POST as saveAddress } from '@/app/api/checkout/address/route';
import { POST as openCheckout } from '@/app/api/checkout/session/route';
import { ordersCsvStream } from '@/lib/admin/orders/export';
import { searchAdmin } from '@/lib/admin/search/query';
import { asServiceRole, db, type DbActor } from '@/lib/core/db';
import { renderDocumentPdf } from '@/lib/documents/pdf';
import { readInvoice } from '@/lib/documents/store';
import { fulfilPaymentIntent } from '@/lib/orders/fulfilment';
import { composeOrderMail } from '@/lib/orders/messages';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { asRequest, browser, type Browser } from '../support/next-request';
import { ADDRESS, insertProducts, removeProducts, restoreDelivery, sdk, setDelivery, sql, startWebhookEndpoint, type TestProducts, type WebhookEndpoint } from './checkout-support';
import { pdfPages } from './documents-support';

const TAG = randomUUID().slice(0, 8).toUpperCase();
const PO = `PO-${TAG}/0042`;
const COMPANY = `Lovelace Analytical ${TAG} Ltd.`;
const EMAIL = `po-${TAG.toLowerCase()}@buyer.example`;

let p: TestProducts;
let endpoint: WebhookEndpoint;
let admin: DbActor;
let customer: DbActor;

beforeAll(async () => {
  p = await insertProducts();
  endpoint = await startWebhookEndpoint();
  endpoint.forward = false;
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100] });
  const [a] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  admin = { role: 'authenticated', userId: a!.id, email: DEMO_USERS.admin.email };
  const [c] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
  customer = { role: 'authenticated', userId: c!.id, email: DEMO_USERS.customer.email };
});

afterAll(async () => {
  await removeProducts(p);
  await restoreDelivery();
  await endpoint.close();
  await sql.end();
  await db().end();
});

const post = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A checkout opened by `who` (the route sets its signed cookie). */
async function open(who: Browser) {
  const response = await asRequest(who, () =>
    openCheckout(post('/api/checkout/session', { lines: [{ productId: p.ring, quantity: 3, specifications: { stoneType: 'stone2' } }] })),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { checkoutId: string; orderId: string; paymentIntentId: string };
}

const save = (who: Browser, checkoutId: string, extra: Record<string, unknown>) =>
  asRequest(who, () => saveAddress(post('/api/checkout/address', { checkoutId, email: EMAIL, sameAsShipping: true, shipping: ADDRESS, ...extra })));

const record = async (checkoutId: string) =>
  (await sql<{ company_name: string | null; purchase_order: string | null }[]>`
    select company_name, purchase_order from checkout_sessions where id = ${checkoutId}`)[0]!;

describe('company name and PO number at checkout', () => {
  let orderId: string;

  it('refuses a forged over-long or control-character PO number with 400 and a readable message, saving nothing', async () => {
    const who = browser();
    const session = await open(who);
    const cases: [unknown, string][] = [
      ['P'.repeat(41), 'PO number is too long (40 characters at most)'],
      ['PO-1\r\nBcc: someone@else.example', 'PO number must not contain control characters'],
      ['PO\u202e1', 'PO number must not contain control characters'],
      [42, 'PO number must be text'],
    ];
    for (const [purchaseOrder, message] of cases) {
      const response = await save(who, session.checkoutId, { purchaseOrder, company: 'Acme' });
      expect(response.status, String(purchaseOrder)).toBe(400);
      expect(await response.json()).toMatchObject({ error: message, code: 'invalid_business', details: { purchaseOrder: message } });
    }
    const badCompany = await save(who, session.checkoutId, { company: 'C'.repeat(121) });
    expect(badCompany.status).toBe(400);
    expect((await badCompany.json()).error).toBe('Company name is too long (120 characters at most)');
    expect(await record(session.checkoutId)).toEqual({ company_name: null, purchase_order: null });
  });

  it('keeps them on the checkout record, trimmed, then on the order, its invoice snapshot and PDF', async () => {
    const who = browser();
    const session = await open(who);
    const saved = await save(who, session.checkoutId, { company: `  ${COMPANY} `, purchaseOrder: ` ${PO} ` });
    expect(saved.status).toBe(200);
    expect(await record(session.checkoutId)).toEqual({ company_name: COMPANY, purchase_order: PO });
    // Saved again without them (the buyer cleared the fields): the record forgets them.
    expect((await save(who, session.checkoutId, { company: '', purchaseOrder: '   ' })).status).toBe(200);
    expect(await record(session.checkoutId)).toEqual({ company_name: null, purchase_order: null });
    expect((await save(who, session.checkoutId, { company: COMPANY, purchaseOrder: PO })).status).toBe(200);

    const paid = await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect(paid.status).toBe('succeeded');
    expect((await fulfilPaymentIntent(paid)).outcome).toBe('fulfilled');
    orderId = session.orderId;

    const [order] = await sql`select company_name, purchase_order from orders where id = ${orderId}`;
    expect(order).toEqual({ company_name: COMPANY, purchase_order: PO });
    const [invoice] = await sql<{ snapshot: { buyer: { company: string }; order: { purchaseOrder: string } } }[]>`
      select snapshot from invoices where order_id = ${orderId}`;
    expect(invoice!.snapshot.buyer.company).toBe(COMPANY);
    expect(invoice!.snapshot.order.purchaseOrder).toBe(PO);
    const pdf = await renderDocumentPdf((await asServiceRole((tx) => readInvoice(tx, orderId)))!);
    const [text] = await pdfPages(pdf);
    expect(text).toContain(`PO number ${PO}`);
    expect(text).toContain(`Company: ${COMPANY}`);
  });

  it('tells the buyer in the confirmation mail', async () => {
    const mail = await composeOrderMail({ id: 1, kind: 'order_confirmation', orderId, quoteId: null, to: EMAIL, dedupeKey: 'x', payload: {}, attempts: 1 });
    expect(mail.text).toContain(`Company: ${COMPANY}`);
    expect(mail.text).toContain(`PO number: ${PO}`);
    expect(mail.attachments).toHaveLength(1);
  });

  it('gives the orders CSV its Company and PO Number columns', async () => {
    const reader = ordersCsvStream(admin, { status: null, sort: 'newest' }, 'America/New_York').getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const lines = first.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]!.endsWith(',Company,PO Number')).toBe(true);
    const row = lines.find((l) => l.includes(orderId))!;
    expect(row.endsWith(`,${COMPANY},${PO}`)).toBe(true);
  });

  it('is found by the header search by its PO number, in full or by its start, in any case; not for a customer', async () => {
    for (const typed of [PO, PO.toLowerCase(), `po-${TAG.toLowerCase()}`, `  ${PO.slice(0, 8)}`]) {
      const { orders } = await searchAdmin(admin, typed);
      expect(orders.map((o) => o.id), typed).toContain(orderId);
      expect(orders.find((o) => o.id === orderId)!.purchaseOrder).toBe(PO);
    }
    expect((await searchAdmin(admin, `${PO}9`)).orders.map((o) => o.id)).not.toContain(orderId);
    expect((await searchAdmin(customer, PO)).orders).toEqual([]);
  });

  it('the table refuses a control character or an over-long value written past the app', async () => {
    await expect(sql`update orders set purchase_order = ${'PO\n1'} where id = ${orderId}`).rejects.toThrow(/check constraint/);
    await expect(sql`update orders set purchase_order = ${'P'.repeat(41)} where id = ${orderId}`).rejects.toThrow(/check constraint/);
    await expect(sql`update orders set company_name = '' where id = ${orderId}`).rejects.toThrow(/check constraint/);
  });
});
