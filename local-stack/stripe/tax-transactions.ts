// Tax transactions: create_from_calculation, create_reversal (full, or partial by line items, shipping cost or a flat
// amount), retrieve and line items. References are unique across all transactions, reversals included; a reversal
// never takes back more than is left of the original; a full reversal is only for a transaction not yet reversed.
import type { FormObject } from './form';
import { checkKnown, invalid, mergeMetadata, missing, now, obj, requireSecret, resourceMissing, str, stripeId, type Json, type Route } from './api';
import { expandList, intParam, oneOf, pageOf, type TaxCalculations } from './tax-calculations';
import type { TaxBehavior } from './tax-compute';
import { negative, spreadFlat, tooMuch, type Part } from './tax-reversal-amounts';

interface TxLine {
  id: string;
  amount: number;
  amount_tax: number;
  metadata: Record<string, string> | null;
  product: string | null;
  quantity: number;
  reference: string;
  reversal: { original_line_item: string } | null;
  tax_behavior: TaxBehavior;
  tax_code: string;
  type: 'transaction' | 'reversal';
}

interface Shipping {
  amount: number;
  amount_tax: number;
  tax_behavior: TaxBehavior;
  tax_code: string;
}

interface Transaction {
  id: string;
  created: number;
  currency: string;
  customer_details: Json;
  lines: TxLine[];
  metadata: Record<string, string> | null;
  posted_at: number;
  reference: string;
  reversal: { original_transaction: string } | null;
  ship_from_details: Json | null;
  shipping_cost: Shipping | null;
  tax_date: number;
  type: 'transaction' | 'reversal';
}

