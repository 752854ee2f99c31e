// Customers: create, retrieve and update, for invoicing. A customer carries the invoice number prefix and sequence
// (Stripe's customer-level numbering), the balance credit notes credit and the next finalized invoice uses, and the
// defaults (custom fields, footer) a new invoice starts from. Sends customer.created and customer.updated.
import type { FormObject, FormValue } from './form';
import { checkKnown, integer, invalid, mergeMetadata, now, obj, requireSecret, resourceMissing, str, stripeId, type Json, type RequestInfo, type Route } from './api';
import { oneOf } from './tax-calculations';
import type { Webhooks } from './webhooks';

export interface Customer extends Json {
  id: string;
  object: 'customer';
  address: Json | null;
  balance: number;
  currency: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: Json[] | null; default_payment_method: null; footer: string | null; rendering_options: null };
  metadata: Record<string, string>;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  shipping: Json | null;
  tax_exempt: 'none' | 'exempt' | 'reverse';
}

const FIELDS = [
  'address', 'balance', 'description', 'email', 'expand', 'invoice_prefix', 'invoice_settings', 'metadata', 'name',
  'next_invoice_sequence', 'phone', 'preferred_locales', 'shipping', 'tax_exempt',
];
const HEX = '0123456789ABCDEF';

export function addressFrom(raw: FormValue | undefined, param: string): Json | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === '') return null;
  const a = obj(raw);
  if (!a) throw invalid('Invalid object', { param });
  const field = (k: string) => str(a[k]) || null;
  return { city: field('city'), country: field('country'), line1: field('line1'), line2: field('line2'), postal_code: field('postal_code'), state: field('state') };
}

/** Invoice custom fields (`[{ name, value }]`, at most 4; '' clears), as on invoices and customers' invoice settings. */
export function customFieldsFrom(raw: FormValue | undefined, param: string): Json[] | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === '') return null;
  if (!Array.isArray(raw)) throw invalid('Invalid array', { param });
  if (raw.length > 4) throw invalid(`Invalid ${param}: must have at most 4 items`, { param });
  return raw.map((f, i) => {
    const o = obj(f) ?? {};
    const name = str(o.name);
    const value = str(o.value);
    if (!name) throw invalid(`Missing required param: ${param}[${i}][name].`, { code: 'parameter_missing', param: `${param}[${i}][name]` });
    if (value === undefined) throw invalid(`Missing required param: ${param}[${i}][value].`, { code: 'parameter_missing', param: `${param}[${i}][value]` });
    if (name.length > 40 || value.length > 140) throw invalid(`Invalid ${param}[${i}]: names have at most 40 characters, values 140`, { param: `${param}[${i}]` });
    return { name, value };
  });
}

/** The fields of `before` that differ in `after`, with their earlier values: an `*.updated` event's previous_attributes. */
export function previousAttributes(before: Json, after: Json): Json | null {
  const out: Json = {};
  for (const [k, v] of Object.entries(before)) {
    if (!k.startsWith('_') && JSON.stringify(v) !== JSON.stringify(after[k])) out[k] = v;
  }
  return Object.keys(out).length ? out : null;
}

export const publicCopy = (o: Json): Json => JSON.parse(JSON.stringify(o, (k: string, v: unknown) => (k.startsWith('_') ? undefined : v))) as Json;

export type Customers = ReturnType<typeof createCustomers>;

