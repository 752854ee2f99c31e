// GET /v1/account and GET /v1/webhook_endpoints: what a readiness check asks of Stripe. The stand-in has one
// account in test mode and one endpoint, the URL it delivers events to, subscribed to the events it sends.
import { requireSecret, type Route } from './api';

export const STAND_IN_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.refund.updated',
  'invoice.finalized',
  'invoice.sent',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.overdue',
  'invoice.voided',
  'invoice.marked_uncollectible',
];

export function accountRoute(webhookUrl: () => string, enabledEvents: string[] = STAND_IN_WEBHOOK_EVENTS): Route {
  return (call) => {
    if (call.method !== 'GET') return null;
    if (call.path === '/v1/account') {
      requireSecret(call.access);
      return {
        status: 200,
        body: { id: 'acct_standin', object: 'account', charges_enabled: true, country: 'US', default_currency: 'usd' },
      };
    }
    if (call.path === '/v1/webhook_endpoints') {
      requireSecret(call.access);
      const endpoint = {
        id: 'we_standin',
        object: 'webhook_endpoint',
        url: webhookUrl(),
        enabled_events: enabledEvents,
        status: 'enabled',
        livemode: false,
      };
      return { status: 200, body: { object: 'list', url: '/v1/webhook_endpoints', has_more: false, data: [endpoint] } };
    }
    return null;
  };
}
