// Invoices: create a draft (sweeping pending items in on request), update it, finalize (number, due date, hosted page
// and PDF links), send, pay (out of band, or by card through a PaymentIntent), void, mark uncollectible, delete a
// draft, list. Statuses and the wrong-state refusals follow Stripe's; amounts are the lines' sum (no tax, discounts
// or shipping), less what the customer's balance covers at finalization and what pre-payment credit notes took off.
import type { FormObject } from './form';
import { checkKnown, docUrl, invalid, listOf, mergeMetadata, missing, now, requireSecret, resourceMissing, str, stripeId, withoutInternals, type ApiResult, type Json, type RequestInfo, type Route } from './api';
import { customFieldsFrom, previousAttributes, type Customers } from './customers';
import { createInvoiceItems } from './invoice-items';
import { intParam, oneOf, pageOf } from './tax-calculations';
import type { Webhooks } from './webhooks';

export interface Invoice extends Json {
  id: string;
  object: 'invoice';
  customer: string;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  collection_method: 'charge_automatically' | 'send_invoice';
  amount_paid: number;
  amount_paid_off_stripe: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  due_date: number | null;
  metadata: Record<string, string>;
  number: string | null;
  pre_payment_credit_notes_amount: number;
  post_payment_credit_notes_amount: number;
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: number | null; paid_at: number | null; voided_at: number | null };
  _daysUntilDue: number | null;
  _dueDateFixed: boolean;
  /** What was due at finalization: the total with the customer's balance applied. */
  _base: number | null;
  /** The customer's details as finalization froze them. */
  _snapshot: Json | null;
  _paymentIntent: string | null;
  _seq: number;
}

export type PaidBy = 'card' | 'bank_transfer' | 'out_of_band' | 'credit_note' | 'nothing_due';

const NOT_OPEN = "You can only pass in open invoices. This invoice isn't open.";
const STATUSES = ['draft', 'open', 'void', 'paid', 'uncollectible'] as const;
const CREATE_FIELDS = ['auto_advance', 'collection_method', 'currency', 'custom_fields', 'customer', 'days_until_due', 'description', 'due_date', 'expand', 'footer', 'metadata', 'pending_invoice_items_behavior', 'statement_descriptor'];
const UPDATE_FIELDS = ['auto_advance', 'collection_method', 'custom_fields', 'days_until_due', 'description', 'due_date', 'expand', 'footer', 'metadata', 'statement_descriptor'];
const bool = (v: unknown) => v === 'true';

export type Invoices = ReturnType<typeof createInvoices>;

