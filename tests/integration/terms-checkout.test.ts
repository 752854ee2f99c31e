// Payment terms end to end, through the real checkout routes as a trade buyer's browser, the Stripe stand-in's
// Invoicing and the real webhook route: an order placed on terms is written at once with its Stripe invoice made,
// finalized and sent; the credit limit holds under two orders at once; webhooks record the invoice as Stripe has it,
// once, whatever their order or number; forged and foreign invoices record nothing; staff's check or wire and void
// go through Stripe; the sweep queues the reminder and the overdue notices once each.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));
// after() runs its work once the answer is out, as Next does; settle() waits for it.
const afterwards = vi.hoisted(() => ({ jobs: [] as Promise<unknown>[] }));
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  after: (work: () => unknown) => void afterwards.jobs.push(Promise.resolve().then(work)),
}));
const settle = async () => {
  while (afterwards.jobs.length) await Promise.all(afterwards.jobs.splice(0));
};

import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { POST as saveAddress } from '@/app/api/checkout/address/route';
import { POST as placeOnTerms } from '@/app/api/checkout/invoice/route';
import { POST as openCheckout } from '@/app/api/checkout/session/route';
import type { CheckoutSessionResponse } from '@/lib/checkout/api';
import { db, withActor } from '@/lib/core/db';
import { actorFor } from '@/lib/core/db/actor';
import { refundOrder } from '@/lib/admin/orders/refund';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { makeStripeInvoice, syncTermsInvoice } from '@/lib/terms/stripe-invoice';
import { markTermsInvoicePaid, voidTermsInvoice } from '@/lib/terms/staff';
import { sweepTermsInvoices } from '@/lib/terms/sweep';
import { composeTermsMail } from '@/lib/terms/messages';
import { newCustomer, type Customer } from '../support/account-people';
import { asRequest } from '../support/next-request';
import { CLIENT_ADDRESS_HEADER } from '@/lib/core/http/client-address.mjs';
import {
  ADDRESS, deliver, insertProducts, removeProducts, restoreDelivery, sdk, setDelivery, signature, sql, startWebhookEndpoint,
  waitForDeliveries, type TestProducts, type WebhookEndpoint,
} from './checkout-support';

let p: TestProducts;
let owner: Customer;
let stranger: Customer;
let accountId: string;
let endpoint: WebhookEndpoint;

// Each request from an address of its own: the suite opens more checkouts than a minute allows one address.
const anAddress = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const post = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', host: 'localhost', [CLIENT_ADDRESS_HEADER]: anAddress() },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  p = await insertProducts();
  [owner, stranger] = await Promise.all([newCustomer('terms-owner', 'Terms Owner'), newCustomer('terms-stranger', 'No Terms')]);
  const [account] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, payment_terms_days, credit_limit_cents)
    values (${owner.id}, 'approved', 'Terms Boutique', 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })}, 30, 50000)
    returning id`;
  accountId = account!.id;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${accountId}, ${owner.id}, 'owner')`;
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, retryDelaysMs: [200, 400] });
});

afterAll(async () => {
  await restoreDelivery();
  await endpoint.close();
  await sql`delete from orders where id in (select order_id from terms_invoices where account_id = ${accountId})`;
  await sql`delete from trade_accounts where id = ${accountId}`;
  await removeProducts(p);
  await sql.end();
  await db().end();
});

/** A checkout of `quantity` test rings ($24.50 each, stone 2; at least the MOQ, 3), its addresses saved, as `who`. */
async function checkout(who: Customer, quantity: number, purchaseOrder = '') {
  const opened = await asRequest(who.browser, () =>
    openCheckout(post('/api/checkout/session', { lines: [{ productId: p.ring, quantity, specifications: { stoneType: 'stone2' } }] })),
  );
  expect(opened.status).toBe(200);
  const session = (await opened.json()) as CheckoutSessionResponse;
  const saved = await asRequest(who.browser, () =>
    saveAddress(post('/api/checkout/address', { checkoutId: session.checkoutId, email: who.email, purchaseOrder, sameAsShipping: true, shipping: ADDRESS })),
  );
  expect(saved.status).toBe(200);
  const { delivery } = (await saved.json()) as { delivery: { totalCents: number } };
  return { ...session, totalCents: delivery.totalCents };
}

const place = async (who: Customer, checkoutId: string) => {
  const answer = await asRequest(who.browser, () => placeOnTerms(post('/api/checkout/invoice', { checkoutId })));
  await settle();
  return answer;
};

