// Invoice items: create (an `amount`, or `unit_amount_decimal` / `price_data` times `quantity`), retrieve, list and
// delete. An item waits as "pending" until an invoice sweeps it in (pending_invoice_items_behavior=include), or goes
// straight onto a draft invoice named by `invoice`. Each item mints a one-off price and product id, as Stripe does
// for ad-hoc amounts; there is no Prices or Products API behind them.
import type { FormObject, FormValue } from './form';
import { checkKnown, invalid, mergeMetadata, missing, now, obj, requireSecret, resourceMissing, str, stripeId, type Json, type RequestInfo, type Route } from './api';
import { publicCopy, type Customers } from './customers';
import { intParam, pageOf } from './tax-calculations';
import type { Webhooks } from './webhooks';

export interface InvoiceItem extends Json {
  id: string;
  object: 'invoiceitem';
  amount: number;
  currency: string;
  customer: string;
  date: number;
  description: string | null;
  invoice: string | null;
  metadata: Record<string, string>;
  period: { start: number; end: number };
  pricing: { price_details: { price: string; product: string }; type: 'price_details'; unit_amount_decimal: string };
  quantity: number;
  quantity_decimal: string;
  /** Where the item sits among its invoice's lines. */
  _lineOrder: number;
  _lineId: string;
  _seq: number;
}

/** What an item needs to know of the invoice it goes onto. */
export interface InvoiceRef {
  id: string;
  customer: string;
  currency: string;
  status: string | null;
}

const UNSUPPORTED = ['discounts', 'tax_rates', 'subscription', 'customer_account', 'tax_code', 'tax_behavior'];
const DECIMAL = /^-?\d+(\.\d{1,12})?$/;

function decimal(raw: FormValue | undefined, param: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !DECIMAL.test(raw)) throw invalid(`Invalid decimal: ${String(raw)}`, { param });
  return Number(raw);
}

/** Cents from a unit amount and a quantity, rounded half away from zero as Stripe rounds line amounts. */
const cents = (unit: number, quantity: number) => {
  const exact = Math.round(unit * quantity * 1e6) / 1e6;
  return Math.sign(exact) * Math.round(Math.abs(exact));
};