export function createCustomers(webhooks: Webhooks) {
  const customers = new Map<string, Customer>();

  function apply(c: Customer, params: FormObject) {
    const email = str(params.email);
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw invalid(`Invalid email address: ${email}`, { code: 'email_invalid', param: 'email' });
    }
    if (params.email !== undefined) c.email = email || null;
    if (params.name !== undefined) c.name = str(params.name) || null;
    if (params.phone !== undefined) c.phone = str(params.phone) || null;
    if (params.description !== undefined) c.description = str(params.description) || null;
    const address = addressFrom(params.address, 'address');
    if (address !== undefined) c.address = address;
    if (params.shipping !== undefined) {
      const s = params.shipping === '' ? null : obj(params.shipping);
      if (s && !str(s.name)) throw invalid('Missing required param: shipping[name].', { code: 'parameter_missing', param: 'shipping[name]' });
      c.shipping = s ? { address: addressFrom(s.address ?? {}, 'shipping[address]'), name: str(s.name), phone: str(s.phone) ?? null } : null;
    }
    const exempt = oneOf(params.tax_exempt, ['none', 'exempt', 'reverse'] as const, 'tax_exempt');
    if (params.tax_exempt !== undefined) c.tax_exempt = exempt ?? 'none';
    const balance = integer(params, 'balance', false);
    if (balance !== undefined) c.balance = balance;
    const prefix = str(params.invoice_prefix);
    if (prefix !== undefined) {
      if (!/^[A-Z0-9]{3,12}$/.test(prefix)) {
        throw invalid('Invalid invoice_prefix: must be 3 to 12 uppercase letters or numbers', { param: 'invoice_prefix' });
      }
      c.invoice_prefix = prefix;
    }
    const sequence = integer(params, 'next_invoice_sequence', false);
    if (sequence !== undefined) {
      if (sequence < 1) throw invalid('Invalid next_invoice_sequence: must be at least 1', { param: 'next_invoice_sequence' });
      c.next_invoice_sequence = sequence;
    }
    if (Array.isArray(params.preferred_locales)) c.preferred_locales = params.preferred_locales.map(String);
    const settings = params.invoice_settings === undefined ? undefined : obj(params.invoice_settings);
    if (params.invoice_settings !== undefined && !settings) throw invalid('Invalid object', { param: 'invoice_settings' });
    if (settings) {
      checkKnown(settings, ['custom_fields', 'footer', 'rendering_options', 'default_payment_method']);
      const fields = customFieldsFrom(settings.custom_fields, 'invoice_settings[custom_fields]');
      if (fields !== undefined) c.invoice_settings.custom_fields = fields;
      if (settings.footer !== undefined) c.invoice_settings.footer = str(settings.footer) || null;
    }
    c.metadata = mergeMetadata(c.metadata, params.metadata);
  }

  function create(params: FormObject, request: RequestInfo): Customer {
    checkKnown(params, FIELDS);
    const c: Customer = {
      id: stripeId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      discount: null,
      email: null,
      invoice_prefix: Array.from({ length: 8 }, () => HEX[Math.floor(Math.random() * 16)]).join(''),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: {},
      name: null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    apply(c, params);
    customers.set(c.id, c);
    webhooks.emit('customer.created', publicCopy(c), c.id, request);
    return c;
  }

  function update(c: Customer, params: FormObject, request: RequestInfo) {
    checkKnown(params, FIELDS);
    const before = publicCopy(c);
    apply(c, params);
    const previous = previousAttributes(before, c);
    if (previous) webhooks.emit('customer.updated', publicCopy(c), c.id, request, undefined, previous);
  }

  /** A customer named in a body parameter: an unknown one is a 400, as Stripe answers for ids in parameters. */
  function get(id: string, param = 'customer'): Customer {
    const c = customers.get(id);
    if (!c) throw resourceMissing('customer', id, param, 400);
    return c;
  }

  /** The number a finalizing invoice takes: the customer's prefix and next sequence (PREFIX-0001). */
  function nextInvoiceNumber(c: Customer): string {
    const n = c.next_invoice_sequence;
    c.next_invoice_sequence = n + 1;
    return `${c.invoice_prefix}-${String(n).padStart(4, '0')}`;
  }

  const route: Route = ({ method, path, params, access, request }) => {
    if (method === 'POST' && path === '/v1/customers') {
      requireSecret(access);
      return { status: 200, body: create(params, request) };
    }
    const m = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (!m || (method !== 'GET' && method !== 'POST')) return null;
    requireSecret(access);
    const id = decodeURIComponent(m[1]!);
    const c = customers.get(id);
    if (!c) throw resourceMissing('customer', id, 'id');
    if (method === 'POST') update(c, params, request);
    return { status: 200, body: c };
  };

  return { route, get, find: (id: string) => customers.get(id), nextInvoiceNumber };
}
