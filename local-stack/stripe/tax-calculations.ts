// Tax calculations: POST /v1/tax/calculations, GET /v1/tax/calculations/{id} and …/{id}/line_items. Rates come from
// the stand-in's own table (tax-rates.ts), the arithmetic from tax-compute.ts. Calculations live in memory and
// expire after 90 days, as Stripe's do.
import type { FormObject, FormValue } from './form';
import { parseForm } from './form';
import { checkKnown, invalid, missing, now, obj, requireSecret, resourceMissing, str, stripeId, type Json, type Route } from './api';
import { summarize, taxItem, type Override, type TaxBehavior } from './tax-compute';
import { TAX_CODES, locationInvalid, placeAddress, type Address } from './tax-rates';

export const CALCULATION_TTL_S = 90 * 24 * 3600;

export interface CalcLine {
  id: string;
  amount: number;
  amount_tax: number;
  metadata: Record<string, string> | null;
  product: string | null;
  quantity: number;
  reference: string;
  tax_behavior: TaxBehavior;
  tax_code: string;
  tax_breakdown: Json[];
}

export interface Calculation {
  id: string;
  currency: string;
  customer_details: Json;
  expires_at: number;
  ship_from_details: Json | null;
  tax_date: number;
  lines: CalcLine[];
  shipping: (Json & { amount: number; amount_tax: number; tax_behavior: TaxBehavior; tax_code: string; tax_breakdown: Json[] }) | null;
  amount_total: number;
  tax_amount_exclusive: number;
  tax_amount_inclusive: number;
  tax_breakdown: Json[];
}

/** An integer parameter inside a nested object, with the bracketed name Stripe reports. */
export function intParam(o: FormObject, key: string, param: string, required: boolean): number | undefined {
  const raw = o[key];
  if (raw === undefined || raw === '') {
    if (required) throw missing(param);
    return undefined;
  }
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) {
    throw invalid(`Invalid integer: ${typeof raw === 'string' ? raw : JSON.stringify(raw)}`, { code: 'parameter_invalid_integer', param });
  }
  return Number(raw);
}

export function oneOf<T extends string>(raw: FormValue | undefined, allowed: readonly T[], param: string): T | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !allowed.includes(raw as T)) {
    throw invalid(`Invalid ${param}: must be one of ${allowed.join(', ')}`, { param });
  }
  return raw as T;
}

/** The `expand` list of a POST body or of a GET query, checked against what the object can expand. */
export function expandList(params: FormObject, query: URLSearchParams, allowed: string[]): string[] {
  const raw = params.expand ?? parseForm(query.toString()).expand;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : Object.values(raw);
  const out = list.filter((v): v is string => typeof v === 'string');
  for (const e of out) {
    if (!allowed.includes(e)) throw invalid(`This property cannot be expanded (${e}).`, { param: 'expand' });
  }
  return out;
}

/** A list object in the order the items were given (Stripe keeps line items in request order). */
export function pageOf(items: Json[], url: string, query: URLSearchParams): Json {
  const limit = Math.min(100, Math.max(1, Number(query.get('limit')) || 10));
  const after = query.get('starting_after');
  const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
  return { object: 'list', data: items.slice(start, start + limit), has_more: start + limit < items.length, url };
}

function metadataOf(raw: FormValue | undefined, param: string): Record<string, string> | null {
  if (raw === undefined || raw === '') return null;
  const o = obj(raw);
  if (!o) throw invalid('Invalid object', { param });
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) if (typeof v === 'string') out[k] = v;
  return out;
}

function taxCodeOf(raw: FormValue | undefined, fallback: string, param: string): string {
  const code = str(raw) || fallback;
  if (!/^txcd_\d{8}$/.test(code)) throw invalid(`Invalid tax code: ${code}`, { param });
  return code;
}

function addressOf(raw: FormValue | undefined, param: string): Address {
  const a = obj(raw);
  if (!a) throw invalid('Invalid object', { param });
  checkKnown(a, ['line1', 'line2', 'city', 'state', 'postal_code', 'country']);
  const country = str(a.country);
  if (!country) throw missing(`${param}[country]`);
  const field = (k: string) => str(a[k]) ?? null;
  return { city: field('city'), country, line1: field('line1'), line2: field('line2'), postal_code: field('postal_code'), state: field('state') };
}

const BEHAVIORS = ['exclusive', 'inclusive'] as const;

