// Credit notes on a finalized invoice: by `amount` or `lines[]` (custom lines, or parts of the invoice's own lines).
// As in this API version, a credit note first lowers what is still due (pre_payment_amount; all of it owed off means
// the invoice is paid); the rest (post_payment_amount) must be split exactly between refunds (refund_amount, which
// refunds the invoice's card payment, or existing refunds[]), credit_amount (the customer's balance, used by their
// next invoice) and out_of_band_amount. Never more than the invoice's total less earlier credit notes.
import type { FormObject, FormValue } from './form';
import { ApiError, checkKnown, invalid, listOf, mergeMetadata, missing, now, obj, requireSecret, resourceMissing, str, stripeId, type Json, type RequestInfo, type Route } from './api';
import type { Customers } from './customers';
import type { Invoice, Invoices } from './invoices';
import { intParam, oneOf, pageOf } from './tax-calculations';
import type { Webhooks } from './webhooks';

interface CreditNote extends Json {
  id: string;
  invoice: string;
  lines: Json[];
  metadata: Record<string, string>;
}

const REASONS = ['duplicate', 'fraudulent', 'order_change', 'product_unsatisfactory'] as const;
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export type CreditNotes = ReturnType<typeof createCreditNotes>;

export function createCreditNotes(deps: { webhooks: Webhooks; customers: Customers; invoices: Invoices; refunds: Route; baseUrl: () => string }) {
  const { invoices } = deps;
  const notes = new Map<string, CreditNote>();

  function lineFrom(raw: FormValue, i: number, inv: Invoice): Json {
    const l = obj(raw);
    const p = `lines[${i}]`;
    if (!l) throw invalid('Invalid object', { param: p });
    checkKnown(l, ['amount', 'description', 'invoice_line_item', 'metadata', 'quantity', 'tax_amounts', 'tax_rates', 'type', 'unit_amount', 'unit_amount_decimal']);
    const type = oneOf(l.type, ['custom_line_item', 'invoice_line_item'] as const, `${p}[type]`);
    if (!type) throw missing(`${p}[type]`);
    const quantity = intParam(l, 'quantity', `${p}[quantity]`, false);
    let unit: number | null;
    let amount: number;
    let extra: Json = {};
    if (type === 'custom_line_item') {
      unit = intParam(l, 'unit_amount', `${p}[unit_amount]`, false) ?? (str(l.unit_amount_decimal) ? Number(str(l.unit_amount_decimal)) : null);
      if (unit === null || !Number.isFinite(unit)) throw missing(`${p}[unit_amount]`);
      amount = Math.round(unit * (quantity ?? 1));
    } else {
      const ref = str(l.invoice_line_item);
      if (!ref) throw missing(`${p}[invoice_line_item]`);
      const line = invoices.lines(inv).find((x) => x.id === ref);
      if (!line) throw invalid(`No such invoice line item: '${ref}'`, { code: 'resource_missing', param: `${p}[invoice_line_item]` });
      unit = Math.round(Number(line.amount) / Math.max(1, Number(line.quantity ?? 1)));
      amount = intParam(l, 'amount', `${p}[amount]`, false) ?? (quantity !== undefined ? unit * quantity : Number(line.amount));
      extra = { invoice_line_item: ref };
    }
    if (amount <= 0) throw invalid(`Invalid ${p}: the amount must be greater than 0`, { param: p });
    return {
      id: stripeId('cnli'), object: 'credit_note_line_item', amount, description: str(l.description) ?? null, discount_amount: 0,
      discount_amounts: [], ...extra, livemode: false, metadata: mergeMetadata({}, l.metadata), pretax_credit_amounts: [],
      quantity: quantity ?? 1, tax_rates: [], taxes: [], type, unit_amount: unit, unit_amount_decimal: String(unit),
    };
  }

  function create(params: FormObject, request: RequestInfo): CreditNote {
    checkKnown(params, ['amount', 'credit_amount', 'effective_at', 'email_type', 'expand', 'invoice', 'lines', 'memo', 'metadata', 'out_of_band_amount', 'reason', 'refund_amount', 'refunds', 'shipping_cost']);
    const invoiceId = str(params.invoice);
    if (!invoiceId) throw missing('invoice');
    const inv = invoices.get(invoiceId, 'invoice', 400);
    if (!['open', 'paid', 'uncollectible'].includes(inv.status)) {
      throw invalid(`You can only create credit notes for open, paid or uncollectible invoices; this invoice is ${inv.status}.`, { param: 'invoice' });
    }
    const reason = oneOf(params.reason, REASONS, 'reason') ?? null;
    const rawLines = params.lines;
    if (rawLines !== undefined && !Array.isArray(rawLines)) throw invalid('Invalid array', { param: 'lines' });
    const lines = (rawLines ?? []).map((l, i) => lineFrom(l, i, inv));
    const linesTotal = lines.reduce((s, l) => s + Number(l.amount), 0);
    const amount = intParam(params, 'amount', 'amount', false);
    if (amount === undefined && !lines.length) throw invalid('One of the following params should be provided for this request: amount, lines, or shipping_cost.');
    if (amount !== undefined && lines.length && amount !== linesTotal) {
      throw invalid(`The amount (${money(amount, inv.currency)}) must equal the sum of the lines (${money(linesTotal, inv.currency)}).`, { param: 'amount' });
    }
    const total = amount ?? linesTotal;
    if (total <= 0) throw invalid('Invalid amount: must be greater than 0', { param: 'amount' });
    const creditable = invoices.total(inv) - inv.pre_payment_credit_notes_amount - inv.post_payment_credit_notes_amount;
    if (total > creditable) {
      throw invalid(`The credit note total (${money(total, inv.currency)}) is more than what is left to credit on this invoice (${money(creditable, inv.currency)}).`, { param: 'amount' });
    }
    const pre = Math.min(total, invoices.amountRemaining(inv));
    const post = total - pre;
    const refundAmount = intParam(params, 'refund_amount', 'refund_amount', false) ?? 0;
    const creditAmount = intParam(params, 'credit_amount', 'credit_amount', false) ?? 0;
    const outOfBand = intParam(params, 'out_of_band_amount', 'out_of_band_amount', false) ?? 0;
    const linked = refundsOf(params.refunds, inv, request);
    const allocated = refundAmount + creditAmount + outOfBand + linked.reduce((s, r) => s + r.amount_refunded, 0);
    if ([refundAmount, creditAmount, outOfBand].some((n) => n < 0)) throw invalid('Refund, credit and out of band amounts must not be negative.');
    if (allocated !== post) {
      throw invalid(
        `The sum of refunds, credit_amount and out_of_band_amount (${money(allocated, inv.currency)}) must equal the credit note's post-payment amount (${money(post, inv.currency)}): the part that is not taken off the amount still due.`,
      );
    }
    if (refundAmount > 0 && !inv._paymentIntent) {
      throw invalid('This invoice has no card payment to refund: account for the amount with out_of_band_amount or credit_amount.', { param: 'refund_amount' });
    }
    // Checked: from here on the credit note is issued.
    const refunds = [...linked];
    if (refundAmount > 0) {
      const refundReason = reason === 'duplicate' || reason === 'fraudulent' ? reason : 'requested_by_customer';
      const { body } = deps.refunds({ method: 'POST', path: '/v1/refunds', params: { payment_intent: inv._paymentIntent!, amount: String(refundAmount), reason: refundReason }, query: new URLSearchParams(), access: 'secret', request })!;
      refunds.push({ amount_refunded: refundAmount, payment_record_refund: null, refund: String(body.id), type: 'refund' });
    }
    const customer = deps.customers.get(inv.customer);
    if (creditAmount > 0) customer.balance -= creditAmount;
    const id = stripeId('cn');
    const created = now();
    const count = [...notes.values()].filter((n) => n.invoice === inv.id).length + 1;
    const note: CreditNote = {
      id, object: 'credit_note', amount: total, amount_shipping: 0, created, currency: inv.currency, customer: inv.customer, customer_account: null,
      customer_balance_transaction: creditAmount > 0 ? stripeId('cbtxn') : null, discount_amount: 0, discount_amounts: [],
      effective_at: intParam(params, 'effective_at', 'effective_at', false) ?? created, invoice: inv.id, lines, livemode: false,
      memo: str(params.memo) ?? null, metadata: mergeMetadata({}, params.metadata), number: `${inv.number}-CN-${String(count).padStart(2, '0')}`,
      out_of_band_amount: outOfBand || null, pdf: `${deps.baseUrl()}/__test/credit_note/${id}/pdf`, post_payment_amount: post, pre_payment_amount: pre,
      pretax_credit_amounts: [], reason, refunds, shipping_cost: null, status: 'issued', subtotal: total, subtotal_excluding_tax: total, total,
      total_excluding_tax: total, total_taxes: [], type: post === 0 ? 'pre_payment' : pre === 0 ? 'post_payment' : 'mixed', voided_at: null,
    };
    notes.set(id, note);
    deps.webhooks.emit('credit_note.created', render(note), inv.id, request);
    invoices.touch(inv, request, () => {
      inv.pre_payment_credit_notes_amount += pre;
      inv.post_payment_credit_notes_amount += post;
    });
    // Owing nothing more, the invoice is paid, as Stripe marks it.
    if (pre > 0 && inv.status !== 'paid' && invoices.amountRemaining(inv) === 0) invoices.markPaid(inv, 'credit_note', request);
    return note;
  }

  /** Existing refunds of the invoice's card payment that the credit note accounts for (`refunds[]`). */
  function refundsOf(raw: FormValue | undefined, inv: Invoice, request: RequestInfo): Array<Json & { amount_refunded: number }> {
    if (raw === undefined || raw === '') return [];
    if (!Array.isArray(raw)) throw invalid('Invalid array', { param: 'refunds' });
    return raw.map((r, i) => {
      const o = obj(r) ?? {};
      const refundId = str(o.refund);
      if (!refundId) throw missing(`refunds[${i}][refund]`);
      let refund: Json;
      try {
        refund = deps.refunds({ method: 'GET', path: `/v1/refunds/${refundId}`, params: {}, query: new URLSearchParams(), access: 'secret', request })!.body;
      } catch (err) {
        if (err instanceof ApiError) throw resourceMissing('refund', refundId, `refunds[${i}][refund]`, 400);
        throw err;
      }
      if (refund.payment_intent !== inv._paymentIntent) throw invalid(`Refund ${refundId} is not a refund of this invoice's payment.`, { param: `refunds[${i}][refund]` });
      const amount = intParam(o, 'amount_refunded', `refunds[${i}][amount_refunded]`, false) ?? Number(refund.amount);
      return { amount_refunded: amount, payment_record_refund: null, refund: refundId, type: 'refund' };
    });
  }

  function render(note: CreditNote): Json {
    const url = `/v1/credit_notes/${note.id}/lines`;
    return { ...note, lines: { object: 'list', data: note.lines.slice(0, 10), has_more: note.lines.length > 10, total_count: note.lines.length, url } };
  }

  function getNote(id: string): CreditNote {
    const note = notes.get(id);
    if (!note) throw resourceMissing('credit note', id, 'id');
    return note;
  }

  const route: Route = ({ method, path, params, query, access, request }) => {
    if (path === '/v1/credit_notes') {
      requireSecret(access);
      if (method === 'POST') return { status: 200, body: render(create(params, request)) };
      if (method !== 'GET') return null;
      const invoice = query.get('invoice');
      const customer = query.get('customer');
      const list = [...notes.values()].reverse().filter((n) => (!invoice || n.invoice === invoice) && (!customer || n.customer === customer));
      return { status: 200, body: listOf(list.map(render), '/v1/credit_notes', query) };
    }
    const m = /^\/v1\/credit_notes\/([^/]+)(\/lines)?$/.exec(path);
    if (!m || (method !== 'GET' && method !== 'POST') || (m[2] && method !== 'GET')) return null;
    requireSecret(access);
    const note = getNote(decodeURIComponent(m[1]!));
    if (m[2]) return { status: 200, body: pageOf(note.lines, path, query) };
    if (method === 'POST') {
      checkKnown(params, ['expand', 'memo', 'metadata']);
      if (params.memo !== undefined) note.memo = str(params.memo) || null;
      note.metadata = mergeMetadata(note.metadata, params.metadata);
    }
    return { status: 200, body: render(note) };
  };

  return { route, find: (id: string) => notes.get(id) };
}
