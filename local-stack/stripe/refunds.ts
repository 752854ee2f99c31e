// Charges (made by confirming a PaymentIntent) and refunds: full or partial, never above what is left of the
// charge. A refund sends `charge.refunded` (the charge, with its refunded amount) and `charge.refund.updated`, as
// Stripe does, so the shop also hears of refunds made in Stripe's dashboard.
import {
  checkKnown,
  invalid,
  integer,
  listOf,
  mergeMetadata,
  now,
  requireSecret,
  resourceMissing,
  str,
  stripeId,
  type Json,
  type Route,
} from './api';
import type { Webhooks } from './webhooks';

export interface Charge {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent: string;
  currency: string;
  status: 'succeeded' | 'failed';
  created: number;
  payment_method: string | null;
}

export type Charges = ReturnType<typeof createCharges>;

export function createCharges(webhooks: Webhooks) {
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Json>();

  function chargeObject(c: Charge): Json {
    return {
      id: c.id,
      object: 'charge',
      amount: c.amount,
      amount_captured: c.status === 'succeeded' ? c.amount : 0,
      amount_refunded: c.amount_refunded,
      captured: c.status === 'succeeded',
      created: c.created,
      currency: c.currency,
      livemode: false,
      metadata: {},
      paid: c.status === 'succeeded',
      payment_intent: c.payment_intent,
      payment_method: c.payment_method,
      refunded: c.status === 'succeeded' && c.amount_refunded >= c.amount,
      status: c.status,
    };
  }

  function getCharge(id: string): Charge {
    const c = charges.get(id);
    if (!c) throw resourceMissing('charge', id, 'id');
    return c;
  }

  /** A charge of a confirmation; only a succeeded one can be refunded. */
  function record(paymentIntent: string, amount: number, currency: string, status: Charge['status'], paymentMethod: string | null): Charge {
    const charge: Charge = { id: stripeId('ch'), amount, amount_refunded: 0, payment_intent: paymentIntent, currency, status, created: now(), payment_method: paymentMethod };
    charges.set(charge.id, charge);
    return charge;
  }

  function createRefund(
    params: Parameters<Route>[0]['params'],
    request: Parameters<Route>[0]['request'],
    chargeOfIntent: (paymentIntent: string) => Charge,
  ): Json {
    checkKnown(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
    const piId = str(params.payment_intent);
    const chargeId = str(params.charge);
    let c: Charge;
    if (piId) c = chargeOfIntent(piId);
    else if (chargeId) {
      const found = charges.get(chargeId);
      if (!found) throw invalid(`No such charge: '${chargeId}'`, { code: 'resource_missing', param: 'charge' });
      c = found;
    } else {
      throw invalid('One of the following params should be provided for this request: payment_intent or charge.');
    }
    if (c.status !== 'succeeded') {
      throw invalid(`Charge ${c.id} has no successful payment to refund.`, { code: 'charge_not_refundable' });
    }
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
    const reason = str(params.reason) ?? null;
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid(`Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, { param: 'reason' });
    }
    c.amount_refunded += amount;
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
    webhooks.emit('charge.refunded', chargeObject(c), c.payment_intent, request);
    webhooks.emit('charge.refund.updated', refund, c.payment_intent, request);
    return refund;
  }

  function route(chargeOfIntent: (paymentIntent: string) => Charge): Route {
    return ({ method, path, params, query, access, request }) => {
      let m: RegExpExecArray | null;
      if (method === 'POST' && path === '/v1/refunds') {
        requireSecret(access);
        return { status: 200, body: createRefund(params, request, chargeOfIntent) };
      }
      if (method === 'GET' && path === '/v1/refunds') {
        requireSecret(access);
        const charge = query.get('charge');
        const pi = query.get('payment_intent');
        const list = [...refunds.values()].filter(
          (r) => (!charge || r.charge === charge) && (!pi || r.payment_intent === pi),
        );
        return { status: 200, body: listOf(list, '/v1/refunds', query) };
      }
      if (method === 'GET' && (m = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
        requireSecret(access);
        const id = decodeURIComponent(m[1]!);
        const refund = refunds.get(id);
        if (!refund) throw resourceMissing('refund', id, 'id');
        return { status: 200, body: refund };
      }
      if (method === 'GET' && (m = /^\/v1\/charges\/([^/]+)$/.exec(path))) {
        requireSecret(access);
        return { status: 200, body: chargeObject(getCharge(decodeURIComponent(m[1]!))) };
      }
      return null;
    };
  }

  return { record, get: (id: string) => charges.get(id), route };
}
