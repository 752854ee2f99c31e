// Stripe Invoicing in the Stripe stand-in, driven through the real `stripe` SDK against a stand-in of this file's own
// (its events land on a local receiver): customers, invoice items, the invoice's statuses and the refusals of the
// wrong ones, card and out-of-band payments, credit notes before and after payment, the events in order, and the
// hosted invoice page with its card form and its late-arriving (or failing) bank transfer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createStripeClient } from '@/lib/payments/client';
import { startStripeServer, type StripeServerHandle } from '../../local-stack/stripe/server';

const SECRET = 'sk_test_invoicing_stand_in';
const WEBHOOK_SECRET = 'whsec_invoicing_stand_in';
const DAY = 86_400;

let stand: StripeServerHandle;
let sdk: Stripe;
let receiver: Server;
const received: Array<{ body: string; signature: string }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  stand = await startStripeServer({ port: 0, webhookUrl: hook, webhookSecret: WEBHOOK_SECRET, secretKey: SECRET, retryDelaysMs: [50] });
  sdk = createStripeClient({ secretKey: SECRET, apiBase: stand.url });
});

afterAll(async () => {
  await stand?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

async function refusal(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(Stripe.errors.StripeError);
  return err as Stripe.errors.StripeError;
}

/** The types of the events about one object (an invoice, customer, invoice item or PaymentIntent), oldest first. */
const typesFor = (id: string) => stand.events().filter((e) => e.paymentIntent === id).map((e) => e.type);
const lastEvent = (id: string, type: string) => JSON.parse(stand.events().filter((e) => e.paymentIntent === id && e.type === type).at(-1)!.body) as Stripe.Event;

async function customer(extra: Stripe.CustomerCreateParams = {}) {
  return sdk.customers.create({ email: 'buyer@gallery.example', name: 'Gallery Nord', ...extra });
}

/** A finalized send_invoice invoice for `amounts`, one line each. */
async function openInvoice(amounts: number[], cus?: Stripe.Customer) {
  const c = cus ?? (await customer());
  const draft = await sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice', days_until_due: 30 });
  for (const [i, amount] of amounts.entries()) await sdk.invoiceItems.create({ customer: c.id, invoice: draft.id, amount, currency: 'usd', description: `Line ${i + 1}` });
  return sdk.invoices.finalizeInvoice(draft.id);
}

const control = (path: string, body?: object) =>
  fetch(`${stand.url}/__control/${path}`, { method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${SECRET}` }, body: body ? JSON.stringify(body) : undefined });
const postForm = (url: string, form: Record<string, string>) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
const expiry = `12/${String(new Date().getUTCFullYear() + 2).slice(2)}`;

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('customers', () => {
  it('creates, retrieves and updates a customer, merging metadata', async () => {
    const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' };
    const c = await sdk.customers.create({ email: 'ap@gallery.example', name: 'Gallery Nord', phone: '+14155550100', address, tax_exempt: 'exempt', metadata: { account: 'T-1', tier: 'gold' } });
    expect(c).toMatchObject({ object: 'customer', email: 'ap@gallery.example', name: 'Gallery Nord', phone: '+14155550100', tax_exempt: 'exempt', balance: 0, livemode: false, address: { ...address, line2: null }, metadata: { account: 'T-1', tier: 'gold' } });
    expect(c.id).toMatch(/^cus_/);
    expect(c.invoice_prefix).toMatch(/^[0-9A-F]{8}$/);
    expect(await sdk.customers.retrieve(c.id)).toMatchObject({ id: c.id, email: 'ap@gallery.example' });

    const updated = await sdk.customers.update(c.id, { name: 'Gallery Nord AB', tax_exempt: 'reverse', metadata: { tier: '', region: 'EU' } });
    expect(updated).toMatchObject({ name: 'Gallery Nord AB', tax_exempt: 'reverse', metadata: { account: 'T-1', region: 'EU' } });
    expect(typesFor(c.id)).toEqual(['customer.created', 'customer.updated']);
    expect(lastEvent(c.id, 'customer.updated').data.previous_attributes).toMatchObject({ name: 'Gallery Nord', tax_exempt: 'exempt' });
  });

  it('answers 404 for an unknown customer and 400 for a bad tax status', async () => {
    const missing = await refusal(sdk.customers.retrieve('cus_nope'));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_nope'" });
    const bad = await refusal(sdk.customers.create({ tax_exempt: 'partial' as 'none' }));
    expect(bad).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param: 'tax_exempt' });
  });
});

describe('invoice items and drafts', () => {
  it('sweeps pending items into a new invoice only on request, newest first, and adds items to a draft', async () => {
    const c = await customer({ invoice_prefix: 'GNORD' });
    const hoops = await sdk.invoiceItems.create({ customer: c.id, amount: 5000, currency: 'usd', description: 'Gold hoops' });
    const chains = await sdk.invoiceItems.create({ customer: c.id, unit_amount_decimal: Stripe.Decimal.from('1250.5'), quantity: 3, currency: 'usd', description: 'Chains' });
    expect(hoops).toMatchObject({ object: 'invoiceitem', amount: 5000, quantity: 1, invoice: null, customer: c.id, currency: 'usd' });
    expect(chains.amount).toBe(3752); // 1250.5 × 3, rounded half up
    expect(chains.pricing!.unit_amount_decimal!.toString()).toBe('1250.5');
    expect(chains.quantity_decimal.toString()).toBe('3');

    const empty = await sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice', days_until_due: 14 });
    expect(empty.lines.data).toEqual([]); // exclude is the default
    const inv = await sdk.invoices.create({
      customer: c.id, collection_method: 'send_invoice', days_until_due: 30, pending_invoice_items_behavior: 'include',
      custom_fields: [{ name: 'PO number', value: 'PO-7781' }], footer: 'Net 30', description: 'Spring order', metadata: { order: 'A-1', channel: 'web' },
    });
    expect(inv).toMatchObject({
      object: 'invoice', status: 'draft', number: null, hosted_invoice_url: null, invoice_pdf: null, collection_method: 'send_invoice',
      total: 8752, subtotal: 8752, amount_due: 8752, amount_remaining: 8752, amount_paid: 0, billing_reason: 'manual', auto_advance: false,
      custom_fields: [{ name: 'PO number', value: 'PO-7781' }], footer: 'Net 30', description: 'Spring order', customer_email: 'buyer@gallery.example',
    });
    expect(inv.due_date).toBe(inv.created + 30 * DAY);
    expect(inv.lines.data.map((l) => [l.description, l.amount, l.parent!.invoice_item_details!.invoice_item])).toEqual([['Chains', 3752, chains.id], ['Gold hoops', 5000, hoops.id]]);

    const ring = await sdk.invoiceItems.create({ customer: c.id, invoice: inv.id, amount: 1000, description: 'Ring' });
    expect(ring.invoice).toBe(inv.id);
    const lines = await sdk.invoices.listLineItems(inv.id);
    expect(lines.data.map((l) => l.description)).toEqual(['Chains', 'Gold hoops', 'Ring']);
    expect(lastEvent(inv.id, 'invoice.updated').data.previous_attributes).toMatchObject({ total: 8752, amount_due: 8752 });
    const pending = await sdk.invoiceItems.create({ customer: c.id, amount: 700, currency: 'usd', description: 'Later' });
    expect((await sdk.invoiceItems.list({ customer: c.id, pending: true })).data.map((i) => i.id)).toEqual([pending.id]);

    const edited = await sdk.invoices.update(inv.id, { metadata: { channel: '', rep: 'K' }, footer: 'Net 45', days_until_due: 45, custom_fields: [{ name: 'PO number', value: 'PO-7782' }] });
    expect(edited).toMatchObject({ metadata: { order: 'A-1', rep: 'K' }, footer: 'Net 45', custom_fields: [{ name: 'PO number', value: 'PO-7782' }], due_date: inv.created + 45 * DAY });

    const open = await sdk.invoices.finalizeInvoice(inv.id);
    const at = open.status_transitions.finalized_at!;
    expect(open).toMatchObject({ status: 'open', number: 'GNORD-0001', total: 9752, amount_due: 9752, amount_remaining: 9752, effective_at: at });
    expect(open.due_date).toBe(at + 45 * DAY);
    expect(open.hosted_invoice_url).toBe(`${stand.url}/__test/invoice/${inv.id}`);
    expect(open.invoice_pdf).toBe(`${stand.url}/__test/invoice/${inv.id}/pdf`);
    expect(typesFor(inv.id)).toEqual(['invoice.created', 'invoice.updated', 'invoice.updated', 'invoice.finalized']);

    const pdf = await fetch(open.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('(Invoice GNORD-0001)');
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('refuses what Stripe refuses on drafts and finalized invoices', async () => {
    const c = await customer();
    const noDue = await refusal(sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice' }));
    expect(noDue).toMatchObject({ statusCode: 400, message: "If invoice collection method is 'send_invoice', you must specify 'due_date' or 'days_until_due'." });
    const dueOnCharge = await refusal(sdk.invoices.create({ customer: c.id, days_until_due: 10 }));
    expect(dueOnCharge.message).toBe("You can only specify 'due_date' or 'days_until_due' if invoice collection method is 'send_invoice'.");
    const noCustomer = await refusal(sdk.invoices.create({ customer: 'cus_ghost', collection_method: 'send_invoice', days_until_due: 1 }));
    expect(noCustomer).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    expect(await refusal(sdk.invoices.retrieve('in_nope'))).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such invoice: 'in_nope'" });
    const both = await refusal(sdk.invoiceItems.create({ customer: c.id, amount: 100, quantity: 2, currency: 'usd' }));
    expect(both).toMatchObject({ statusCode: 400, message: 'You may only specify one of these parameters: amount, quantity.' });

    const open = await openInvoice([2500], c);
    expect(await refusal(sdk.invoices.finalizeInvoice(open.id))).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', message: "This invoice is already finalized, you can't re-finalize a non-draft invoice." });
    expect(await refusal(sdk.invoices.update(open.id, { footer: 'Changed' }))).toMatchObject({ statusCode: 400, message: "Finalized invoices can't be updated in this way", param: 'footer' });
    expect((await sdk.invoices.update(open.id, { metadata: { note: 'ok' } })).metadata).toEqual({ note: 'ok' });
    const late = await refusal(sdk.invoiceItems.create({ customer: c.id, invoice: open.id, amount: 100 }));
    expect(late).toMatchObject({ statusCode: 400, code: 'invoice_not_editable', message: 'Invalid invoice: This invoice is no longer editable', param: 'invoice' });
    expect(await refusal(sdk.invoices.list({ status: 'late' as 'open' }))).toMatchObject({ statusCode: 400, message: 'Invalid status: must be one of draft, open, void, paid, or uncollectible' });
  });
});

describe('adding lines', () => {
  it('adds every line to a draft in one call, all or none, and refuses a finalized invoice', async () => {
    const c = await customer();
    const draft = await sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice', days_until_due: 30 });
    const bad = await refusal(sdk.invoices.addLines(draft.id, { lines: [{ amount: 1200, description: 'Ring' }, { description: 'No amount' }] }));
    expect(bad).toMatchObject({ statusCode: 400, param: 'lines[1][amount]' });
    expect((await sdk.invoices.retrieve(draft.id)).lines.data).toHaveLength(0);
    const added = await sdk.invoices.addLines(draft.id, {
      lines: [{ amount: 1200, description: 'Ring × 2', metadata: { sku: 'R-1' } }, { amount: 350, description: 'Shipping' }],
      invoice_metadata: { order_id: 'o-1' },
    });
    expect(added.lines.data.map((l) => [l.description, l.amount])).toEqual([['Ring × 2', 1200], ['Shipping', 350]]);
    expect(added).toMatchObject({ status: 'draft', total: 1550, metadata: { order_id: 'o-1' } });
    const open = await sdk.invoices.finalizeInvoice(draft.id);
    expect(open.amount_due).toBe(1550);
    expect(await refusal(sdk.invoices.addLines(draft.id, { lines: [{ amount: 1 }] }))).toMatchObject({ statusCode: 400, code: 'invoice_not_editable' });
  });
});

describe('paying, voiding and writing off', () => {
  it('sends an open invoice and records a payment made outside Stripe', async () => {
    const inv = await openInvoice([4000, 1500]);
    const sent = await sdk.invoices.sendInvoice(inv.id);
    expect(sent.status).toBe('open');
    const paid = await sdk.invoices.pay(inv.id, { paid_out_of_band: true });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 5500, amount_paid_off_stripe: 5500, amount_remaining: 0, attempted: false });
    expect(paid.status_transitions.paid_at).toBeGreaterThanOrEqual(paid.status_transitions.finalized_at!);
    expect(typesFor(inv.id)).toEqual(['invoice.created', 'invoice.updated', 'invoice.updated', 'invoice.finalized', 'invoice.sent', 'invoice.paid']);

    expect(await refusal(sdk.invoices.pay(inv.id, { paid_out_of_band: true }))).toMatchObject({ statusCode: 400, message: 'Invoice is already paid' });
    expect(await refusal(sdk.invoices.voidInvoice(inv.id))).toMatchObject({ statusCode: 400, message: 'Invoices with `paid` payments cannot be voided.' });
    expect(await refusal(sdk.invoices.sendInvoice(inv.id))).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^This invoice cannot be sent right now/) });
  });

  it('charges a test card: a decline answers 402 and leaves the invoice open, the next card pays it', async () => {
    const inv = await openInvoice([2500]);
    const declined = await refusal(sdk.invoices.pay(inv.id, { payment_method: 'pm_card_chargeDeclined' }));
    expect(declined).toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect(await sdk.invoices.retrieve(inv.id)).toMatchObject({ status: 'open', amount_remaining: 2500, attempted: true, attempt_count: 1 });
    const paid = await sdk.invoices.pay(inv.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 2500, amount_paid_off_stripe: 0, amount_remaining: 0, attempt_count: 2 });
    expect(typesFor(inv.id).slice(-3)).toEqual(['invoice.payment_failed', 'invoice.paid', 'invoice.payment_succeeded']);
    const intents = stand.events().filter((e) => e.type.startsWith('payment_intent.') && JSON.parse(e.body).data.object.description === 'Payment for Invoice');
    expect(intents.slice(-2).map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);
    expect(await refusal(sdk.invoices.pay(inv.id, { payment_method: 'pm_card_visa' }))).toMatchObject({ message: 'Invoice is already paid' });
  });

  it('pays a draft in one call, pays a zero invoice on finalizing, and needs a payment method', async () => {
    const c = await customer();
    const draft = await sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice', days_until_due: 7 });
    await sdk.invoiceItems.create({ customer: c.id, invoice: draft.id, amount: 900 });
    expect(await refusal(sdk.invoices.pay(draft.id))).toMatchObject({ statusCode: 400, message: expect.stringMatching(/no attached payment source or default payment method/) });
    const paid = await sdk.invoices.pay(draft.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 900 });
    expect(paid.number).toMatch(/-0001$/);

    const zero = await sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice', days_until_due: 7 });
    const done = await sdk.invoices.finalizeInvoice(zero.id);
    expect(done).toMatchObject({ status: 'paid', total: 0, amount_due: 0, amount_paid: 0, attempted: true, attempt_count: 0, number: expect.stringMatching(/-0002$/) });
    expect(typesFor(zero.id)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded']);
  });

  it('marks an invoice uncollectible, then voids it; refuses the wrong states', async () => {
    const inv = await openInvoice([3000]);
    const bad = await sdk.invoices.markUncollectible(inv.id);
    expect(bad.status).toBe('uncollectible');
    expect(bad.status_transitions.marked_uncollectible_at).toBeGreaterThan(0);
    expect(await refusal(sdk.invoices.markUncollectible(inv.id))).toMatchObject({ statusCode: 400, message: 'This invoice has already been marked uncollectible.' });
    const voided = await sdk.invoices.voidInvoice(inv.id);
    expect(voided).toMatchObject({ status: 'void', amount_remaining: 3000 });
    expect(voided.status_transitions.voided_at).toBeGreaterThan(0);
    const notOpen = "You can only pass in open invoices. This invoice isn't open.";
    expect(await refusal(sdk.invoices.voidInvoice(inv.id))).toMatchObject({ statusCode: 400, message: notOpen });
    expect(await refusal(sdk.invoices.markUncollectible(inv.id))).toMatchObject({ message: notOpen });
    expect(await refusal(sdk.invoices.pay(inv.id, { paid_out_of_band: true }))).toMatchObject({ message: notOpen });
    expect(typesFor(inv.id).slice(-2)).toEqual(['invoice.marked_uncollectible', 'invoice.voided']);

    const c = await customer();
    const draft = await sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice', days_until_due: 7 });
    expect(await refusal(sdk.invoices.voidInvoice(draft.id))).toMatchObject({ message: notOpen });
    expect(await sdk.invoices.del(draft.id)).toEqual({ id: draft.id, object: 'invoice', deleted: true });
    expect(await refusal(sdk.invoices.retrieve(draft.id))).toMatchObject({ statusCode: 404 });
  });

  it('lists a customer’s invoices by status, newest first, a page at a time', async () => {
    const c = await customer();
    const first = await openInvoice([100], c);
    const second = await openInvoice([200], c);
    const draft = await sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice', days_until_due: 7 });
    const all = await sdk.invoices.list({ customer: c.id });
    expect(all.data.map((i) => i.id)).toEqual([draft.id, second.id, first.id]);
    expect((await sdk.invoices.list({ customer: c.id, status: 'open' })).data.map((i) => i.id)).toEqual([second.id, first.id]);
    const page = await sdk.invoices.list({ customer: c.id, limit: 1, starting_after: draft.id });
    expect(page).toMatchObject({ has_more: true, data: [{ id: second.id }] });
  });

  it('sends invoice.overdue on demand, for open invoices only', async () => {
    const inv = await openInvoice([1200]);
    const res = await control(`invoices/${inv.id}/overdue`, {});
    expect(res.status).toBe(200);
    const { event } = (await res.json()) as { event: string };
    expect(stand.events().find((e) => e.id === event)).toMatchObject({ type: 'invoice.overdue', paymentIntent: inv.id });
    await sdk.invoices.pay(inv.id, { paid_out_of_band: true });
    expect((await control(`invoices/${inv.id}/overdue`, {})).status).toBe(400);
    expect((await control('invoices/in_nope/overdue', {})).status).toBe(404);
  });
});

describe('credit notes', () => {
  it('lowers what an open invoice still owes, and pays it when nothing is left', async () => {
    const inv = await openInvoice([10_000]);
    const first = await sdk.creditNotes.create({ invoice: inv.id, amount: 3000, reason: 'order_change', memo: 'One ring returned', metadata: { rma: 'R-1' } });
    expect(first).toMatchObject({
      object: 'credit_note', amount: 3000, total: 3000, pre_payment_amount: 3000, post_payment_amount: 0, type: 'pre_payment', status: 'issued',
      reason: 'order_change', memo: 'One ring returned', metadata: { rma: 'R-1' }, invoice: inv.id, number: `${inv.number}-CN-01`, refunds: [], out_of_band_amount: null,
    });
    expect(await sdk.invoices.retrieve(inv.id)).toMatchObject({ status: 'open', total: 10_000, amount_due: 7000, amount_remaining: 7000, pre_payment_credit_notes_amount: 3000 });

    const second = await sdk.creditNotes.create({ invoice: inv.id, lines: [{ type: 'custom_line_item', unit_amount: 2000, quantity: 2, description: 'Two chains' }] });
    expect(second).toMatchObject({ total: 4000, pre_payment_amount: 4000, number: `${inv.number}-CN-02` });
    expect(second.lines.data).toMatchObject([{ object: 'credit_note_line_item', type: 'custom_line_item', amount: 4000, unit_amount: 2000, quantity: 2, description: 'Two chains' }]);
    expect(await refusal(sdk.creditNotes.create({ invoice: inv.id, amount: 3001 }))).toMatchObject({ statusCode: 400, param: 'amount' });
    expect(await refusal(sdk.creditNotes.create({ invoice: inv.id, amount: 1000, refund_amount: 1000 }))).toMatchObject({ statusCode: 400 });

    await sdk.creditNotes.create({ invoice: inv.id, amount: 3000 });
    expect(await sdk.invoices.retrieve(inv.id)).toMatchObject({ status: 'paid', amount_due: 0, amount_remaining: 0, amount_paid: 0, pre_payment_credit_notes_amount: 10_000 });
    expect(typesFor(inv.id).slice(-3)).toEqual(['credit_note.created', 'invoice.updated', 'invoice.paid']);
    expect(await refusal(sdk.creditNotes.create({ invoice: inv.id, amount: 1 }))).toMatchObject({ statusCode: 400 }); // nothing left to credit

    expect(await sdk.creditNotes.retrieve(first.id)).toMatchObject({ id: first.id, amount: 3000 });
    expect((await sdk.creditNotes.list({ invoice: inv.id })).data.map((n) => n.number)).toEqual([`${inv.number}-CN-03`, `${inv.number}-CN-02`, `${inv.number}-CN-01`]);
    expect(await refusal(sdk.creditNotes.retrieve('cn_nope'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('splits a paid invoice’s credit between a refund, the customer’s balance and money returned outside Stripe', async () => {
    const c = await customer();
    const inv = await openInvoice([10_000], c);
    await sdk.invoices.pay(inv.id, { payment_method: 'pm_card_visa' });
    const wrong = await refusal(sdk.creditNotes.create({ invoice: inv.id, amount: 6000, refund_amount: 4000 }));
    expect(wrong).toMatchObject({ statusCode: 400, message: expect.stringMatching(/must equal the credit note's post-payment amount/) });

    const note = await sdk.creditNotes.create({ invoice: inv.id, amount: 6000, refund_amount: 4000, credit_amount: 1500, out_of_band_amount: 500, reason: 'product_unsatisfactory' });
    expect(note).toMatchObject({ type: 'post_payment', pre_payment_amount: 0, post_payment_amount: 6000, out_of_band_amount: 500 });
    expect(note.customer_balance_transaction).toMatch(/^cbtxn_/);
    expect(note.refunds).toHaveLength(1);
    const refund = await sdk.refunds.retrieve(note.refunds[0]!.refund as string);
    expect(refund).toMatchObject({ amount: 4000, status: 'succeeded', reason: 'requested_by_customer' });
    expect(note.refunds[0]).toMatchObject({ amount_refunded: 4000, type: 'refund' });
    expect(stand.events().some((e) => e.type === 'charge.refunded' && JSON.parse(e.body).data.object.amount_refunded === 4000)).toBe(true);
    expect(await sdk.invoices.retrieve(inv.id)).toMatchObject({ status: 'paid', amount_paid: 10_000, post_payment_credit_notes_amount: 6000 });
    expect((await sdk.customers.retrieve(c.id)) as Stripe.Customer).toMatchObject({ balance: -1500 });

    // The balance pays part of the customer's next invoice.
    const next = await openInvoice([2000], c);
    expect(next).toMatchObject({ total: 2000, starting_balance: -1500, amount_due: 500, ending_balance: 0 });
    expect((await sdk.customers.retrieve(c.id)) as Stripe.Customer).toMatchObject({ balance: 0 });

    const outside = await openInvoice([800], c);
    await sdk.invoices.pay(outside.id, { paid_out_of_band: true });
    expect(await refusal(sdk.creditNotes.create({ invoice: outside.id, amount: 800, refund_amount: 800 }))).toMatchObject({ statusCode: 400, param: 'refund_amount' });
    expect((await sdk.creditNotes.create({ invoice: outside.id, amount: 800, out_of_band_amount: 800 })).type).toBe('post_payment');
    const draft = await sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice', days_until_due: 7 });
    expect(await refusal(sdk.creditNotes.create({ invoice: draft.id, amount: 100 }))).toMatchObject({ statusCode: 400, param: 'invoice' });
  });
});

describe('the hosted invoice page', () => {
  it('shows the invoice and takes a test card; a decline shows its message', async () => {
    const inv = await openInvoice([12_345]);
    const page = await fetch(inv.hosted_invoice_url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain(`Invoice ${inv.number}`);
    expect(html).toContain('Line 1');
    expect(html).toContain('$123.45');
    expect(html).toMatch(/Due [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).toContain('<label for="card-exp">');
    expect(html).toContain('<label for="card-cvc">');
    expect(html).toMatch(/<button type="submit" class="secondary">Pay by bank transfer<\/button>/);

    const declined = await postForm(`${inv.hosted_invoice_url}/card`, { number: '4000 0000 0000 0002', exp: expiry, cvc: '123' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('role="alert">Your card was declined.</p>');
    expect((await sdk.invoices.retrieve(inv.id)).status).toBe('open');
    expect(typesFor(inv.id).at(-1)).toBe('invoice.payment_failed');

    const incomplete = await postForm(`${inv.hosted_invoice_url}/card`, { number: '4242424242424242', exp: '12', cvc: '123' });
    expect(incomplete.status).toBe(400);
    const paid = await postForm(`${inv.hosted_invoice_url}/card`, { number: '4242 4242 4242 4242', exp: expiry, cvc: '123' });
    expect(paid.status).toBe(200);
    const after = await paid.text();
    expect(after).toContain('Payment received. Thank you.');
    expect(after).toMatch(/Paid on /);
    expect(after).not.toContain('card-number');
    expect(await sdk.invoices.retrieve(inv.id)).toMatchObject({ status: 'paid', amount_paid: 12_345 });
    expect(typesFor(inv.id).slice(-2)).toEqual(['invoice.paid', 'invoice.payment_succeeded']);
    expect((await postForm(`${inv.hosted_invoice_url}/card`, { number: '4242424242424242', exp: expiry, cvc: '123' })).status).toBe(409);
  });

  it('leaves the invoice open during a bank transfer, pays it when the money arrives, and can make a transfer fail', async () => {
    const switched = await control('invoices', { bankTransferDelayMs: 300 });
    expect(await switched.json()).toEqual({ bankTransferDelayMs: 300, failNextBankTransfer: false });
    const inv = await openInvoice([50_000]);
    const started = await postForm(`${inv.hosted_invoice_url}/bank_transfer`, {});
    expect(started.status).toBe(202);
    expect(await started.text()).toContain('A bank transfer is on its way.');
    expect((await sdk.invoices.retrieve(inv.id)).status).toBe('open');
    expect((await postForm(`${inv.hosted_invoice_url}/bank_transfer`, {})).status).toBe(409);
    const paid = await until(() => sdk.invoices.retrieve(inv.id), (i) => i.status === 'paid');
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 50_000, amount_remaining: 0, attempted: true });
    expect(typesFor(inv.id).slice(-2)).toEqual(['invoice.paid', 'invoice.payment_succeeded']);

    await control('invoices', { failNextBankTransfer: true });
    const failing = await openInvoice([7_000]);
    await postForm(`${failing.hosted_invoice_url}/bank_transfer`, {});
    const failed = await until(() => sdk.invoices.retrieve(failing.id), (i) => i.attempt_count > 0);
    expect(failed).toMatchObject({ status: 'open', amount_remaining: 7_000, attempted: true, attempt_count: 1 });
    expect(typesFor(failing.id).at(-1)).toBe('invoice.payment_failed');
    expect(await (await fetch(failing.hosted_invoice_url!)).text()).toContain('The last bank transfer failed.');
    expect(await (await control('invoices')).json()).toEqual({ bankTransferDelayMs: 300, failNextBankTransfer: false });
    expect(stand.invoiceMode.failNextBankTransfer).toBe(false);
  });

  it('has no page before finalization, and control calls need the secret key', async () => {
    const c = await customer();
    const draft = await sdk.invoices.create({ customer: c.id, collection_method: 'send_invoice', days_until_due: 7 });
    expect((await fetch(`${stand.url}/__test/invoice/${draft.id}`)).status).toBe(404);
    expect((await fetch(`${stand.url}/__control/invoices`, { method: 'POST', body: '{}' })).status).toBe(401);
  });
});

describe('webhook delivery', () => {
  it('delivers the invoice events signed, with the earlier values of what an update changed', async () => {
    await stand.idle();
    const events = received.map((r) => sdk.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET));
    const types = new Set(events.map((e) => e.type));
    for (const t of ['invoice.created', 'invoice.finalized', 'invoice.sent', 'invoice.paid', 'invoice.payment_failed', 'invoice.voided', 'invoice.marked_uncollectible', 'invoice.updated', 'invoice.overdue', 'credit_note.created']) {
      expect(types).toContain(t);
    }
    const update = events.find((e): e is Stripe.InvoiceUpdatedEvent => e.type === 'invoice.updated')!;
    expect(update.data.previous_attributes).toBeTruthy();
    expect(update.data.object.object).toBe('invoice');
  });
});