const termsRow = async (orderId: string) => {
  const [row] = await sql<{ status: string; stripe_invoice_id: string | null; number: string | null; hosted_invoice_url: string | null; paid_cents: string; paid_at: Date | null; paid_out_of_band: boolean; due_at: Date; updated_at: Date; amount_cents: string }[]>`
    select status, stripe_invoice_id, number, hosted_invoice_url, paid_cents, paid_at, paid_out_of_band, due_at, updated_at, amount_cents
      from terms_invoices where order_id = ${orderId}`;
  return row;
};
const mailKeys = async (orderId: string) =>
  (await sql<{ dedupe_key: string }[]>`select dedupe_key from mail_outbox where order_id = ${orderId} order by dedupe_key`).map((r) => r.dedupe_key);

describe('placing an order on terms', () => {
  it('offers terms only to a buyer with them, and refuses the others', async () => {
    const mine = await checkout(owner, 3);
    expect(mine.terms).toMatchObject({ days: 30, availableCents: expect.any(Number) });
    const theirs = await checkout(stranger, 3);
    expect(theirs.terms).toBeNull();
    const refused = await place(stranger, theirs.checkoutId);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe('Your account does not have payment terms. Please pay by card.');
    // Another buyer's checkout, even with terms of their own, is not found: the checkout cookie is the browser's.
    expect((await place(owner, theirs.checkoutId)).status).toBe(404);
    // A tampered id.
    expect((await place(owner, 'not-a-uuid')).status).toBe(400);
    expect(await sql`select 1 from orders where id in (${mine.orderId}, ${theirs.orderId})`).toHaveLength(0);
  });

  it('writes the order at once and has Stripe invoice it for the order’s total, Net 30, with the PO number', async () => {
    const c = await checkout(owner, 6, 'PO-7781');
    const placed = await place(owner, c.checkoutId);
    expect(placed.status).toBe(200);
    expect(await placed.json()).toMatchObject({ ok: true, orderId: c.orderId, reference: expect.stringMatching(/^AFJ-\d+$/) });
    const [order] = await sql<{ status: string; total_amount: string }[]>`select status, total_amount from orders where id = ${c.orderId}`;
    expect(order).toEqual({ status: 'processing', total_amount: String(c.totalCents) });
    const [payment] = await sql<{ provider: string; payment_method: string; status: string; amount: string }[]>`
      select provider, payment_method, status, amount from transactions where order_id = ${c.orderId}`;
    expect(payment).toEqual({ provider: 'stripe_invoice', payment_method: 'invoice', status: 'completed', amount: String(c.totalCents) });

    const row = (await termsRow(c.orderId))!;
    expect(row).toMatchObject({ status: 'open', amount_cents: String(c.totalCents), paid_cents: '0' });
    expect(row.number).toBeTruthy();
    expect(row.hosted_invoice_url).toMatch(/^http/);
    const days = (row.due_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const invoice = await sdk.invoices.retrieve(row.stripe_invoice_id!);
    expect(invoice).toMatchObject({ status: 'open', total: c.totalCents, collection_method: 'send_invoice', metadata: { order_id: c.orderId } });
    expect(invoice.custom_fields).toEqual(expect.arrayContaining([{ name: 'PO number', value: 'PO-7781' }]));
    // The card payment of the checkout can no longer be taken.
    expect((await sdk.paymentIntents.retrieve(c.paymentIntentId)).status).toBe('canceled');
    await expect(sdk.paymentIntents.confirm(c.paymentIntentId, { payment_method: 'pm_card_visa' })).rejects.toThrow();
    expect(await mailKeys(c.orderId)).toEqual([`order_confirmation:${c.orderId}`, `order_notice:${c.orderId}`, `terms_invoice:${c.orderId}`]);
    const mail = await composeTermsMail({ id: 1, kind: 'terms_invoice', orderId: c.orderId, quoteId: null, tradeAccountId: null, to: owner.email, dedupeKey: 'x', payload: {}, attempts: 0 });
    expect(mail.text).toContain(row.hosted_invoice_url!);
    expect(mail.text).toContain(`/api/orders/${c.orderId}/invoice?t=`);
    // Placing it twice: the checkout is complete.
    const again = await place(owner, c.checkoutId);
    expect(again.status).toBe(409);
    expect(await makeStripeInvoice(c.orderId)).toBe('already');
  });

  it('refuses an order over the credit limit, saying what is open and what is allowed', async () => {
    const [{ open }] = await sql<[{ open: string }]>`
      select coalesce(sum(amount_cents - credited_cents - paid_cents), 0) as open from terms_invoices where account_id = ${accountId} and status in ('pending','draft','open')`;
    const big = await checkout(owner, 20);
    expect(Number(open) + big.totalCents).toBeGreaterThan(50000);
    const refused = await place(owner, big.checkoutId);
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as { error: string };
    expect(error).toContain(`$${(Number(open) / 100).toFixed(2)} is open in unpaid invoices and the limit is $500.00`);
    expect(await sql`select 1 from orders where id = ${big.orderId}`).toHaveLength(0);
    // The card is still there for it.
    expect((await sdk.paymentIntents.retrieve(big.paymentIntentId)).status).toBe('requires_payment_method');
  });

  it('lets one of two orders placed at once through when only one fits', async () => {
    const [{ open }] = await sql<[{ open: string }]>`
      select coalesce(sum(amount_cents - credited_cents - paid_cents), 0) as open from terms_invoices where account_id = ${accountId} and status in ('pending','draft','open')`;
    const a = await checkout(owner, 3);
    const b = await checkout(owner, 3);
    // Room for one of the two.
    await sql`update trade_accounts set credit_limit_cents = ${Number(open) + a.totalCents + Math.floor(b.totalCents / 2)} where id = ${accountId}`;
    try {
      const results = await Promise.all([place(owner, a.checkoutId), place(owner, b.checkoutId)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    } finally {
      await sql`update trade_accounts set credit_limit_cents = 50000 where id = ${accountId}`;
    }
  });
});

describe('the invoice’s webhooks', () => {
  it('records a payment once, whatever arrives again or late', async () => {
    await sql`update terms_invoices set status = 'paid' where account_id = ${accountId} and status = 'open'`; // room under the limit
    const c = await checkout(owner, 3);
    expect((await place(owner, c.checkoutId)).status).toBe(200);
    const before = (await termsRow(c.orderId))!;
    await sdk.invoices.pay(before.stripe_invoice_id!, { payment_method: 'pm_card_visa' });
    await waitForDeliveries();
    const paid = (await termsRow(c.orderId))!;
    expect(paid).toMatchObject({ status: 'paid', paid_cents: String(c.totalCents), paid_out_of_band: false });
    expect(paid.paid_at).toBeInstanceOf(Date);

    // A late invoice.finalized, signed (a replay of an older event): the invoice is read again, nothing changes.
    const invoice = await sdk.invoices.retrieve(before.stripe_invoice_id!);
    const late = JSON.stringify({ id: 'evt_late', object: 'event', api_version: Stripe.API_VERSION, created: 1, type: 'invoice.finalized', data: { object: { ...invoice, status: 'open' } } });
    const answer = await deliver(late, signature(late));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ outcome: 'recorded', status: 'paid', changed: false });
    expect((await termsRow(c.orderId))!.updated_at).toEqual(paid.updated_at);
    expect((await mailKeys(c.orderId)).filter((k) => k.startsWith('terms_invoice'))).toHaveLength(1);

    // Two events at once each read the invoice before taking the row: the one read before the payment, written last,
    // records nothing older than what is there.
    const stale = await syncTermsInvoice({ ...invoice, status: 'open', amount_paid: 0, status_transitions: { ...invoice.status_transitions, paid_at: null } });
    expect(stale).toMatchObject({ outcome: 'recorded', status: 'open', changed: false });
    expect(await termsRow(c.orderId)).toMatchObject({ status: 'paid', paid_cents: String(c.totalCents) });
  });

  it('ignores an invoice Stripe does not have and one of another customer naming the order', async () => {
    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', api_version: Stripe.API_VERSION, created: 1, type: 'invoice.paid', data: { object: { id: 'in_forged', object: 'invoice' } } });
    const answer = await deliver(forged, signature(forged));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ignored: 'unknown_object' });
    expect((await deliver(forged, 't=1,v1=bad')).status).toBe(400);

    // An order whose Stripe invoice is not made yet; another customer's invoice naming it pays nothing of it.
    await sql`update terms_invoices set status = 'paid' where account_id = ${accountId} and status = 'open'`;
    const c = await checkout(owner, 3);
    expect((await place(owner, c.checkoutId)).status).toBe(200);
    await waitForDeliveries();
    // As if Stripe had not answered when the order was placed.
    await sql`update terms_invoices set stripe_invoice_id = null, status = 'pending', number = null, hosted_invoice_url = null where order_id = ${c.orderId}`;
    const other = await sdk.customers.create({ email: 'other@buyer.example' });
    const foreign = await sdk.invoices.create({ customer: other.id, collection_method: 'send_invoice', days_until_due: 30, metadata: { order_id: c.orderId } });
    await sdk.invoiceItems.create({ customer: other.id, invoice: foreign.id, amount: c.totalCents, currency: 'usd' });
    const paidForeign = await sdk.invoices.pay((await sdk.invoices.finalizeInvoice(foreign.id)).id, { paid_out_of_band: true });
    const event = JSON.stringify({ id: 'evt_foreign', object: 'event', api_version: Stripe.API_VERSION, created: 1, type: 'invoice.paid', data: { object: paidForeign } });
    expect(await (await deliver(event, signature(event))).json()).toMatchObject({ outcome: 'unknown_invoice' });
    expect((await termsRow(c.orderId))!.status).toBe('pending');
    // The account's own customer, an invoice naming the order, another sum (paid by check): refused, nothing recorded.
    const [{ customer }] = await sql<[{ customer: string }]>`select stripe_customer_id as customer from trade_accounts where id = ${accountId}`;
    const tampered = await sdk.invoices.create({ customer, collection_method: 'send_invoice', days_until_due: 30, metadata: { order_id: c.orderId } });
    await sdk.invoiceItems.create({ customer, invoice: tampered.id, amount: 100, currency: 'usd' });
    const paidTampered = await sdk.invoices.pay((await sdk.invoices.finalizeInvoice(tampered.id)).id, { paid_out_of_band: true });
    const tamperedEvent = JSON.stringify({ id: 'evt_tampered', object: 'event', api_version: Stripe.API_VERSION, created: 1, type: 'invoice.paid', data: { object: paidTampered } });
    expect(await (await deliver(tamperedEvent, signature(tamperedEvent))).json()).toMatchObject({ outcome: 'amount_mismatch', orderId: c.orderId });
    expect(await termsRow(c.orderId)).toMatchObject({ status: 'pending', stripe_invoice_id: null, paid_cents: '0' });
    // The sweep makes the order's own invoice.
    await sql`update terms_invoices set created_at = now() - interval '5 minutes' where order_id = ${c.orderId}`;
    expect((await sweepTermsInvoices()).made).toBeGreaterThanOrEqual(1);
    expect((await termsRow(c.orderId))!).toMatchObject({ status: 'open', paid_cents: '0' });
  });
});