export function createInvoices(deps: { webhooks: Webhooks; customers: Customers; payments: Route; baseUrl: () => string }) {
  const { webhooks, customers } = deps;
  const invoices = new Map<string, Invoice>();
  let seq = 0;
  const items = createInvoiceItems({ webhooks, customers, invoiceFor: (id) => invoices.get(id), touchInvoice: (id, request, change) => touch(invoices.get(id)!, request, change) });

  const total = (inv: Invoice) => items.linesOf(inv.id).reduce((sum, i) => sum + i.amount, 0);
  const base = (inv: Invoice) => inv._base ?? Math.max(0, total(inv) + customers.get(inv.customer).balance);
  const amountDue = (inv: Invoice) => base(inv) - inv.pre_payment_credit_notes_amount;
  const amountRemaining = (inv: Invoice) => (inv.status === 'paid' ? 0 : Math.max(0, amountDue(inv) - inv.amount_paid));

  function render(inv: Invoice): Json {
    const lines = items.linesOf(inv.id).map(items.lineObject);
    const sum = total(inv);
    const c = customers.get(inv.customer);
    const who = inv._snapshot ?? { customer_address: c.address, customer_email: c.email, customer_name: c.name, customer_phone: c.phone, customer_shipping: c.shipping, customer_tax_exempt: c.tax_exempt };
    const draft = inv.status === 'draft';
    return {
      ...withoutInternals(inv),
      account_country: 'US', account_name: null, account_tax_ids: null,
      amount_due: amountDue(inv), amount_overpaid: 0, amount_remaining: amountRemaining(inv), amount_shipping: 0,
      application: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: draft && inv.auto_advance ? Number(inv.created) + 3600 : null,
      customer_account: null, ...who, customer_tax_ids: [],
      default_payment_method: null, default_source: null, default_tax_rates: [], discounts: [],
      ending_balance: draft ? null : inv.ending_balance,
      from_invoice: null, issuer: { type: 'self' }, last_finalization_error: null, latest_revision: null,
      lines: { object: 'list', data: lines.slice(0, 10), has_more: lines.length > 10, total_count: lines.length, url: `/v1/invoices/${inv.id}/lines` },
      livemode: false,
      next_payment_attempt: null, on_behalf_of: null, parent: null,
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: inv.created, period_start: inv.created, receipt_number: null, rendering: null, shipping_cost: null, shipping_details: null,
      starting_balance: draft ? c.balance : inv.starting_balance,
      subtotal: sum, subtotal_excluding_tax: sum, test_clock: null, total: sum,
      total_discount_amounts: [], total_excluding_tax: sum, total_pretax_credit_amounts: [], total_taxes: [],
      webhooks_delivered_at: inv.created,
    };
  }

  function emit(type: string, inv: Invoice, request: RequestInfo, previous?: Json) {
    return webhooks.emit(type, render(inv), inv.id, request, undefined, previous);
  }

  /** Applies a change and sends invoice.updated with what it changed, if anything. */
  function touch(inv: Invoice, request: RequestInfo, change: () => void) {
    const before = render(inv);
    change();
    const previous = previousAttributes({ ...before, lines: undefined }, { ...render(inv), lines: undefined });
    if (previous) emit('invoice.updated', inv, request, previous);
  }

  function get(id: string, param: string, status = 404): Invoice {
    const inv = invoices.get(id);
    if (!inv) throw resourceMissing('invoice', id, param, status);
    return inv;
  }

  /** Checks collection_method, days_until_due and due_date together, as Stripe does, and the rest of the editable
   * fields; returns the change to apply, so a refused request changes nothing. */
  function edits(inv: Invoice, params: FormObject): () => void {
    const method = oneOf(params.collection_method, ['charge_automatically', 'send_invoice'] as const, 'collection_method') ?? inv.collection_method;
    const days = intParam(params, 'days_until_due', 'days_until_due', false);
    const due = intParam(params, 'due_date', 'due_date', false);
    if (days !== undefined && days < 0) throw invalid('Invalid days_until_due: must be greater than or equal to 0', { param: 'days_until_due' });
    if (method === 'charge_automatically' && (days !== undefined || due !== undefined)) {
      throw invalid("You can only specify 'due_date' or 'days_until_due' if invoice collection method is 'send_invoice'.");
    }
    const terms =
      method === 'charge_automatically' ? { due_date: null, _daysUntilDue: null, _dueDateFixed: false }
      : due !== undefined ? { due_date: due, _daysUntilDue: null, _dueDateFixed: true }
      : days !== undefined ? { due_date: Number(inv.created) + days * 86400, _daysUntilDue: days, _dueDateFixed: false }
      : {};
    if (method === 'send_invoice' && (terms.due_date ?? inv.due_date) == null) {
      throw invalid("If invoice collection method is 'send_invoice', you must specify 'due_date' or 'days_until_due'.");
    }
    const fields = customFieldsFrom(params.custom_fields, 'custom_fields');
    const metadata = mergeMetadata(inv.metadata, params.metadata);
    const text = (k: string) => (params[k] === undefined ? {} : { [k]: str(params[k]) || null });
    return () =>
      Object.assign(inv, { collection_method: method, ...terms, metadata, ...text('footer'), ...text('description'), ...text('statement_descriptor') },
        fields === undefined ? {} : { custom_fields: fields },
        params.auto_advance === undefined ? {} : { auto_advance: bool(params.auto_advance) });
  }

  function create(params: FormObject, request: RequestInfo): Invoice {
    checkKnown(params, CREATE_FIELDS);
    const customerId = str(params.customer);
    if (!customerId) throw missing('customer');
    const c = customers.get(customerId);
    const behavior = oneOf(params.pending_invoice_items_behavior, ['include', 'exclude'] as const, 'pending_invoice_items_behavior') ?? 'exclude';
    const raw = str(params.currency);
    if (raw && !/^[a-zA-Z]{3}$/.test(raw)) throw invalid(`Invalid currency: ${raw}`, { param: 'currency' });
    const inv: Invoice = {
      id: stripeId('in'), object: 'invoice', customer: c.id, currency: raw?.toLowerCase() ?? c.currency ?? 'usd', status: 'draft',
      collection_method: 'charge_automatically', amount_paid: 0, amount_paid_off_stripe: 0, attempt_count: 0, attempted: false,
      auto_advance: false, billing_reason: 'manual', created: now(), custom_fields: c.invoice_settings.custom_fields,
      description: null, due_date: null, effective_at: null, ending_balance: null, footer: c.invoice_settings.footer,
      hosted_invoice_url: null, invoice_pdf: null, metadata: {}, number: null,
      post_payment_credit_notes_amount: 0, pre_payment_credit_notes_amount: 0, starting_balance: 0, statement_descriptor: null,
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      _daysUntilDue: null, _dueDateFixed: false, _base: null, _snapshot: null, _paymentIntent: null, _seq: ++seq,
    };
    edits(inv, params)();
    invoices.set(inv.id, inv);
    if (behavior === 'include') items.sweepPending(c.id, inv.currency, inv.id);
    emit('invoice.created', inv, request);
    return inv;
  }

  function update(inv: Invoice, params: FormObject, request: RequestInfo) {
    checkKnown(params, UPDATE_FIELDS);
    if (inv.status !== 'draft') {
      const refused = Object.keys(params).find((k) => !['metadata', 'expand', 'auto_advance'].includes(k));
      if (refused) throw invalid("Finalized invoices can't be updated in this way", { param: refused });
    }
    touch(inv, request, edits(inv, params));
  }

  function finalize(inv: Invoice, request: RequestInfo) {
    if (inv.status !== 'draft') throw invalid("This invoice is already finalized, you can't re-finalize a non-draft invoice.");
    const c = customers.get(inv.customer);
    const at = now();
    const due = total(inv) + c.balance;
    Object.assign(inv, {
      status: 'open', number: customers.nextInvoiceNumber(c), effective_at: at, starting_balance: c.balance, ending_balance: Math.min(0, due),
      _base: Math.max(0, due), _snapshot: { customer_address: c.address, customer_email: c.email, customer_name: c.name, customer_phone: c.phone, customer_shipping: c.shipping, customer_tax_exempt: c.tax_exempt },
      hosted_invoice_url: `${deps.baseUrl()}/__test/invoice/${inv.id}`, invoice_pdf: `${deps.baseUrl()}/__test/invoice/${inv.id}/pdf`,
    });
    inv.status_transitions.finalized_at = at;
    if (inv._daysUntilDue !== null && !inv._dueDateFixed) inv.due_date = at + inv._daysUntilDue * 86400;
    c.balance = Math.min(0, due);
    c.currency ??= inv.currency;
    emit('invoice.finalized', inv, request);
    // Nothing to collect: Stripe marks it paid at once.
    if (amountDue(inv) === 0) markPaid(inv, 'nothing_due', request);
  }

  /** Settles what is left of an open (or uncollectible) invoice and sends invoice.paid (and payment_succeeded). */
  function markPaid(inv: Invoice, by: PaidBy, request: RequestInfo) {
    const amount = amountRemaining(inv);
    const collected = by === 'card' || by === 'bank_transfer' || by === 'nothing_due';
    if (by !== 'credit_note') inv.amount_paid += amount;
    if (by === 'out_of_band') inv.amount_paid_off_stripe += amount;
    Object.assign(inv, { status: 'paid', attempted: inv.attempted || collected });
    inv.status_transitions.paid_at = now();
    emit('invoice.paid', inv, request);
    if (collected) emit('invoice.payment_succeeded', inv, request);
  }

  /** A failed attempt: counted, and invoice.payment_failed sent; the invoice stays open. */
  function paymentFailed(inv: Invoice, request: RequestInfo) {
    inv.attempted = true;
    inv.attempt_count += 1;
    emit('invoice.payment_failed', inv, request);
  }

  /** Charges what is due through a PaymentIntent (a test PaymentMethod id or raw card data), as Stripe does. */
  function payByCard(inv: Invoice, card: FormObject, request: RequestInfo): ApiResult {
    const params: FormObject = { amount: String(amountRemaining(inv)), currency: inv.currency, customer: inv.customer, description: 'Payment for Invoice', confirm: 'true', ...card };
    const result = deps.payments({ method: 'POST', path: '/v1/payment_intents', params, query: new URLSearchParams(), access: 'secret', request })!;
    const pi = (result.status === 200 ? result.body : result.body.payment_intent) as Json;
    inv._paymentIntent = String(pi.id);
    inv.attempted = true;
    inv.attempt_count += 1;
    if (result.status === 200 && pi.status === 'succeeded') {
      markPaid(inv, 'card', request);
      return { status: 200, body: render(inv) };
    }
    if (result.status === 200) {
      // 3-D Secure: Stripe leaves the invoice open with its PaymentIntent waiting for the customer.
      emit('invoice.payment_action_required', inv, request);
      const code = 'invoice_payment_intent_requires_action';
      const message = 'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice.';
      return { status: 402, body: { type: 'card_error', code, doc_url: docUrl(code), message, payment_intent: withoutInternals(pi) } };
    }
    emit('invoice.payment_failed', inv, request);
    return { status: result.status, body: { ...result.body, payment_intent: withoutInternals(pi) } };
  }

  function pay(inv: Invoice, params: FormObject, request: RequestInfo): ApiResult {
    checkKnown(params, ['expand', 'forgive', 'mandate', 'off_session', 'paid_out_of_band', 'payment_method', 'source']);
    if (inv.status === 'paid') throw invalid('Invoice is already paid');
    if (inv.status === 'void') throw invalid(NOT_OPEN);
    if (inv.status === 'draft') {
      finalize(inv, request);
      // Nothing was due: finalizing paid it.
      if (amountRemaining(inv) === 0) return { status: 200, body: render(inv) };
    }
    if (bool(params.paid_out_of_band)) {
      markPaid(inv, 'out_of_band', request);
      return { status: 200, body: render(inv) };
    }
    const method = str(params.payment_method) ?? str(params.source);
    if (!method) throw invalid('This customer has no attached payment source or default payment method. Please consider adding a default payment method.');
    return payByCard(inv, { payment_method: method }, request);
  }

  function send(inv: Invoice, request: RequestInfo) {
    if (inv.collection_method !== 'send_invoice' && (inv.status === 'draft' || inv.status === 'open')) {
      throw invalid("You can only manually send an invoice if its collection method is 'send_invoice'.");
    }
    if (inv.status === 'draft') finalize(inv, request);
    else if (inv.status !== 'open') {
      throw invalid('This invoice cannot be sent right now. Please contact us via https://support.stripe.com/contact with details, so we can help.');
    }
    emit('invoice.sent', inv, request);
  }

  function voidInvoice(inv: Invoice, request: RequestInfo) {
    if (inv.status === 'paid') throw invalid('Invoices with `paid` payments cannot be voided.');
    if (inv.status !== 'open' && inv.status !== 'uncollectible') throw invalid(NOT_OPEN);
    inv.status = 'void';
    inv.status_transitions.voided_at = now();
    emit('invoice.voided', inv, request);
  }

  function markUncollectible(inv: Invoice, request: RequestInfo) {
    if (inv.status === 'uncollectible') throw invalid('This invoice has already been marked uncollectible.');
    if (inv.status !== 'open') throw invalid(NOT_OPEN);
    inv.status = 'uncollectible';
    inv.status_transitions.marked_uncollectible_at = now();
    emit('invoice.marked_uncollectible', inv, request);
  }

  const route: Route = (call) => {
    const { method, path, params, query, access, request } = call;
    if (path === '/v1/invoiceitems' || path.startsWith('/v1/invoiceitems/')) return items.route(call);
    if (path === '/v1/invoices') {
      requireSecret(access);
      if (method === 'POST') return { status: 200, body: render(create(params, request)) };
      if (method !== 'GET') return null;
      const status = query.get('status');
      if (status && !(STATUSES as readonly string[]).includes(status)) throw invalid('Invalid status: must be one of draft, open, void, paid, or uncollectible', { param: 'status' });
      const customer = query.get('customer');
      const methodFilter = query.get('collection_method');
      const list = [...invoices.values()].filter((i) => (!customer || i.customer === customer) && (!status || i.status === status) && (!methodFilter || i.collection_method === methodFilter));
      return { status: 200, body: listOf(list.sort((a, b) => b._seq - a._seq).map(render), '/v1/invoices', query) };
    }
    const m = /^\/v1\/invoices\/([^/]+)(?:\/([a-z_]+))?$/.exec(path);
    if (!m) return null;
    requireSecret(access);
    const id = decodeURIComponent(m[1]!);
    const action = m[2];
    if (!action) {
      const inv = get(id, method === 'POST' ? 'id' : 'invoice');
      if (method === 'POST') update(inv, params, request);
      if (method === 'GET' || method === 'POST') return { status: 200, body: render(inv) };
      if (method !== 'DELETE') return null;
      if (inv.status !== 'draft') throw invalid('You can only delete draft invoices.');
      invoices.delete(inv.id);
      webhooks.emit('invoice.deleted', render(inv), inv.id, request);
      return { status: 200, body: { id: inv.id, object: 'invoice', deleted: true } };
    }
    if (method === 'GET' && action === 'lines') return { status: 200, body: pageOf(items.linesOf(get(id, 'invoice').id).map(items.lineObject), path, query) };
    if (method !== 'POST') return null;
    const inv = get(id, action === 'send' ? 'invoice' : 'id');
    if (action === 'pay') return pay(inv, params, request);
    if (action === 'add_lines') {
      items.addLines(inv, params, request);
      return { status: 200, body: render(inv) };
    }
    if (action === 'finalize') {
      checkKnown(params, ['auto_advance', 'expand']);
      if (params.auto_advance !== undefined && inv.status === 'draft') inv.auto_advance = bool(params.auto_advance);
      finalize(inv, request);
    } else if (action === 'send') send(inv, request);
    else if (action === 'void') voidInvoice(inv, request);
    else if (action === 'mark_uncollectible') markUncollectible(inv, request);
    else return null;
    return { status: 200, body: render(inv) };
  };

  return {
    route, render, emit, get, find: (id: string) => invoices.get(id), total, amountRemaining, markPaid, paymentFailed, payByCard, touch,
    lines: (inv: Invoice) => items.linesOf(inv.id).map(items.lineObject),
  };
}
