// Offline stand-in for the part of Stripe's API the shop uses: PaymentIntents (create, retrieve, update, confirm,
// cancel), refunds, and signed webhook delivery. Outcomes follow Stripe's test cards (cards.ts). State lives in
// memory. Development and test infrastructure only: with real Stripe keys the app never talks to it.
//
// Besides the API (`/v1/...`) it serves:
//   GET/POST /__control/delivery   delivery switches { copies, delayMs, webhookUrl, retryDelaysMs } (secret key)
//   GET      /__control/events     every event with its delivery attempts (secret key)
//   POST     /__control/events/{id}/resend
//   GET/POST /__test/authenticate/{pi}  the 3-D Secure test page (complete or fail)
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { LOCAL_DEFAULTS } from '../../lib/local-defaults';
import {
  AUTHENTICATION_FAILED,
  TEST_PAYMENT_METHODS,
  cardBrand,
  cardOutcome,
  type CardDecline,
  type CardOutcome,
} from './cards';
import { parseForm, type FormObject, type FormValue } from './form';

export interface StripeServerOptions {
  port: number;
  webhookUrl: string;
  webhookSecret: string;
  host?: string;
  secretKey?: string;
  publishableKey?: string;
  /** Waits between webhook retries; their count bounds the retries. Stripe itself retries for three days. */
  retryDelaysMs?: number[];
  log?: (line: string) => void;
}

/** Test switches: deliver every event `copies` times (concurrently), and/or `delayMs` late. */
export interface DeliveryMode {
  copies: number;
  delayMs: number;
}

export interface DeliveryAttempt {
  at: string;
  copy: number;
  attempt: number;
  status: number | null;
  error?: string;
}

export interface EventRecord {
  id: string;
  type: string;
  paymentIntent: string;
  created: number;
  body: string;
  attempts: DeliveryAttempt[];
  /** A copy got a 2xx. */
  delivered: boolean;
}

export interface StripeServerHandle {
  url: string;
  stop(): Promise<void>;
  setWebhookUrl(url: string): void;
  deliveryMode: DeliveryMode;
  events(): EventRecord[];
  /** Resolves when no webhook delivery is waiting or in flight. */
  idle(): Promise<void>;
}

type Json = Record<string, unknown>;

interface PaymentIntent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: Json | null;
  next_action: Json | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

interface PaymentMethod extends Json {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}

interface Charge {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent: string;
  currency: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, extra: Json = {}) =>
  new ApiError(400, { type: 'invalid_request_error', message, ...extra });
const missing = (param: string) =>
  invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return `${prefix}_${out}`;
}
const now = () => Math.floor(Date.now() / 1000);

const MUTABLE_STATUSES = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE_STATUSES = [...MUTABLE_STATUSES, 'requires_capture', 'processing'];

/** Fields a publishable key may read, as Stripe returns them to Stripe.js. */
const PUBLIC_FIELDS = [
  'id', 'object', 'allowed_payment_method_types', 'amount', 'amount_details', 'automatic_payment_methods',
  'canceled_at', 'cancellation_reason', 'capture_method', 'client_secret', 'confirmation_method', 'created',
  'currency', 'description', 'last_payment_error', 'livemode', 'next_action', 'payment_method',
  'payment_method_types', 'processing', 'receipt_email', 'setup_future_usage', 'shipping', 'status',
];

const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;

function integer(params: FormObject, name: string, required: boolean): number | undefined {
  const raw = params[name];
  if (raw === undefined || raw === '') {
    if (required) throw missing(name);
    return undefined;
  }
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) {
    throw invalid(`Invalid integer: ${typeof raw === 'string' ? raw : JSON.stringify(raw)}`, {
      code: 'parameter_invalid_integer',
      param: name,
    });
  }
  return Number(raw);
}

function checkAmount(amount: number, currency: string) {
  if (amount < 50) {
    throw invalid(`Amount must be at least $0.50 ${currency}`, { code: 'amount_too_small', param: 'amount' });
  }
  if (amount > 99_999_999) {
    throw invalid('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
  }
}

function checkCurrency(raw: string | undefined): string {
  if (!raw) throw missing('currency');
  const currency = raw.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) {
    throw invalid(`Invalid currency: ${raw}. Stripe currently supports these currencies: usd, eur, gbp, ...`, {
      param: 'currency',
    });
  }
  return currency;
}