export function createTaxCalculations() {
  const calculations = new Map<string, Calculation>();

  function lineObject(l: CalcLine, withBreakdown: boolean): Json {
    return {
      id: l.id,
      object: 'tax.calculation_line_item',
      amount: l.amount,
      amount_tax: l.amount_tax,
      livemode: false,
      metadata: l.metadata,
      performance_location: null,
      product: l.product,
      quantity: l.quantity,
      reference: l.reference,
      tax_behavior: l.tax_behavior,
      ...(withBreakdown ? { tax_breakdown: l.tax_breakdown } : {}),
      tax_code: l.tax_code,
    };
  }

  function calculationObject(c: Calculation, expand: string[]): Json {
    const url = `/v1/tax/calculations/${c.id}/line_items`;
    const withBreakdown = expand.includes('line_items.data.tax_breakdown');
    const lineItems = expand.includes('line_items') || withBreakdown
      ? { ...pageOf(c.lines.map((l) => lineObject(l, withBreakdown)), url, new URLSearchParams({ limit: '100' })), total_count: c.lines.length }
      : null;
    return {
      id: c.id,
      object: 'tax.calculation',
      amount_total: c.amount_total,
      currency: c.currency,
      customer: null,
      customer_details: c.customer_details,
      expires_at: c.expires_at,
      line_items: lineItems,
      livemode: false,
      ship_from_details: c.ship_from_details,
      shipping_cost: c.shipping,
      tax_amount_exclusive: c.tax_amount_exclusive,
      tax_amount_inclusive: c.tax_amount_inclusive,
      tax_breakdown: c.tax_breakdown,
      tax_date: c.tax_date,
    };
  }

  function create(params: FormObject): Calculation {
    checkKnown(params, ['currency', 'line_items', 'customer', 'customer_details', 'expand', 'ship_from_details', 'shipping_cost', 'tax_date']);
    const currency = str(params.currency)?.toLowerCase();
    if (!currency) throw missing('currency');
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}.`, { param: 'currency' });
    const rawLines = params.line_items;
    if (rawLines === undefined || rawLines === '') throw missing('line_items');
    if (!Array.isArray(rawLines) || rawLines.length === 0) throw invalid('Invalid array', { param: 'line_items' });
    const customer = str(params.customer);
    if (customer) throw resourceMissing('customer', customer, 'customer', 400);
    const details = obj(params.customer_details);
    if (!details) throw missing('customer_details');
    checkKnown(details, ['address', 'address_source', 'ip_address', 'tax_ids', 'taxability_override']);
    if (details.address === undefined) throw locationInvalid();
    const address = addressOf(details.address, 'customer_details[address]');
    const place = placeAddress(address);
    const override: Override =
      oneOf(details.taxability_override, ['none', 'customer_exempt', 'reverse_charge'] as const, 'customer_details[taxability_override]') ?? 'none';
    const addressSource = oneOf(details.address_source, ['billing', 'shipping'] as const, 'customer_details[address_source]') ?? null;
    const taxIds = Array.isArray(details.tax_ids)
      ? details.tax_ids.map((t) => ({ type: str(obj(t)?.type) ?? 'unknown', value: str(obj(t)?.value) ?? '' }))
      : [];

    const references = new Set<string>();
    const summaries: ReturnType<typeof taxItem>['summary'][] = [];
    const lines: CalcLine[] = rawLines.map((raw, i) => {
      const p = `line_items[${i}]`;
      const item = obj(raw);
      if (!item) throw invalid('Invalid object', { param: p });
      checkKnown(item, ['amount', 'metadata', 'performance_location', 'product', 'quantity', 'reference', 'tax_behavior', 'tax_code']);
      const amount = intParam(item, 'amount', `${p}[amount]`, true)!;
      if (amount < 0) throw invalid(`Invalid ${p}[amount]: must be greater than or equal to 0`, { param: `${p}[amount]` });
      const quantity = intParam(item, 'quantity', `${p}[quantity]`, false) ?? 1;
      if (quantity < 1) throw invalid(`Invalid ${p}[quantity]: must be greater than or equal to 1`, { param: `${p}[quantity]` });
      const reference = str(item.reference) || `line_item_${i + 1}`;
      if (references.has(reference)) {
        throw invalid(`The reference '${reference}' is used by more than one line item; line item references must be unique within a calculation.`, { param: `${p}[reference]` });
      }
      references.add(reference);
      const behavior = oneOf(item.tax_behavior, BEHAVIORS, `${p}[tax_behavior]`) ?? 'exclusive';
      const taxCode = taxCodeOf(item.tax_code, TAX_CODES.general, `${p}[tax_code]`);
      const tax = taxItem(place, override, amount, behavior, taxCode);
      summaries.push(tax.summary);
      return {
        id: stripeId('tax_li', 14), amount, amount_tax: tax.amountTax, metadata: metadataOf(item.metadata, `${p}[metadata]`),
        product: str(item.product) ?? null, quantity, reference, tax_behavior: behavior, tax_code: taxCode, tax_breakdown: tax.breakdown,
      };
    });

    let shipping: Calculation['shipping'] = null;
    const ship = obj(params.shipping_cost);
    if (params.shipping_cost !== undefined && !ship) throw invalid('Invalid object', { param: 'shipping_cost' });
    if (ship) {
      checkKnown(ship, ['amount', 'shipping_rate', 'tax_behavior', 'tax_code']);
      const rate = str(ship.shipping_rate);
      if (rate) throw resourceMissing('shipping_rate', rate, 'shipping_cost[shipping_rate]', 400);
      const amount = intParam(ship, 'amount', 'shipping_cost[amount]', true)!;
      if (amount < 0) throw invalid('Invalid shipping_cost[amount]: must be greater than or equal to 0', { param: 'shipping_cost[amount]' });
      const behavior = oneOf(ship.tax_behavior, BEHAVIORS, 'shipping_cost[tax_behavior]') ?? 'exclusive';
      const taxCode = taxCodeOf(ship.tax_code, TAX_CODES.shipping, 'shipping_cost[tax_code]');
      const tax = taxItem(place, override, amount, behavior, taxCode);
      summaries.push(tax.summary);
      shipping = { amount, amount_tax: tax.amountTax, tax_behavior: behavior, tax_breakdown: tax.breakdown, tax_code: taxCode };
    }

    const items = [...lines, ...(shipping ? [shipping] : [])];
    const exclusive = items.filter((l) => l.tax_behavior === 'exclusive').reduce((s, l) => s + l.amount_tax, 0);
    const inclusive = items.filter((l) => l.tax_behavior === 'inclusive').reduce((s, l) => s + l.amount_tax, 0);
    const created = now();
    const shipFrom = params.ship_from_details === undefined ? null : { address: addressOf(obj(params.ship_from_details)?.address, 'ship_from_details[address]') };
    const calc: Calculation = {
      id: stripeId('taxcalc'),
      currency,
      customer_details: { address, address_source: addressSource, ip_address: str(details.ip_address) ?? null, tax_ids: taxIds, taxability_override: override },
      expires_at: created + CALCULATION_TTL_S,
      ship_from_details: shipFrom,
      tax_date: intParam(params, 'tax_date', 'tax_date', false) ?? created,
      lines,
      shipping,
      amount_total: items.reduce((s, l) => s + l.amount, 0) + exclusive,
      tax_amount_exclusive: exclusive,
      tax_amount_inclusive: inclusive,
      tax_breakdown: summarize(summaries),
    };
    calculations.set(calc.id, calc);
    return calc;
  }

  function get(id: string, param = 'calculation', status = 404): Calculation {
    const c = calculations.get(id);
    if (!c) throw resourceMissing('tax.calculation', id, param, status);
    return c;
  }

  const route: Route = ({ method, path, params, query, access }) => {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/tax/calculations') {
      requireSecret(access);
      const expand = expandList(params, query, ['line_items', 'line_items.data.tax_breakdown']);
      return { status: 200, body: calculationObject(create(params), expand) };
    }
    if (method === 'GET' && (m = /^\/v1\/tax\/calculations\/([^/]+)$/.exec(path))) {
      requireSecret(access);
      const expand = expandList(params, query, ['line_items', 'line_items.data.tax_breakdown']);
      return { status: 200, body: calculationObject(get(decodeURIComponent(m[1]!)), expand) };
    }
    if (method === 'GET' && (m = /^\/v1\/tax\/calculations\/([^/]+)\/line_items$/.exec(path))) {
      requireSecret(access);
      const c = get(decodeURIComponent(m[1]!));
      const withBreakdown = expandList(params, query, ['data.tax_breakdown']).includes('data.tax_breakdown');
      return { status: 200, body: pageOf(c.lines.map((l) => lineObject(l, withBreakdown)), `/v1/tax/calculations/${c.id}/line_items`, query) };
    }
    return null;
  };

  return { route, get };
}

export type TaxCalculations = ReturnType<typeof createTaxCalculations>;