export function createTaxTransactions(calculations: TaxCalculations) {
  const transactions = new Map<string, Transaction>();
  const references = new Set<string>();
  const reversalsOf = new Map<string, Transaction[]>();

  function lineObject(l: TxLine): Json {
    return { object: 'tax.transaction_line_item', livemode: false, ...l };
  }

  function transactionObject(t: Transaction, expand: string[]): Json {
    const url = `/v1/tax/transactions/${t.id}/line_items`;
    return {
      id: t.id,
      object: 'tax.transaction',
      created: t.created,
      currency: t.currency,
      customer: null,
      customer_details: t.customer_details,
      line_items: expand.includes('line_items') ? pageOf(t.lines.map(lineObject), url, new URLSearchParams({ limit: '100' })) : null,
      livemode: false,
      metadata: t.metadata,
      posted_at: t.posted_at,
      reference: t.reference,
      reversal: t.reversal,
      ship_from_details: t.ship_from_details,
      shipping_cost: t.shipping_cost,
      tax_date: t.tax_date,
      type: t.type,
    };
  }

  function get(id: string, param = 'transaction', status = 404): Transaction {
    const t = transactions.get(id);
    if (!t) throw resourceMissing('tax.transaction', id, param, status);
    return t;
  }

  function takeReference(params: FormObject): string {
    const reference = str(params.reference);
    if (!reference) throw missing('reference');
    if (reference.length > 500) throw invalid('Invalid reference: must be at most 500 characters', { param: 'reference' });
    if (references.has(reference)) {
      throw invalid(`A transaction with the reference '${reference}' already exists. References must be unique across all transactions, including reversals.`, { param: 'reference' });
    }
    return reference;
  }

  function save(t: Transaction): Transaction {
    transactions.set(t.id, t);
    references.add(t.reference);
    if (t.reversal) reversalsOf.set(t.reversal.original_transaction, [...(reversalsOf.get(t.reversal.original_transaction) ?? []), t]);
    return t;
  }

  function fromCalculation(params: FormObject): Transaction {
    checkKnown(params, ['calculation', 'reference', 'expand', 'metadata', 'posted_at']);
    const calcId = str(params.calculation);
    if (!calcId) throw missing('calculation');
    const reference = takeReference(params);
    const calc = calculations.get(calcId, 'calculation', 400);
    if (now() > calc.expires_at) {
      throw invalid(`The tax calculation ${calc.id} has expired and can no longer be used to create a transaction.`, { param: 'calculation' });
    }
    const created = now();
    return save({
      id: stripeId('tax'),
      created,
      currency: calc.currency,
      customer_details: calc.customer_details,
      // Stripe keeps the calculation's line item ids on the transaction.
      lines: calc.lines.map((l) => ({
        id: l.id, amount: l.amount, amount_tax: l.amount_tax, metadata: l.metadata, product: l.product, quantity: l.quantity,
        reference: l.reference, reversal: null, tax_behavior: l.tax_behavior, tax_code: l.tax_code, type: 'transaction',
      })),
      metadata: params.metadata === undefined ? null : mergeMetadata({}, params.metadata),
      posted_at: intParam(params, 'posted_at', 'posted_at', false) ?? created,
      reference,
      reversal: null,
      ship_from_details: calc.ship_from_details,
      shipping_cost: calc.shipping
        ? { amount: calc.shipping.amount, amount_tax: calc.shipping.amount_tax, tax_behavior: calc.shipping.tax_behavior, tax_code: calc.shipping.tax_code }
        : null,
      tax_date: calc.tax_date,
      type: 'transaction',
    });
  }

  /** What is left to reverse of each original line and of the shipping cost. */
  function remaining(t: Transaction) {
    const lines = new Map<string, Part>(t.lines.map((l) => [l.id, { amount: l.amount, tax: l.amount_tax }]));
    const shipping: Part = { amount: t.shipping_cost?.amount ?? 0, tax: t.shipping_cost?.amount_tax ?? 0 };
    for (const r of reversalsOf.get(t.id) ?? []) {
      for (const l of r.lines) {
        const left = lines.get(l.reversal!.original_line_item)!;
        left.amount += l.amount;
        left.tax += l.amount_tax;
      }
      if (r.shipping_cost) {
        shipping.amount += r.shipping_cost.amount;
        shipping.tax += r.shipping_cost.amount_tax;
      }
    }
    return { lines, shipping };
  }

  function reversal(params: FormObject): Transaction {
    checkKnown(params, ['mode', 'original_transaction', 'reference', 'expand', 'flat_amount', 'line_items', 'metadata', 'shipping_cost']);
    const mode = oneOf(params.mode, ['full', 'partial'] as const, 'mode');
    if (!mode) throw missing('mode');
    const origId = str(params.original_transaction);
    if (!origId) throw missing('original_transaction');
    const reference = takeReference(params);
    const orig = get(origId, 'original_transaction', 400);
    if (orig.type === 'reversal') throw invalid(`Transaction ${orig.id} is a reversal and cannot be reversed.`, { param: 'original_transaction' });
    const left = remaining(orig);
    const byLine = new Map<string, Part & { reference: string; quantity: number; metadata: Record<string, string> | null }>();
    let shipping: Part | null = null;

    if (mode === 'full') {
      for (const k of ['flat_amount', 'line_items', 'shipping_cost']) {
        if (params[k] !== undefined) throw invalid(`${k} can only be given when mode is partial.`, { param: k });
      }
      if (reversalsOf.get(orig.id)?.length) {
        throw invalid(`Transaction ${orig.id} has already been reversed; a full reversal is only possible for a transaction without reversals. Use mode=partial to reverse what remains.`, { param: 'mode' });
      }
      for (const l of orig.lines) byLine.set(l.id, { amount: l.amount, tax: l.amount_tax, reference: l.reference, quantity: l.quantity, metadata: null });
      if (orig.shipping_cost) shipping = { amount: orig.shipping_cost.amount, tax: orig.shipping_cost.amount_tax };
    } else if (params.flat_amount !== undefined) {
      if (params.line_items !== undefined || params.shipping_cost !== undefined) {
        throw invalid('flat_amount cannot be combined with line_items or shipping_cost.', { param: 'flat_amount' });
      }
      const flat = negative(params, 'flat_amount', 'flat_amount');
      if (flat === 0) throw invalid('Invalid flat_amount: must be less than 0', { param: 'flat_amount' });
      const flatParts = [
        ...orig.lines.map((l) => ({ key: l.id, behavior: l.tax_behavior, left: left.lines.get(l.id)! })),
        ...(orig.shipping_cost ? [{ key: '', behavior: orig.shipping_cost.tax_behavior, left: left.shipping }] : []),
      ];
      for (const [key, part] of spreadFlat(flatParts, flat)) {
        if (key === '') shipping = part;
        else {
          const l = orig.lines.find((x) => x.id === key)!;
          byLine.set(key, { ...part, reference: l.reference, quantity: l.quantity, metadata: null });
        }
      }
    } else {
      if (params.line_items === undefined && params.shipping_cost === undefined) {
        throw invalid('One of line_items, shipping_cost or flat_amount is required when mode is partial.', { code: 'parameter_missing', param: 'line_items' });
      }
      const raw = params.line_items ?? [];
      if (!Array.isArray(raw)) throw invalid('Invalid array', { param: 'line_items' });
      raw.forEach((r, i) => {
        const p = `line_items[${i}]`;
        const item = obj(r);
        if (!item) throw invalid('Invalid object', { param: p });
        checkKnown(item, ['amount', 'amount_tax', 'metadata', 'original_line_item', 'quantity', 'reference']);
        const amount = negative(item, 'amount', `${p}[amount]`);
        const tax = negative(item, 'amount_tax', `${p}[amount_tax]`);
        const id = str(item.original_line_item);
        if (!id) throw missing(`${p}[original_line_item]`);
        const ref = str(item.reference);
        if (!ref) throw missing(`${p}[reference]`);
        const l = orig.lines.find((x) => x.id === id);
        if (!l) throw invalid(`No such line item on transaction ${orig.id}: '${id}'`, { code: 'resource_missing', param: `${p}[original_line_item]` });
        if (byLine.has(id)) throw invalid(`Line item ${id} is reversed more than once in this request.`, { param: `${p}[original_line_item]` });
        const rest = left.lines.get(id)!;
        if (amount > rest.amount) throw tooMuch(`${p}[amount]`, `line item ${id}`);
        if (tax > rest.tax) throw tooMuch(`${p}[amount_tax]`, `line item ${id}`);
        const quantity = intParam(item, 'quantity', `${p}[quantity]`, false) ?? l.quantity;
        byLine.set(id, { amount, tax, reference: ref, quantity, metadata: item.metadata === undefined ? null : mergeMetadata({}, item.metadata) });
      });
      const ship = params.shipping_cost === undefined ? undefined : obj(params.shipping_cost);
      if (params.shipping_cost !== undefined && !ship) throw invalid('Invalid object', { param: 'shipping_cost' });
      if (ship) {
        checkKnown(ship, ['amount', 'amount_tax']);
        if (!orig.shipping_cost) throw invalid(`Transaction ${orig.id} has no shipping cost to reverse.`, { param: 'shipping_cost' });
        const part = { amount: negative(ship, 'amount', 'shipping_cost[amount]'), tax: negative(ship, 'amount_tax', 'shipping_cost[amount_tax]') };
        if (part.amount > left.shipping.amount) throw tooMuch('shipping_cost[amount]', 'the shipping cost');
        if (part.tax > left.shipping.tax) throw tooMuch('shipping_cost[amount_tax]', 'the shipping cost');
        shipping = part;
      }
    }

    const created = now();
    return save({
      id: stripeId('tax'),
      created,
      currency: orig.currency,
      customer_details: orig.customer_details,
      lines: orig.lines.filter((l) => byLine.has(l.id)).map((l) => {
        const r = byLine.get(l.id)!;
        return {
          id: stripeId('tax_li', 14), amount: -r.amount, amount_tax: -r.tax, metadata: r.metadata, product: l.product, quantity: r.quantity,
          reference: r.reference, reversal: { original_line_item: l.id }, tax_behavior: l.tax_behavior, tax_code: l.tax_code, type: 'reversal',
        };
      }),
      metadata: params.metadata === undefined ? null : mergeMetadata({}, params.metadata),
      posted_at: created,
      reference,
      reversal: { original_transaction: orig.id },
      ship_from_details: orig.ship_from_details,
      shipping_cost: shipping && orig.shipping_cost ? { ...orig.shipping_cost, amount: -shipping.amount, amount_tax: -shipping.tax } : null,
      tax_date: orig.tax_date,
      type: 'reversal',
    });
  }

  const route: Route = ({ method, path, params, query, access }) => {
    let m: RegExpExecArray | null;
    if (method === 'POST' && (path === '/v1/tax/transactions/create_from_calculation' || path === '/v1/tax/transactions/create_reversal')) {
      requireSecret(access);
      const expand = expandList(params, query, ['line_items']);
      const t = path.endsWith('create_reversal') ? reversal(params) : fromCalculation(params);
      return { status: 200, body: transactionObject(t, expand) };
    }
    if (method === 'GET' && (m = /^\/v1\/tax\/transactions\/([^/]+)$/.exec(path))) {
      requireSecret(access);
      const expand = expandList(params, query, ['line_items']);
      return { status: 200, body: transactionObject(get(decodeURIComponent(m[1]!)), expand) };
    }
    if (method === 'GET' && (m = /^\/v1\/tax\/transactions\/([^/]+)\/line_items$/.exec(path))) {
      requireSecret(access);
      const t = get(decodeURIComponent(m[1]!));
      return { status: 200, body: pageOf(t.lines.map(lineObject), `/v1/tax/transactions/${t.id}/line_items`, query) };
    }
    return null;
  };

  return { route };
}