function checkKnown(params: FormObject, allowed: string[]) {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw invalid(`Received unknown parameter: ${key}`, { code: 'parameter_unknown', param: key });
    }
  }
}

/** Stripe's metadata update rules: keys merge, an empty value removes the key, an empty string clears all. */
function mergeMetadata(current: Record<string, string>, raw: FormValue | undefined): Record<string, string> {
  if (raw === undefined) return current;
  if (raw === '') return {};
  const update = obj(raw);
  if (!update) throw invalid('Invalid object', { param: 'metadata' });
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (typeof v !== 'string') throw invalid('Invalid metadata value', { param: `metadata[${k}]` });
    if (v === '') delete next[k];
    else next[k] = v;
  }
  if (Object.keys(next).length > 50) throw invalid('Metadata can have at most 50 keys.', { param: 'metadata' });
  return next;
}

function shippingFrom(raw: FormValue | undefined): Json | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === '') return null;
  const s = obj(raw);
  if (!s) throw invalid('Invalid object', { param: 'shipping' });
  const address = obj(s.address);
  if (!address) throw missing('shipping[address]');
  if (!str(s.name)) throw missing('shipping[name]');
  return {
    address: {
      city: str(address.city) ?? null,
      country: str(address.country) ?? null,
      line1: str(address.line1) ?? null,
      line2: str(address.line2) ?? null,
      postal_code: str(address.postal_code) ?? null,
      state: str(address.state) ?? null,
    },
    carrier: str(s.carrier) ?? null,
    name: str(s.name),
    phone: str(s.phone) ?? null,
    tracking_number: str(s.tracking_number) ?? null,
  };
}

function billingDetails(raw: FormValue | undefined): Json {
  const b = obj(raw) ?? {};
  const a = obj(b.address) ?? {};
  return {
    address: {
      city: str(a.city) || null,
      country: str(a.country) || null,
      line1: str(a.line1) || null,
      line2: str(a.line2) || null,
      postal_code: str(a.postal_code) || null,
      state: str(a.state) || null,
    },
    email: str(b.email) || null,
    name: str(b.name) || null,
    phone: str(b.phone) || null,
  };
}

function docUrl(code: string) {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
}