describe('staff and the sweep', () => {
  it('records a check or wire, and a void that takes the order out of revenue', async () => {
    await sql`update terms_invoices set status = 'paid' where account_id = ${accountId} and status = 'open'`;
    const a = await checkout(owner, 3);
    const b = await checkout(owner, 3);
    expect((await place(owner, a.checkoutId)).status).toBe(200);
    expect((await place(owner, b.checkoutId)).status).toBe(200);
    await markTermsInvoicePaid(a.orderId);
    expect(await termsRow(a.orderId)).toMatchObject({ status: 'paid', paid_out_of_band: true, paid_cents: String(a.totalCents) });
    await expect(markTermsInvoicePaid(a.orderId)).rejects.toThrow('The invoice is paid already.');
    await voidTermsInvoice(b.orderId);
    expect(await termsRow(b.orderId)).toMatchObject({ status: 'void' });
    const [payment] = await sql<{ status: string }[]>`select status from transactions where order_id = ${b.orderId} and kind = 'payment'`;
    expect(payment!.status).toBe('void');
    await waitForDeliveries();
  });

  it('credits a refund on the invoice: owed less while open, paid back outside Stripe once paid by check', async () => {
    await sql`update terms_invoices set status = 'paid' where account_id = ${accountId} and status = 'open'`;
    const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
    const refund = (orderId: string, amountCents: number) =>
      withActor(actorFor({ id: admin!.id }), (tx) => refundOrder(tx, admin!.id, { orderId, amountCents, idempotencyKey: randomUUID() }));
    const c = await checkout(owner, 3);
    expect((await place(owner, c.checkoutId)).status).toBe(200);
    const credited = await refund(c.orderId, 1_000);
    expect(credited).toMatchObject({ amountCents: 1_000, status: 'processing', refundableCents: c.totalCents - 1_000 });
    expect(credited.refundId).toMatch(/^cn_/);
    const invoiceId = (await termsRow(c.orderId))!.stripe_invoice_id!;
    expect((await sdk.invoices.retrieve(invoiceId)).amount_remaining).toBe(c.totalCents - 1_000);
    const [row] = await sql<{ credited_cents: string }[]>`select credited_cents from terms_invoices where order_id = ${c.orderId}`;
    expect(row!.credited_cents).toBe('1000');
    // Its credit note and refund mail, saying it was credited on the invoice.
    const [note] = await sql<{ number: string }[]>`select number from credit_notes where order_id = ${c.orderId}`;
    expect(note!.number).toMatch(/^CN-\d{4}-\d+$/);
    const [mail] = await sql<{ payload: { onTerms: boolean } }[]>`select payload from mail_outbox where order_id = ${c.orderId} and kind = 'refund'`;
    expect(mail!.payload.onTerms).toBe(true);

    // Paid by check, then refunded: outside Stripe too.
    await markTermsInvoicePaid(c.orderId);
    await refund(c.orderId, 500);
    const notes = await sdk.creditNotes.list({ invoice: invoiceId });
    expect(notes.data.map((n) => [n.amount, n.out_of_band_amount ?? 0])).toEqual(expect.arrayContaining([[500, 500], [1_000, 0]]));
    // Never more than is left.
    await expect(refund(c.orderId, c.totalCents)).rejects.toThrow(/cannot be more than/);
    await waitForDeliveries();
  });

  it('credits chosen lines on the invoice: Stripe’s credit note has the same lines, amount and reason', async () => {
    await sql`update terms_invoices set status = 'paid' where account_id = ${accountId} and status = 'open'`;
    const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
    const c = await checkout(owner, 4);
    expect((await place(owner, c.checkoutId)).status).toBe(200);
    const [item] = await sql<{ id: string; unit_price: string }[]>`select id, unit_price from order_items where order_id = ${c.orderId}`;
    const [order] = await sql<{ shipping_cents: string }[]>`select shipping_cents from orders where id = ${c.orderId}`;
    const expected = 2 * Number(item!.unit_price) + Number(order!.shipping_cents);
    const credited = await withActor(actorFor({ id: admin!.id }), (tx) =>
      refundOrder(tx, admin!.id, { orderId: c.orderId, lines: [{ itemId: item!.id, quantity: 2 }], shippingCents: Number(order!.shipping_cents), reason: 'damaged', note: 'Stones loose', idempotencyKey: randomUUID() }),
    );
    expect(credited.amountCents).toBe(expected);
    const note = await sdk.creditNotes.retrieve(credited.refundId);
    expect(note.amount).toBe(expected);
    expect(note.reason).toBe('product_unsatisfactory');
    expect(note.memo).toBe('Damaged: Stones loose');
    expect(note.lines.data.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      ['Checkout Ring', 2, 2 * Number(item!.unit_price)],
      ['Shipping', 1, Number(order!.shipping_cents)],
    ]);
    const [doc] = await sql<{ snapshot: { refund: { onTerms: boolean; reason: string } } }[]>`select snapshot from credit_notes where order_id = ${c.orderId}`;
    expect(doc!.snapshot.refund).toMatchObject({ onTerms: true, reason: 'Damaged' });
    await waitForDeliveries();
  });

  it('queues the reminder before the due day and each overdue notice once', async () => {
    await sql`update terms_invoices set status = 'paid' where account_id = ${accountId} and status = 'open'`;
    const soon = await checkout(owner, 3);
    const late = await checkout(owner, 3);
    expect((await place(owner, soon.checkoutId)).status).toBe(200);
    expect((await place(owner, late.checkoutId)).status).toBe(200);
    await sql`update terms_invoices set due_at = now() + interval '2 days' where order_id = ${soon.orderId}`;
    await sql`update terms_invoices set due_at = now() - interval '16 days' where order_id = ${late.orderId}`;
    await sweepTermsInvoices();
    await sweepTermsInvoices();
    expect((await mailKeys(soon.orderId)).filter((k) => k.startsWith('terms_reminder'))).toEqual([`terms_reminder:${soon.orderId}`]);
    // 16 days late: one notice, the day-15 one (the day-1 notice is not sent late as well).
    expect((await mailKeys(late.orderId)).filter((k) => k.startsWith('terms_overdue'))).toEqual([`terms_overdue:${late.orderId}:2`]);
  });
});
