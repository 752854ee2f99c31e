// PaymentIntents: create, retrieve (secret key, or publishable key + client secret), update, confirm with a test
// card or test PaymentMethod, cancel, and the 3-D Secure test step. Outcomes follow Stripe's test cards (cards.ts);
// each confirmation makes a charge and sends payment_intent.succeeded or payment_intent.payment_failed. One file on
// purpose: it is the PaymentIntent's state machine, and its steps read and change the same in-memory intents.
import {
  AUTHENTICATION_FAILED,
  TEST_PAYMENT_METHODS,
  cardBrand,
  cardOutcome,
  type CardDecline,
  type CardOutcome,
} from './cards';
import type { FormObject, FormValue } from './form';
import {
  checkKnown,
  docUrl,
  integer,
  invalid,
  mergeMetadata,
  missing,
  now,
  obj,
  requireSecret,
  resourceMissing,
  str,
  stripeId,
  type Access,
  type Json,
  type RequestInfo,
  type Route,
} from './api';
import type { Charge, Charges } from './refunds';
import type { Webhooks } from './webhooks';

export interface PaymentIntent extends Json {
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


const MUTABLE_STATUSES = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE_STATUSES = [...MUTABLE_STATUSES, 'requires_capture', 'processing'];

/** Fields a publishable key may read, as Stripe returns them to Stripe.js. */
const PUBLIC_FIELDS = [
  'id', 'object', 'allowed_payment_method_types', 'amount', 'amount_details', 'automatic_payment_methods',
  'canceled_at', 'cancellation_reason', 'capture_method', 'client_secret', 'confirmation_method', 'created',
  'currency', 'description', 'last_payment_error', 'livemode', 'next_action', 'payment_method',
  'payment_method_types', 'processing', 'receipt_email', 'setup_future_usage', 'shipping', 'status',
];


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


export type PaymentIntents = ReturnType<typeof createPaymentIntents>;

export function createPaymentIntents(webhooks: Webhooks, charges: Charges, baseUrl: () => string) {
  const intents = new Map<string, PaymentIntent>();
  const paymentMethods = new Map<string, PaymentMethod>();
  /** 3-D Secure intents waiting at the test authentication page: what happens after "Complete". */
  const pendingAuth = new Map<string, { then: 'succeed' | CardDecline; returnUrl: string | null }>();

  function emitFor(type: string, pi: PaymentIntent, request: Pick<RequestInfo, 'id' | 'idempotencyKey'>) {
    webhooks.emit(type, publicView(pi, 'secret'), pi.id, request, pi._apiVersion as string | undefined);
  }

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
    if (!pi) throw resourceMissing('payment_intent', id, 'intent');
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
      throw resourceMissing('PaymentMethod', id, 'payment_method', 400);
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
    const charge = charges.record(pi.id, amount, pi.currency, outcome === 'succeed' ? 'succeeded' : 'failed', pm.id);
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
    request: Pick<RequestInfo, 'id' | 'idempotencyKey'>,
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
      const url = `${baseUrl()}/__test/authenticate/${pi.id}?client_secret=${encodeURIComponent(pi.client_secret)}`;
      pi.next_action = returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url } }
        : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
      return { status: 200, body: pi };
    }
    const result = finish(pi, outcome.kind === 'decline' ? outcome : 'succeed', publicPm);
    emitFor(result.event, pi, request);
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
    emitFor(result.event, pi, { id: stripeId('req', 14), idempotencyKey: null });
    return { pi, returnUrl: waiting.returnUrl, succeeded: result.event === 'payment_intent.succeeded' };
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


  /** The charge a refund by `payment_intent` refunds: the intent's latest, once it has succeeded. */
  function chargeOfIntent(id: string): Charge {
    const pi = getIntent(id);
    const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
    if (pi.status !== 'succeeded' || !charge) {
      throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    }
    return charge;
  }

  const route: Route = ({ method, path, params, query, access, request }) => {
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
    return null;
  };

  return { route, authenticate, chargeOfIntent, find: (id: string) => intents.get(id) };
}