export async function startStripeServer(opts: StripeServerOptions): Promise<StripeServerHandle> {
  const secretKey = opts.secretKey ?? LOCAL_DEFAULTS.stripeSecretKey;
  const publishableKey = opts.publishableKey ?? LOCAL_DEFAULTS.stripePublishableKey;
  const log = opts.log ?? (() => {});
  let webhookUrl = opts.webhookUrl;
  let retryDelaysMs = opts.retryDelaysMs ?? [1000, 2000, 4000, 8000, 16000, 30000];
  const deliveryMode: DeliveryMode = { copies: 1, delayMs: 0 };

  const intents = new Map<string, PaymentIntent>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Json>();
  /** 3-D Secure intents waiting at the test authentication page: what happens after "Complete". */
  const pendingAuth = new Map<string, { then: 'succeed' | CardDecline; returnUrl: string | null }>();
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  const eventLog: EventRecord[] = [];

  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<AbortController>();
  let pending = 0;
  let idleWaiters: Array<() => void> = [];
  let stopped = false;
  let baseUrl = '';

  const settle = () => {
    if (pending === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  };
  const later = (ms: number, fn: () => void) => {
    pending++;
    const t = setTimeout(() => {
      timers.delete(t);
      pending--;
      fn();
      settle();
    }, ms);
    timers.add(t);
  };

  // ---- webhooks ----

  function sign(body: string): string {
    const t = now();
    const v1 = createHmac('sha256', opts.webhookSecret).update(`${t}.${body}`, 'utf8').digest('hex');
    return `t=${t},v1=${v1}`;
  }

  async function deliver(rec: EventRecord, copy: number, attempt: number): Promise<void> {
    if (stopped) return;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), 10_000);
    inFlight.add(controller);
    pending++;
    const entry: DeliveryAttempt = { at: new Date().toISOString(), copy, attempt, status: null };
    rec.attempts.push(entry);
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': sign(rec.body),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: rec.body,
        signal: controller.signal,
      });
      entry.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      entry.error = err instanceof Error ? err.message : String(err);
    } finally {
      clearTimeout(timeout);
      inFlight.delete(controller);
      pending--;
    }
    const ok = entry.status !== null && entry.status >= 200 && entry.status < 300;
    log(`webhook ${rec.type} ${rec.id} copy ${copy} attempt ${attempt} → ${entry.status ?? entry.error}`);
    if (ok) rec.delivered = true;
    else if (!stopped && attempt < retryDelaysMs.length) later(retryDelaysMs[attempt]!, () => void deliver(rec, copy, attempt + 1));
    settle();
  }

  function dispatch(rec: EventRecord) {
    const copies = Math.max(1, Math.floor(deliveryMode.copies) || 1);
    const start = () => {
      for (let c = 1; c <= copies; c++) void deliver(rec, c, 0);
    };
    later(Math.max(0, deliveryMode.delayMs), start);
  }

  function emit(type: string, pi: PaymentIntent, request: { id: string; idempotencyKey: string | null }) {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: (pi._apiVersion as string | undefined) ?? Stripe.API_VERSION,
      created: now(),
      data: { object: publicView(pi, 'secret') },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
    const rec: EventRecord = {
      id: event.id,
      type,
      paymentIntent: pi.id,
      created: event.created,
      body: JSON.stringify(event, null, 2),
      attempts: [],
      delivered: false,
    };
    eventLog.push(rec);
    if (eventLog.length > 10_000) eventLog.shift();
    dispatch(rec);
  }

  // ---- objects ----

  function publicView(pi: PaymentIntent, access: 'secret' | 'publishable'): Json {
    const out: Json = {};
    for (const [k, v] of Object.entries(pi)) if (!k.startsWith('_')) out[k] = v;
    if (access === 'secret') return out;
    const limited: Json = {};
    for (const k of PUBLIC_FIELDS) if (k in out) limited[k] = out[k];
    return limited;
  }

  function getIntent(id: string): PaymentIntent {
    const pi = intents.get(id);
    if (!pi) {
      throw new ApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${id}'`,
        param: 'intent',
        doc_url: docUrl('resource_missing'),
      });
    }
    return pi;
  }

  function createPaymentMethod(data: FormObject): { pm: PaymentMethod; number: string; cvc?: string } {
    const type = str(data.type);
    if (!type) throw missing('payment_method_data[type]');
    if (type !== 'card') {
      throw invalid(`The payment method type "${type}" is not available in this test stand-in; use "card".`, {
        param: 'payment_method_data[type]',
      });
    }
    const card = obj(data.card);
    if (!card) throw missing('payment_method_data[card]');
    const number = str(card.number)?.replace(/[\s-]/g, '');
    if (!number) throw missing('payment_method_data[card][number]');
    const expMonth = Number(str(card.exp_month));
    const expYear = Number(str(card.exp_year));
    if (!str(card.exp_month)) throw missing('payment_method_data[card][exp_month]');
    if (!str(card.exp_year)) throw missing('payment_method_data[card][exp_year]');
    const pm: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      billing_details: billingDetails(data.billing_details),
      card: {
        brand: cardBrand(number),
        last4: number.slice(-4),
        exp_month: expMonth,
        exp_year: expYear < 100 ? 2000 + expYear : expYear,
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    return { pm, number, cvc: str(card.cvc) };
  }

  function testPaymentMethod(id: string): { pm: PaymentMethod; number: string } {
    const known = paymentMethods.get(id);
    if (known) return { pm: known, number: String(known._number) };
    const number = TEST_PAYMENT_METHODS[id];
    if (!number) {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such PaymentMethod: '${id}'`,
        param: 'payment_method',
        doc_url: docUrl('resource_missing'),
      });
    }
    const year = new Date().getUTCFullYear() + 3;
    const pm: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      billing_details: billingDetails(undefined),
      card: { brand: cardBrand(number), last4: number.slice(-4), exp_month: 12, exp_year: year },
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    return { pm, number };
  }

  function createIntent(params: FormObject, apiVersion: string | null): PaymentIntent {
    checkKnown(params, [
      'amount', 'currency', 'allowed_payment_method_types', 'excluded_payment_method_types', 'payment_method_types',
      'automatic_payment_methods', 'metadata', 'description',
      'receipt_email', 'shipping', 'statement_descriptor', 'statement_descriptor_suffix', 'capture_method',
      'confirmation_method', 'payment_method', 'payment_method_data', 'confirm', 'return_url', 'expand',
      'setup_future_usage', 'customer', 'payment_method_options',
    ]);
    const currency = checkCurrency(str(params.currency));
    const amount = integer(params, 'amount', true)!;
    checkAmount(amount, currency);
    // Current API versions name the list allowed_payment_method_types; older ones payment_method_types.
    const types = params.allowed_payment_method_types ?? params.payment_method_types;
    const paymentMethodTypes = Array.isArray(types) ? types.map(String) : ['card'];
    const excluded = params.excluded_payment_method_types;
    const automatic = obj(params.automatic_payment_methods);
    const id = stripeId('pi');
    const pi: PaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: Array.isArray(types) ? paymentMethodTypes : null,
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: Array.isArray(types)
        ? null
        : { allow_redirects: str(automatic?.allow_redirects) ?? 'always', enabled: true },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${stripeId('x', 25).slice(2)}`,
      confirmation_method: str(params.confirmation_method) ?? 'automatic',
      created: now(),
      currency,
      customer: str(params.customer) ?? null,
      customer_account: null,
      description: str(params.description) ?? null,
      excluded_payment_method_types: Array.isArray(excluded) ? excluded.map(String) : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: mergeMetadata({}, params.metadata),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: paymentMethodTypes,
      payment_record: null,
      processing: null,
      receipt_email: str(params.receipt_email) ?? null,
      review: null,
      setup_future_usage: null,
      shipping: shippingFrom(params.shipping) ?? null,
      source: null,
      statement_descriptor: str(params.statement_descriptor) ?? null,
      statement_descriptor_suffix: str(params.statement_descriptor_suffix) ?? null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
      _apiVersion: apiVersion ?? undefined,
    };
    intents.set(id, pi);
    return pi;
  }

  function updateIntent(pi: PaymentIntent, params: FormObject) {
    checkKnown(params, [
      'amount', 'currency', 'metadata', 'description', 'receipt_email', 'shipping', 'payment_method',
      'payment_method_types', 'allowed_payment_method_types', 'excluded_payment_method_types',
      'statement_descriptor', 'statement_descriptor_suffix', 'setup_future_usage',
      'expand', 'payment_method_data', 'capture_method',
    ]);
    const changesMoney = params.amount !== undefined || params.currency !== undefined;
    if (changesMoney && !MUTABLE_STATUSES.includes(pi.status)) {
      throw invalid(
        `This PaymentIntent's amount could not be updated because it has a status of ${pi.status}. You may only update the amount of a PaymentIntent with one of the following statuses: ${MUTABLE_STATUSES.join(', ')}.`,
        { code: 'payment_intent_unexpected_state', payment_intent: publicView(pi, 'secret') },
      );
    }
    if (pi.status === 'canceled') {
      throw invalid('This PaymentIntent could not be updated because it has a status of canceled.', {
        code: 'payment_intent_unexpected_state',
      });
    }
    const currency = params.currency !== undefined ? checkCurrency(str(params.currency)) : pi.currency;
    const amount = integer(params, 'amount', false) ?? pi.amount;
    if (changesMoney) checkAmount(amount, currency);
    pi.amount = amount;
    pi.currency = currency;
    pi.metadata = mergeMetadata(pi.metadata, params.metadata);
    if (params.description !== undefined) pi.description = str(params.description) || null;
    if (params.receipt_email !== undefined) pi.receipt_email = str(params.receipt_email) || null;
    const shipping = shippingFrom(params.shipping);
    if (shipping !== undefined) pi.shipping = shipping;
    if (params.payment_method !== undefined) {
      const id = str(params.payment_method);
      if (id) {
        const { pm, number } = testPaymentMethod(id);
        paymentMethods.set(pm.id, { ...pm, _number: number });
        pi.payment_method = pm.id;
        if (pi.status === 'requires_payment_method') pi.status = 'requires_confirmation';
      }
    }
  }

  function finish(pi: PaymentIntent, outcome: 'succeed' | CardDecline, pm: PaymentMethod, amount = pi.amount) {
    const charge: Charge = { id: stripeId('ch'), amount, amount_refunded: 0, payment_intent: pi.id, currency: pi.currency };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    pi.next_action = null;
    if (outcome === 'succeed') {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.payment_method = pm.id;
      pi.last_payment_error = null;
      return { event: 'payment_intent.succeeded' as const };
    }
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.last_payment_error = {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
      message: outcome.message,
      ...(outcome.param ? { param: outcome.param } : {}),
      charge: charge.id,
      doc_url: docUrl(outcome.code),
      payment_method: pm,
    };
    return { event: 'payment_intent.payment_failed' as const, error: pi.last_payment_error, charge: charge.id };
  }

  function confirmIntent(
    pi: PaymentIntent,
    params: FormObject,
    request: { id: string; idempotencyKey: string | null },
  ): { status: number; body: Json } {
    if (!MUTABLE_STATUSES.includes(pi.status)) {
      const message =
        pi.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${MUTABLE_STATUSES.join(', ')}.`;
      throw invalid(message, { code: 'payment_intent_unexpected_state', payment_intent: publicView(pi, 'secret') });
    }
    let resolved: { pm: PaymentMethod; number: string; cvc?: string } | undefined;
    const pmData = obj(params.payment_method_data);
    const pmId = str(params.payment_method);
    if (pmData) resolved = createPaymentMethod(pmData);
    else if (pmId) resolved = testPaymentMethod(pmId);
    else if (pi.payment_method) resolved = testPaymentMethod(pi.payment_method);
    if (!resolved) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        { code: 'payment_intent_unexpected_state', payment_intent: publicView(pi, 'secret') },
      );
    }
    const shipping = shippingFrom(params.shipping);
    if (shipping !== undefined) pi.shipping = shipping;
    if (str(params.receipt_email)) pi.receipt_email = str(params.receipt_email)!;
    const { pm, number, cvc } = resolved;
    paymentMethods.set(pm.id, { ...pm, _number: number });
    const publicPm = { ...pm };
    const outcome: CardOutcome = cardOutcome({ number, expMonth: pm.card.exp_month, expYear: pm.card.exp_year, cvc });
    if (outcome.kind === 'authenticate') {
      pi.status = 'requires_action';
      pi.payment_method = pm.id;
      pi.last_payment_error = null;
      const returnUrl = str(params.return_url) ?? null;
      pendingAuth.set(pi.id, { then: outcome.then, returnUrl });
      const url = `${baseUrl}/__test/authenticate/${pi.id}?client_secret=${encodeURIComponent(pi.client_secret)}`;
      pi.next_action = returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url } }
        : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
      return { status: 200, body: pi };
    }
    const result = finish(pi, outcome.kind === 'decline' ? outcome : 'succeed', publicPm);
    emit(result.event, pi, request);
    if (result.event === 'payment_intent.payment_failed') {
      return {
        status: 402,
        body: {
          ...result.error,
          payment_intent: pi,
          payment_method: publicPm,
        },
      };
    }
    return { status: 200, body: pi };
  }

  function cancelIntent(pi: PaymentIntent, params: FormObject) {
    checkKnown(params, ['cancellation_reason', 'expand']);
    if (!CANCELABLE_STATUSES.includes(pi.status)) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE_STATUSES.join(', ')}.`,
        { code: 'payment_intent_unexpected_state', payment_intent: publicView(pi, 'secret') },
      );
    }
    pi.status = 'canceled';
    pi.canceled_at = now();
    pi.cancellation_reason = str(params.cancellation_reason) ?? null;
    pi.next_action = null;
    pendingAuth.delete(pi.id);
  }

  function createRefund(params: FormObject): Json {
    checkKnown(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
    const piId = str(params.payment_intent);
    const chargeId = str(params.charge);
    let charge: Charge | undefined;
    if (piId) {
      const pi = getIntent(piId);
      if (pi.status !== 'succeeded' || !pi.latest_charge) {
        throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
        });
      }
      charge = charges.get(pi.latest_charge);
    } else if (chargeId) {
      charge = charges.get(chargeId);
      if (!charge) throw invalid(`No such charge: '${chargeId}'`, { code: 'resource_missing', param: 'charge' });
    } else {
      throw invalid('One of the following params should be provided for this request: payment_intent or charge.');
    }
    const c = charge!;
    const remaining = c.amount - c.amount_refunded;
    const amount = integer(params, 'amount', false) ?? remaining;
    if (remaining <= 0) {
      throw invalid(`Charge ${c.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    if (amount <= 0 || amount > remaining) {
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
        { param: 'amount' },
      );
    }
    c.amount_refunded += amount;
    const reason = str(params.reason) ?? null;
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid(`Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, { param: 'reason' });
    }
    const refund: Json = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: c.id,
      created: now(),
      currency: c.currency,
      destination_details: { card: { type: 'refund' }, type: 'card' },
      metadata: mergeMetadata({}, params.metadata),
      payment_intent: c.payment_intent,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    refunds.set(String(refund.id), refund);
    return refund;
  }

  function authenticate(piId: string, clientSecret: string | undefined, action: string) {
    const pi = getIntent(piId);
    if (clientSecret !== pi.client_secret) throw invalid('The client_secret provided does not match this PaymentIntent.', { param: 'client_secret' });
    const waiting = pendingAuth.get(pi.id);
    if (!waiting || pi.status !== 'requires_action') throw invalid('This PaymentIntent is not waiting for authentication.');
    pendingAuth.delete(pi.id);
    const pm = paymentMethods.get(pi.payment_method ?? '');
    const publicPm = pm ? (Object.fromEntries(Object.entries(pm).filter(([k]) => !k.startsWith('_'))) as PaymentMethod) : testPaymentMethod('pm_card_visa').pm;
    const outcome = action === 'complete' ? waiting.then : AUTHENTICATION_FAILED;
    const result = finish(pi, outcome, publicPm);
    emit(result.event, pi, { id: stripeId('req', 14), idempotencyKey: null });
    return { pi, returnUrl: waiting.returnUrl, succeeded: result.event === 'payment_intent.succeeded' };
  }

  // ---- HTTP ----

  type Access = 'secret' | 'publishable';

  function authenticateRequest(req: IncomingMessage, params: FormObject, query: URLSearchParams): Access {
    const header = req.headers.authorization ?? '';
    let key: string | undefined;
    const bearer = /^Bearer\s+(.+)$/i.exec(header);
    const basic = /^Basic\s+(.+)$/i.exec(header);
    if (bearer) key = bearer[1]!.trim();
    else if (basic) key = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
    else key = str(params.key) ?? query.get('key') ?? undefined;
    if (!key) {
      throw new ApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    if (key === secretKey) return 'secret';
    if (key === publishableKey) return 'publishable';
    const masked = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
    throw new ApiError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${masked}`,
    });
  }

  function requireSecret(access: Access) {
    if (access !== 'secret') {
      throw new ApiError(401, {
        type: 'invalid_request_error',
        message:
          'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
      });
    }
  }

  function requireClientSecret(pi: PaymentIntent, access: Access, given: string | undefined) {
    if (access === 'secret') return;
    if (!given) throw missing('client_secret');
    if (given !== pi.client_secret) {
      throw invalid(
        'The client_secret provided does not match any associated PaymentIntent on this account. Ensure the publishable key used belongs to the same account that created the PaymentIntent.',
        { code: 'payment_intent_invalid_parameter', param: 'client_secret' },
      );
    }
  }

  /** Routes an authenticated API call; returns status and body. Card declines come back as 402. */
  function route(
    method: string,
    path: string,
    params: FormObject,
    query: URLSearchParams,
    access: Access,
    request: { id: string; idempotencyKey: string | null; apiVersion: string | null },
  ): { status: number; body: Json } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      requireSecret(access);
      const confirm = str(params.confirm) === 'true';
      const { confirm: _c, return_url: _r, payment_method_data: pmd, ...createParams } = params;
      const pi = createIntent(createParams, request.apiVersion);
      if (str(params.payment_method)) {
        updateIntent(pi, { payment_method: params.payment_method! });
      }
      if (confirm) {
        const confirmParams: FormObject = {};
        if (pmd) confirmParams.payment_method_data = pmd;
        if (params.return_url) confirmParams.return_url = params.return_url;
        return confirmIntent(pi, confirmParams, request);
      }
      return { status: 200, body: pi };
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const pi = getIntent(decodeURIComponent(m[1]!));
      if (method === 'GET') {
        requireClientSecret(pi, access, query.get('client_secret') ?? undefined);
        return { status: 200, body: publicView(pi, access) };
      }
      if (method === 'POST') {
        requireSecret(access);
        updateIntent(pi, params);
        return { status: 200, body: pi };
      }
    }
    if (method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path))) {
      const pi = getIntent(decodeURIComponent(m[1]!));
      const { client_secret: clientSecret, key: _key, ...rest } = params;
      requireClientSecret(pi, access, str(clientSecret));
      if (access === 'secret') {
        checkKnown(rest, [
          'payment_method', 'payment_method_data', 'return_url', 'shipping', 'receipt_email', 'expand',
          'setup_future_usage', 'off_session', 'error_on_requires_action', 'mandate_data', 'payment_method_options',
          'use_stripe_sdk', 'capture_method', 'allowed_payment_method_types', 'excluded_payment_method_types',
        ]);
      }
      const result = confirmIntent(pi, rest, request);
      if (result.status === 200) return { status: 200, body: publicView(pi, access) };
      return { status: result.status, body: { ...result.body, payment_intent: publicView(pi, access) } };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) {
      requireSecret(access);
      const pi = getIntent(decodeURIComponent(m[1]!));
      cancelIntent(pi, params);
      return { status: 200, body: pi };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      requireSecret(access);
      return { status: 200, body: createRefund(params) };
    }
    if (method === 'GET' && (m = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
      requireSecret(access);
      const refund = refunds.get(decodeURIComponent(m[1]!));
      if (!refund) {
        throw new ApiError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such refund: '${m[1]}'`,
          param: 'id',
        });
      }
      return { status: 200, body: refund };
    }
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-cache, no-store',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Request-Id, Idempotent-Replayed',
      ...headers,
    });
    res.end(body);
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 1_000_000) throw invalid('Request body too large.');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  function html(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>3D Secure test</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1c1b19}
button{font:inherit;padding:.6rem 1.2rem;margin:.25rem;border-radius:.25rem;border:1px solid #1c1b19;cursor:pointer}
.ok{background:#1c1b19;color:#fff}</style></head><body>${body}</body></html>`);
  }

  async function handleTest(req: IncomingMessage, res: ServerResponse, url: URL) {
    const m = /^\/__test\/authenticate\/([^/]+)$/.exec(url.pathname);
    if (!m) return send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Not found' } }));
    const id = decodeURIComponent(m[1]!);
    if (req.method === 'GET') {
      const pi = intents.get(id);
      const secret = url.searchParams.get('client_secret') ?? '';
      if (!pi || pi.client_secret !== secret) return html(res, 404, '<h1>Unknown payment</h1>');
      const esc = secret.replace(/[^A-Za-z0-9_]/g, '');
      return html(
        res,
        200,
        `<h1>3D Secure test payment</h1><p>Amount: ${(pi.amount / 100).toFixed(2)} ${pi.currency.toUpperCase()}</p>
<p>This page stands in for the card issuer's authentication step.</p>
<form method="post"><input type="hidden" name="client_secret" value="${esc}">
<button class="ok" name="action" value="complete">Complete authentication</button>
<button name="action" value="fail">Fail authentication</button></form>`,
      );
    }
    if (req.method === 'POST') {
      const form = parseForm(await readBody(req));
      const { pi, returnUrl, succeeded } = authenticate(id, str(form.client_secret), str(form.action) ?? 'fail');
      if (returnUrl) {
        const back = new URL(returnUrl);
        back.searchParams.set('payment_intent', pi.id);
        back.searchParams.set('payment_intent_client_secret', pi.client_secret);
        back.searchParams.set('redirect_status', succeeded ? 'succeeded' : 'failed');
        res.writeHead(303, { location: back.toString() });
        return res.end();
      }
      return html(res, 200, `<h1>${succeeded ? 'Authentication complete' : 'Authentication failed'}</h1><p>You can close this window.</p>`);
    }
    send(res, 405, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Method not allowed' } }));
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL) {
    const header = req.headers.authorization ?? '';
    if (header !== `Bearer ${secretKey}`) {
      return send(res, 401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Control calls need the secret key.' } }));
    }
    const path = url.pathname;
    if (path === '/__control/delivery') {
      if (req.method === 'POST') {
        const raw = await readBody(req);
        const body = (raw ? JSON.parse(raw) : {}) as Partial<DeliveryMode & { webhookUrl: string; retryDelaysMs: number[] }>;
        if (body.copies !== undefined) deliveryMode.copies = Math.max(1, Math.floor(Number(body.copies)) || 1);
        if (body.delayMs !== undefined) deliveryMode.delayMs = Math.max(0, Number(body.delayMs) || 0);
        if (body.webhookUrl) webhookUrl = new URL(body.webhookUrl).toString();
        if (Array.isArray(body.retryDelaysMs)) retryDelaysMs = body.retryDelaysMs.map((n) => Math.max(0, Number(n) || 0)).slice(0, 20);
      }
      return send(res, 200, JSON.stringify({ ...deliveryMode, webhookUrl, retryDelaysMs }));
    }
    if (path === '/__control/events' && req.method === 'GET') {
      const pi = url.searchParams.get('payment_intent');
      const list = eventLog.filter((e) => !pi || e.paymentIntent === pi).map(({ body: _b, ...rest }) => rest);
      return send(res, 200, JSON.stringify({ data: list, pending }));
    }
    if (path === '/__control/idle' && req.method === 'GET') {
      await handle.idle();
      return send(res, 200, JSON.stringify({ idle: true }));
    }
    const m = /^\/__control\/events\/([^/]+)\/resend$/.exec(path);
    if (m && req.method === 'POST') {
      const rec = eventLog.find((e) => e.id === m[1]);
      if (!rec) return send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such event' } }));
      dispatch(rec);
      return send(res, 200, JSON.stringify({ id: rec.id }));
    }
    send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown control call' } }));
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const requestId = stripeId('req', 14);
    const method = req.method ?? 'GET';
    const apiVersion = (req.headers['stripe-version'] as string | undefined) ?? null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': apiVersion ?? Stripe.API_VERSION };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let status: number;
    let body: string;
    try {
      const raw = method === 'POST' ? await readBody(req) : '';
      const params = parseForm(raw);
      const access = authenticateRequest(req, params, url.searchParams);
      const scope = `${access}:${idempotencyKey}`;
      const fingerprint = `${method} ${url.pathname} ${raw}`;
      const saved = method === 'POST' && idempotencyKey ? idempotency.get(scope) : undefined;
      if (saved) {
        if (saved.fingerprint !== fingerprint) {
          throw new ApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        log(`${method} ${url.pathname} → ${saved.status} (idempotent replay)`);
        return send(res, saved.status, saved.body, { ...headers, 'idempotent-replayed': 'true' });
      }
      const result = route(method, url.pathname, params, url.searchParams, access, { id: requestId, idempotencyKey, apiVersion });
      status = result.status;
      body = JSON.stringify(status === 200 ? (publicOut(result.body)) : { error: result.body }, null, 2);
      if (method === 'POST' && idempotencyKey) {
        idempotency.set(scope, { fingerprint, status, body });
        if (idempotency.size > 50_000) idempotency.delete(idempotency.keys().next().value!);
      }
    } catch (err) {
      if (err instanceof ApiError) {
        status = err.status;
        const e = { ...err.body };
        if (e.payment_intent && typeof e.payment_intent === 'object') e.payment_intent = publicOut(e.payment_intent as Json);
        if (e.code && !e.doc_url) e.doc_url = docUrl(String(e.code));
        body = JSON.stringify({ error: e }, null, 2);
      } else {
        status = 500;
        log(`stripe stand-in error: ${err instanceof Error ? err.stack : String(err)}`);
        body = JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred in the Stripe stand-in.' } });
      }
    }
    log(`${method} ${url.pathname} → ${status}`);
    send(res, status, body, headers);
  }

  /** Drops internal fields (prefixed `_`) from anything going out. */
  function publicOut(value: Json): Json {
    if (value.object === 'payment_intent') {
      const out: Json = {};
      for (const [k, v] of Object.entries(value)) if (!k.startsWith('_')) out[k] = v;
      return out;
    }
    return value;
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': 'Authorization, Content-Type, Stripe-Version, Idempotency-Key, Stripe-Account',
        'access-control-max-age': '300',
      });
      return res.end();
    }
    const handler = url.pathname.startsWith('/__control/')
      ? handleControl
      : url.pathname.startsWith('/__test/')
        ? handleTest
        : url.pathname === '/' || url.pathname === '/health'
          ? async () => send(res, 200, JSON.stringify({ ok: true, service: 'stripe-stand-in' }))
          : handleApi;
    handler(req, res, url).catch((err: unknown) => {
      if (err instanceof ApiError) {
        if (!res.headersSent) send(res, err.status, JSON.stringify({ error: err.body }));
        return;
      }
      log(`stripe stand-in error: ${err instanceof Error ? err.stack : String(err)}`);
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: { type: 'api_error', message: 'Internal error' } }));
      else res.end();
    });
  });
  server.keepAliveTimeout = 5000;

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`Stripe stand-in: port ${opts.port} is in use (is another stack running?)`)
          : err,
      ),
    );
    server.listen(opts.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;
  log(`stripe stand-in on ${baseUrl}, webhooks to ${webhookUrl}`);

  const handle: StripeServerHandle = {
    url: baseUrl,
    deliveryMode,
    setWebhookUrl(next: string) {
      webhookUrl = new URL(next).toString();
    },
    events: () => eventLog.slice(),
    idle: () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const c of inFlight) c.abort();
      pending = 0;
      settle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return handle;
}