function checkCurrency(raw: string, param: string): string {
  const currency = raw.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${raw}`, { param });
  return currency;
}

export type InvoiceItems = ReturnType<typeof createInvoiceItems>;

export function createInvoiceItems(deps: {
  webhooks: Webhooks;
  customers: Customers;
  invoiceFor: (id: string) => InvoiceRef | undefined;
  /** Runs a change to a draft invoice's lines and sends invoice.updated if the invoice changed. */
  touchInvoice: (id: string, request: RequestInfo, change: () => void) => void;
}) {
  const items = new Map<string, InvoiceItem>();
  let seq = 0;

  /** The amount, unit amount and quantity of a new item, from whichever pricing parameters it has. */
  function pricing(params: FormObject): { amount: number; unit: string; quantity: number; quantityDecimal: string; currency?: string; product?: string } {
    const given = ['amount', 'unit_amount_decimal', 'price_data', 'pricing'].filter((k) => params[k] !== undefined && params[k] !== '');
    if (given.length > 1) throw invalid(`You may only specify one of these parameters: ${given.join(', ')}.`, { param: given[1] });
    const quantityInt = intParam(params, 'quantity', 'quantity', false);
    const quantityDec = decimal(params.quantity_decimal, 'quantity_decimal');
    if (quantityInt !== undefined && quantityDec !== undefined) throw invalid('You may only specify one of these parameters: quantity, quantity_decimal.', { param: 'quantity_decimal' });
    const quantity = quantityDec ?? quantityInt ?? 1;
    if (quantity < 0) throw invalid('Invalid quantity: must be greater than or equal to 0', { param: 'quantity' });
    const qty = { quantity: Math.round(quantity), quantityDecimal: String(quantity) };
    if (given[0] === 'amount') {
      if (quantityInt !== undefined || quantityDec !== undefined) throw invalid('You may only specify one of these parameters: amount, quantity.', { param: 'amount' });
      const amount = intParam(params, 'amount', 'amount', true)!;
      return { amount, unit: String(amount), quantity: 1, quantityDecimal: '1' };
    }
    if (given[0] === 'unit_amount_decimal') {
      const unit = decimal(params.unit_amount_decimal, 'unit_amount_decimal')!;
      return { amount: cents(unit, quantity), unit: str(params.unit_amount_decimal)!, ...qty };
    }
    if (given[0] === 'price_data') {
      const p = obj(params.price_data);
      if (!p) throw invalid('Invalid object', { param: 'price_data' });
      checkKnown(p, ['currency', 'product', 'tax_behavior', 'unit_amount', 'unit_amount_decimal']);
      if (!str(p.currency)) throw missing('price_data[currency]');
      if (!str(p.product)) throw missing('price_data[product]');
      const unitInt = intParam(p, 'unit_amount', 'price_data[unit_amount]', false);
      const unit = unitInt ?? decimal(p.unit_amount_decimal, 'price_data[unit_amount_decimal]');
      if (unit === undefined) throw missing('price_data[unit_amount]');
      return { amount: cents(unit, quantity), unit: String(unit), ...qty, currency: checkCurrency(str(p.currency)!, 'price_data[currency]'), product: str(p.product) };
    }
    if (given[0] === 'pricing') {
      const price = str(obj(params.pricing)?.price) ?? '';
      throw resourceMissing('price', price, 'pricing[price]', 400);
    }
    throw missing('amount');
  }

  function create(params: FormObject, request: RequestInfo): InvoiceItem {
    checkKnown(params, [
      'amount', 'currency', 'customer', 'description', 'discountable', 'expand', 'invoice', 'metadata', 'period', 'price_data',
      'pricing', 'quantity', 'quantity_decimal', 'unit_amount_decimal', ...UNSUPPORTED,
    ]);
    for (const k of UNSUPPORTED) {
      if (params[k] !== undefined) throw invalid(`The Stripe stand-in does not support ${k} on invoice items.`, { param: k });
    }
    const invoiceId = str(params.invoice);
    const invoice = invoiceId ? deps.invoiceFor(invoiceId) : undefined;
    if (invoiceId && !invoice) throw resourceMissing('invoice', invoiceId, 'invoice', 400);
    const customerId = str(params.customer) ?? invoice?.customer;
    if (!customerId) throw missing('customer');
    const customer = deps.customers.get(customerId);
    if (invoice && invoice.customer !== customer.id) {
      throw invalid(`The invoice ${invoice.id} belongs to customer ${invoice.customer}, not to ${customer.id}.`, { param: 'invoice' });
    }
    if (invoice && invoice.status !== 'draft') {
      throw invalid('Invalid invoice: This invoice is no longer editable', { code: 'invoice_not_editable', param: 'invoice' });
    }
    const price = pricing(params);
    const raw = str(params.currency);
    const currency = price.currency ?? (raw ? checkCurrency(raw, 'currency') : (invoice?.currency ?? customer.currency ?? 'usd'));
    if (invoice && currency !== invoice.currency) {
      throw invalid(`The currency of the invoice item (${currency}) must match the currency of the invoice (${invoice.currency}).`, { param: 'currency' });
    }
    const date = now();
    const period = obj(params.period);
    const item: InvoiceItem = {
      id: stripeId('ii'),
      object: 'invoiceitem',
      amount: price.amount,
      currency,
      customer: customer.id,
      customer_account: null,
      date,
      description: str(params.description) ?? null,
      discountable: str(params.discountable) !== 'false',
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: mergeMetadata({}, params.metadata),
      net_amount: price.amount,
      parent: null,
      period: period
        ? { start: intParam(period, 'start', 'period[start]', true)!, end: intParam(period, 'end', 'period[end]', true)! }
        : { start: date, end: date },
      pricing: {
        price_details: { price: stripeId('price'), product: price.product ?? stripeId('prod', 14) },
        type: 'price_details',
        unit_amount_decimal: price.unit,
      },
      proration: false,
      quantity: price.quantity,
      quantity_decimal: price.quantityDecimal,
      tax_rates: [],
      test_clock: null,
      _lineOrder: 0,
      _lineId: stripeId('il'),
      _seq: ++seq,
    };
    items.set(item.id, item);
    deps.webhooks.emit('invoiceitem.created', publicCopy(item), item.id, request);
    if (invoice) deps.touchInvoice(invoice.id, request, () => attach(item, invoice.id, linesOf(invoice.id).length));
    return item;
  }

  /**
   * POST /v1/invoices/{id}/add_lines: each line an item on the draft (amount, description, metadata, period,
   * discountable), all or none: every line is checked before the first is added.
   */
  function addLines(invoice: { id: string; customer: string; status: string; metadata: Record<string, string> }, params: FormObject, request: RequestInfo) {
    checkKnown(params, ['lines', 'expand', 'invoice_metadata']);
    if (invoice.status !== 'draft') throw invalid('You can only add lines to draft invoices.', { code: 'invoice_not_editable' });
    const lines = Array.isArray(params.lines) ? params.lines : undefined;
    if (!lines || lines.length === 0) throw missing('lines');
    if (lines.length > 250) throw invalid('You can add at most 250 lines at a time.', { param: 'lines' });
    const checked = lines.map((raw, i) => {
      const line = obj(raw);
      if (!line) throw invalid('Invalid object', { param: `lines[${i}]` });
      checkKnown(line, ['amount', 'description', 'discountable', 'metadata', 'period']);
      if (!/^-?\d+$/.test(str(line.amount) ?? '')) throw missing(`lines[${i}][amount]`);
      return line;
    });
    for (const line of checked) create({ ...line, customer: invoice.customer, invoice: invoice.id }, request);
    if (params.invoice_metadata !== undefined) invoice.metadata = mergeMetadata(invoice.metadata, params.invoice_metadata);
  }

  function attach(item: InvoiceItem, invoiceId: string, order: number) {
    item.invoice = invoiceId;
    item._lineOrder = order;
  }

  /** Moves the customer's pending items in the invoice's currency onto it, newest first, as Stripe orders them. */
  function sweepPending(customer: string, currency: string, invoiceId: string) {
    const pending = [...items.values()].filter((i) => i.invoice === null && i.customer === customer && i.currency === currency).sort((a, b) => b._seq - a._seq);
    pending.forEach((item, i) => attach(item, invoiceId, i));
  }

  function linesOf(invoiceId: string): InvoiceItem[] {
    return [...items.values()].filter((i) => i.invoice === invoiceId).sort((a, b) => a._lineOrder - b._lineOrder || a._seq - b._seq);
  }

  /** An item as the invoice line it makes. */
  function lineObject(item: InvoiceItem): Json {
    return {
      id: item._lineId,
      object: 'line_item',
      amount: item.amount,
      currency: item.currency,
      description: item.description,
      discount_amounts: [],
      discountable: item.discountable,
      discounts: [],
      invoice: item.invoice,
      livemode: false,
      metadata: item.metadata,
      parent: {
        invoice_item_details: { invoice_item: item.id, proration: false, proration_details: { credited_items: null }, subscription: null },
        subscription_item_details: null,
        type: 'invoice_item_details',
      },
      period: item.period,
      pretax_credit_amounts: [],
      pricing: item.pricing,
      quantity: item.quantity,
      quantity_decimal: item.quantity_decimal,
      subscription: null,
      subtotal: item.amount,
      taxes: [],
    };
  }

  function getItem(id: string): InvoiceItem {
    const item = items.get(id);
    if (!item) throw resourceMissing('Invoice Item', id, 'id');
    return item;
  }

  const route: Route = ({ method, path, params, query, access, request }) => {
    if (path === '/v1/invoiceitems') {
      requireSecret(access);
      if (method === 'POST') return { status: 200, body: create(params, request) };
      if (method !== 'GET') return null;
      const customer = query.get('customer');
      const invoice = query.get('invoice');
      const pending = query.get('pending');
      const list = [...items.values()]
        .filter((i) => (!customer || i.customer === customer) && (!invoice || i.invoice === invoice) && (pending === null || (i.invoice === null) === (pending === 'true')))
        .sort((a, b) => b._seq - a._seq);
      return { status: 200, body: pageOf(list, '/v1/invoiceitems', query) };
    }
    const m = /^\/v1\/invoiceitems\/([^/]+)$/.exec(path);
    if (!m) return null;
    requireSecret(access);
    const item = getItem(decodeURIComponent(m[1]!));
    if (method === 'GET') return { status: 200, body: item };
    if (method === 'DELETE') {
      const invoice = item.invoice ? deps.invoiceFor(item.invoice) : undefined;
      if (invoice && invoice.status !== 'draft') {
        throw invalid('Invalid invoice: This invoice is no longer editable', { code: 'invoice_not_editable', param: 'id' });
      }
      const remove = () => void items.delete(item.id);
      if (invoice) deps.touchInvoice(invoice.id, request, remove);
      else remove();
      deps.webhooks.emit('invoiceitem.deleted', publicCopy(item), item.id, request);
      return { status: 200, body: { id: item.id, object: 'invoiceitem', deleted: true } };
    }
    return null;
  };

  return { route, sweepPending, linesOf, lineObject, addLines };
}
